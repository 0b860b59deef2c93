"""Pages on a small phone: every control of the captain's page finger-sized, and
the captain's page, the public board, the room and the organiser's pages at
twice the text size without scrolling sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from drive.models import Table
from scoring import captain as captain_services
from scoring import services as scoring_services
from tests.e2e.captain_phone import (
    FINGER_PX,
    assert_finger_sized,
    choose,
    phone_viewport,  # noqa: F401 (a fixture: this module's phones are PHONE-sized)
    shoot,
    two_table_drive,
)
from tests.e2e.conftest import SMALL_PHONE, link, zoomed
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


def test_every_control_on_the_captains_page_is_finger_sized_on_a_small_phone(
    phone,
) -> None:
    drive = two_table_drive(opponent_confirms=True)
    drive.public_key = "shared-leaderboard-key-02"
    drive.save(update_fields=["public_key"])
    # Made before any page is open: while a drive is made, SQLite's shared test
    # database refuses the captain's page's asks the tables it writes.
    total = drive_with_players(players=8, club=drive.club, scoring_rule="total")
    odd = drive_with_players(players=8, club=drive.club)
    page = phone(viewport=SMALL_PHONE)
    page.goto(link(drive, 1))
    assert_finger_sized(page, "who won", at_least=2)
    page.get_by_role("button", name=re.compile("^N-S")).click()
    expect(page.get_by_role("link", name="Back")).to_be_visible()
    assert_finger_sized(page, "odd tricks", at_least=8)
    shoot(page, "captain-odd-tricks-360")
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.get_by_role("heading", name="Check hand 1")).to_be_visible()
    assert_finger_sized(page, "check", at_least=2)

    # Offline: the queue's own button.
    page.context.set_offline(True)
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("button", name="Try again now")).to_be_visible()
    assert_finger_sized(page, "not sent yet", at_least=1)
    page.context.set_offline(False)

    # The opponent's check, then waiting for the room, the moves and the end.
    expect(page.get_by_role("button", name="Yes, that is right")).to_be_visible()
    # The opponent sees what they are confirming.
    expect(page.locator("table.check")).to_be_visible()
    expect(page.locator('table.check [data-slot="ns-tricks"]')).to_have_text("9")
    assert_finger_sized(page, "opponent confirms", at_least=2)
    page.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert_finger_sized(page, "waiting", at_least=0)
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 5)
    other.get_by_role("button", name="Send").click()
    other.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".moves")).to_contain_text("Moves after round 1")
    assert_finger_sized(page, "moves", at_least=2)
    for table in (1, 2):
        written(
            page,
            lambda table=table: scoring_services.hand_result_submit(
                drive=drive, table=table, hand=2, ns_tricks=7
            ),
        )
    # A fresh phone: the old page's own news may reload it as the drive ends,
    # which would abort a navigation started on it at that moment.
    page = phone()
    page.goto(link(drive, 1))
    expect(page.get_by_role("link", name="See the results")).to_be_visible()
    assert_finger_sized(page, "finished", at_least=1)

    # Total tricks, and the steps as a phone without JavaScript gets them.
    page.goto(link(total, 1))
    assert_finger_sized(page, "total tricks", at_least=14)
    plain = phone(viewport=SMALL_PHONE, java_script_enabled=False)
    for query in ("", "?hand=1&won=EW", "?hand=1&won=EW&odd=2"):
        plain.goto(link(odd, 1) + query)
        assert_finger_sized(plain, f"without JavaScript {query}", at_least=2)


def test_the_captains_page_fits_a_phone_at_twice_the_text_size(phone) -> None:
    """200 % zoom on a 360 px phone is a page 180 CSS pixels wide: the hand and
    its trumps wrap, long names break, and the page does not scroll sideways."""
    drive = two_table_drive()
    page = phone(**zoomed(200))
    page.goto(link(drive, 2))
    expect(page.locator(".hand-no")).to_contain_text("Hand 1")
    assert_fits_phone(page)
    choose(page, 9)
    assert_fits_phone(page)
    page.get_by_text("Revoke?").click()  # the rare step, folded under the check
    expect(page.get_by_role("button", name="E-W revoked")).to_be_visible()
    assert_fits_phone(page)
    shoot(page, "captain-check-zoom")


@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_public_board_fits_a_phone_at_twice_the_text_size(phone, language) -> None:
    """A player's phone at 200 % zoom (180 CSS pixels) reads the shared board
    without the page scrolling sideways, and every standings table fits its
    box: the headings ("Imię i nazwisko") pushed the totals' column half out
    of it, so a 15 read as "1"."""
    drive = drive_with_players(players=8, club=ClubFactory(language=language), hands=2)
    scoring_services.hand_results_submit(
        drive=drive,
        entries=[
            scoring_services.ResultEntry(table=table, hand=1, ns_tricks=7 + table)
            for table in (1, 2)
        ],
        by=None,
    )
    drive.public_key = "shared-leaderboard-key-04"
    drive.save(update_fields=["public_key"])
    page = phone(**zoomed(200))
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("table.standings").first).to_be_visible()
    assert_fits_phone(page)
    boxes = page.locator(".scroll-x:has(table.standings)")
    assert boxes.count() >= 1
    wide = boxes.evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1)"
        ".map(b => [b.scrollWidth, b.clientWidth])"
    )
    assert wide == []
    # The boards' tabs are finger-sized (26 px tall before).
    tabs = page.locator(".tabs a").evaluate_all(
        "as => as.map(a => a.getBoundingClientRect().height)"
    )
    assert len(tabs) >= 2 and min(tabs) >= FINGER_PX, tabs
    shoot(page, f"public-board-zoom-{language}")


def test_the_room_fits_a_phone_at_twice_the_text_size(phone) -> None:
    """The organiser's room on a 360 px phone at 200 % zoom (180 CSS pixels),
    with two results to settle and the round times opened: the table cards
    narrow to the screen, and the page does not scroll sideways (313 px before)."""
    drive = two_table_drive()
    for key, tricks in (("a" * 22, 7), ("b" * 22, 9)):
        captain_services.captain_result_submit(
            table=Table.objects.get(drive=drive, number=1),
            hand=1,
            ns_tricks=tricks,
            idempotency_key=key,
        )
    page = phone(**zoomed(200))
    page.goto(f"/drives/{drive.pk}/room/")
    log_in(page)
    expect(page.get_by_text("Two results to settle at table 1")).to_be_visible()
    expect(page.locator("#room-table-2")).to_be_visible()
    assert_fits_phone(page)
    page.locator("details.round-times summary").click()
    expect(page.locator("details.round-times table")).to_be_visible()
    assert_fits_phone(page)
    shoot(page, "room-zoom")


@pytest.mark.parametrize("language", ("pl", "ru"))
def test_the_organisers_pages_fit_a_phone_at_twice_the_text_size(
    phone, language
) -> None:
    """At 200 % zoom (180 CSS pixels) in Polish and Russian: the door's
    unbalanced groups ("Niezrównoważone:"), its Register button
    ("Зарегистрировать"), a prediction table's points and a rubber table's
    games in the room all stay inside the screen."""
    from tests.factories import rubber_drive
    from tests.predictions import play_deals, prediction_drive

    club = ClubFactory(language=language)
    olive(club)
    door = drive_with_players(players=9, club=club, start=False, hands=4)
    wist = prediction_drive(club, players=9, games=2)
    play_deals(wist, tables=[1], hands=[1, 2])
    rubbers = rubber_drive(club)
    page = phone(**zoomed(200))
    log_in(page)
    too_wide = {}
    for name, url in (
        ("door", f"/drives/{door.pk}/entries/"),
        ("prediction room", f"/drives/{wist.pk}/room/"),
        ("rubber room", f"/drives/{rubbers.pk}/room/"),
    ):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 180:
            too_wide[name] = (
                width,
                # What sticks out, for the failure's message.
                page.evaluate(
                    "[...document.querySelectorAll('main *')]"
                    ".filter(e => e.getBoundingClientRect().right > 181 && !e.children.length)"
                    ".slice(0, 4).map(e => e.tagName + ': ' + e.innerText.slice(0, 30))"
                ),
            )
    assert too_wide == {}


def test_a_long_name_leaves_the_public_boards_totals_on_a_small_phone(phone) -> None:
    """One long name on a 360 px phone: the name breaks, and every total of
    the shared board stays on the screen (it was pushed to the edge, clipped)."""
    drive = two_table_drive()
    entry = drive.entries.get(number=1)
    entry.player.name = "Gwendolyn Featherstonehaugh-Smythe-Cholmondeley"
    entry.player.save()
    drive.public_key = "shared-leaderboard-key-04"
    drive.save(update_fields=["public_key"])
    page = phone(viewport=SMALL_PHONE)
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("table.standings").first).to_be_visible()
    assert_fits_phone(page)
    width = page.viewport_size["width"]
    totals = page.locator("table.standings td.total")
    assert totals.count() >= 8
    for i in range(totals.count()):
        box = totals.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, box
