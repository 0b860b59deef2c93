"""A player on the shared board (/p/<key>/), on their own small phone in
Polish: they find themselves by the entry number on their score card, without
JavaScript and at twice the text size, and see their place, total and table
at the top with their row marked; while they read further down, the board's
own refresh brings the next round's news without moving the page.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import SeatAssignment
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, zoomed
from tests.e2e.waits import handed_over, written
from tests.factories import ClubFactory, drive_with_players, play_round, varied_tricks

pytestmark = pytest.mark.e2e

WIDE = "() => document.documentElement.scrollWidth"


def polish_drive(players: int = 24):
    drive = drive_with_players(
        players=players, club=ClubFactory(language="pl"), hands=6
    )
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive, tricks=varied_tricks)
    return drive


def table_of(drive, number: int) -> int:
    return SeatAssignment.objects.get(
        round__drive=drive, round__number=drive.current_round, entry__number=number
    ).table.number


def polish_phone(browser, live_server, **options) -> Page:
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", **{"viewport": SMALL_PHONE} | options
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("percent", [150, 200])
def test_a_player_finds_themselves_without_javascript_in_large_type(
    browser, live_server, percent
):
    drive = polish_drive()
    page = polish_phone(
        browser, live_server, java_script_enabled=False, **zoomed(percent)
    )
    page.goto(f"/p/{drive.public_key}/")
    page.get_by_label("Twój numer startowy (jest na Twojej karcie wyników)").fill("17")
    page.get_by_role("button", name="Znajdź mnie").click()
    me = page.locator("#me")
    expect(me.get_by_role("heading")).to_contain_text("17")
    expect(me).to_contain_text(f"Runda 2: stolik {table_of(drive, 17)}, miejsce ")
    expect(me).to_contain_text("Ogółem: miejsce ")
    # The row on the board is one tap away, and marked.
    me.get_by_role("link", name="Ogółem: miejsce ").click()
    own = page.locator("#overall-own")
    expect(own).to_be_in_viewport()
    expect(own).to_contain_text("17")
    width = page.viewport_size["width"]
    assert page.evaluate(WIDE) <= width
    keep_screenshot(page, f"player-board-found-{percent}")


# Whether the page has scrolled to `to`, or as far as it goes.
SCROLLED = """(to) => window.scrollY >= Math.min(to,
    document.documentElement.scrollHeight - window.innerHeight) - 1"""


def test_the_board_keeps_the_players_place_while_it_refreshes(browser, live_server):
    drive = polish_drive(players=40)
    page = polish_phone(browser, live_server)
    page.clock.install()
    page.goto(f"/p/{drive.public_key}/?entry=33#me")
    me = page.locator("#me")
    expect(me).to_contain_text(f"Runda 2: stolik {table_of(drive, 33)}")
    # Reading their group's board, far down the page.
    page.locator("#group-a-own").scroll_into_view_if_needed()
    # The wheel's scroll lands a moment after the event (Playwright does not
    # wait for it; later still on a busy machine): read once it has.
    start = page.evaluate("window.scrollY")
    page.mouse.wheel(0, 200)
    handed_over(
        page,
        lambda: page.evaluate(SCROLLED, start + 200),
        "the wheel's scroll of 200 px",
    )
    before = page.evaluate("window.scrollY")
    assert before > 1500, before
    written(page, lambda: play_round(drive, tricks=varied_tricks))
    page.clock.run_for(31_000)
    expect(me).to_contain_text(f"Runda 3: stolik {table_of(drive, 33)}")
    expect(page.locator("#boards .note").first).to_contain_text("Po 2 z 6")
    assert abs(page.evaluate("window.scrollY") - before) < 2
    expect(page.locator("#group-a-own")).to_contain_text("33")
    keep_screenshot(page, "player-board-refreshed")


def test_the_results_printed_from_the_browser_keep_the_player_and_drop_the_forms(
    browser, live_server
):
    from tests.factories import play_drive

    drive = polish_drive(players=8)
    play_drive(drive, tricks=varied_tricks)
    page = polish_phone(browser, live_server)
    page.goto(f"/p/{drive.public_key}/results/?entry=3")
    expect(page.locator("#find-me")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator("#find-me")).to_be_hidden()
    expect(page.locator("p.tabs")).to_be_hidden()
    expect(page.locator("#me h2")).to_contain_text("3")
    expect(page.locator("#card-3 table")).to_be_visible()  # their card, open
    expect(page.locator("#overall-own")).to_be_visible()
