"""The Content-Security-Policy in a real browser: every page of the evening loads with
nothing blocked (no violation reported, no console error), htmx still boosts links
and polls, and the QR code images draw."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from scoring import services as scoring_services
from tests.e2e.conftest import drive_menu
from tests.e2e.csp_violations import WATCH_VIOLATIONS
from tests.e2e.sign_in import log_in
from tests.e2e.waits import scripts_ran
from tests.factories import ClubFactory, drive_with_players, olive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


@pytest.fixture
def watched(page: Page) -> Iterator[tuple[Page, list[str]]]:
    problems: list[str] = []
    page.add_init_script(WATCH_VIOLATIONS)
    page.on(
        "console",
        lambda message: (
            problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" or "Content Security Policy" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    yield page, problems


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__violations || []")


def test_the_evenings_pages_load_with_nothing_blocked(watched, live_server, db):
    page, problems = watched
    club = ClubFactory()
    club_user = olive(club)
    drive = drive_with_players(players=8, club=club, hands=4)
    drive.public_key = "shared-leaderboard-key-01"
    drive.save(update_fields=["public_key"])
    entry = drive.entries.first()
    scoring_services.adjustment_add(
        entry=entry, points=2, reason="Raffle", by=club_user
    )
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=9, by=club_user
    )

    log_in(page)
    expect(page.get_by_role("heading", name="Drives")).to_be_visible()

    pages = [
        f"/drives/{drive.pk}/",
        f"/drives/{drive.pk}/entries/",
        f"/drives/{drive.pk}/seating/",
        f"/drives/{drive.pk}/scores/",
        f"/drives/{drive.pk}/hands/",
        f"/drives/{drive.pk}/room/",
        f"/drives/{drive.pk}/links/",
        f"/drives/{drive.pk}/leaderboard/",
        f"/drives/{drive.pk}/adjustments/",
        f"/drives/{drive.pk}/audit/",
        f"/drives/{drive.pk}/projector/",
        "/players/",
    ]
    for path in pages:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        assert violations(page) == [], path
        if path.endswith("/links/"):
            widths = page.eval_on_selector_all(
                "img.qr", "images => images.map(image => image.naturalWidth)"
            )
            assert widths and all(width > 0 for width in widths)

    # htmx boosts a link under the policy: the page changes without a full load.
    page.goto(f"/drives/{drive.pk}/")
    page.evaluate("window.__boosted = true")
    drive_menu(page).get_by_role("link", name="Record of changes").click()
    expect(page.get_by_role("heading", name="Record of changes")).to_be_visible()
    assert page.evaluate("window.__boosted === true")
    assert violations(page) == []

    # A captain's phone and the shared leaderboard, with their scripts and polling.
    phone = page.context.browser.new_context(base_url=live_server.url)
    captain = phone.new_page()
    captain.add_init_script(WATCH_VIOLATIONS)
    captain.on(
        "console",
        lambda message: (
            problems.append(f"captain console: {message.text}")
            if message.type == "error"
            else None
        ),
    )
    # Each page's own poll, answered: its clock run on to its next ask (the
    # captain's every 5 s, the board's every 30 s), not a time waited for.
    captain.clock.install()
    table_page = f"/t/{drive.tables.get(number=2).captain_key}/"
    captain.goto(table_page)
    scripts_ran(captain, table_page)
    with captain.expect_response(lambda response: "/news/" in response.url):
        captain.clock.run_for(6_000)
    assert captain.evaluate("window.__violations") == []
    board = f"/p/{drive.public_key}/"
    captain.goto(board)
    scripts_ran(captain, board)
    with captain.expect_response(
        lambda response: (
            urlsplit(response.url).path == board
            and response.request.headers.get("hx-request") == "true"
        )
    ):
        captain.clock.run_for(31_000)
    assert captain.evaluate("window.__violations") == []
    phone.close()
    assert problems == []
