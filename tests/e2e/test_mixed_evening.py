"""A mixed evening: some tables score on the captain's phone, the others on their
paper travel slips, which the desk types with the keyboard alone; the room
shows which tables are in by phone, on paper or not yet, and the leaderboard
at the end is right."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive, DriveState, SeatAssignment, Table
from scoring.models import HandResult
from tests.e2e.conftest import PHONE, TIMEOUT_MS, keep_screenshot, site_menu
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

# N-S tricks for (round, table); three tables, three hands, one hand a round.
TRICKS = {
    (1, 1): 9,
    (1, 2): 4,
    (1, 3): 7,
    (2, 1): 6,
    (2, 2): 13,
    (2, 3): 8,
    (3, 1): 0,
    (3, 2): 10,
    (3, 3): 5,
}
# The tables whose captain sends the result by phone, each round; the desk
# types the others' slips.
BY_PHONE = {1: (1,), 2: (2,), 3: (1, 3)}
TABLES = (1, 2, 3)


def odd_tricks(tricks: int) -> int:
    return tricks - 6 if tricks >= 7 else 0


def expected_totals(drive: Drive) -> dict[int, int]:
    """Each entry number's total, from the seatings and the tricks sent."""
    totals: dict[int, int] = defaultdict(int)
    for seat in SeatAssignment.objects.filter(round__drive=drive).select_related(
        "round", "table", "entry"
    ):
        assert seat.table is not None, "12 players fill 3 tables"
        ns = TRICKS[(seat.round.number, seat.table.number)]
        won = ns if seat.position in ("N", "S") else 13 - ns
        totals[seat.entry.number] += odd_tricks(won)
    return dict(totals)


WAITING = (".captain-big", "Waiting for")


def phone_sends(
    browser,
    live_server,
    drive: Drive,
    table: int,
    ns: int,
    then: tuple[str, str] = WAITING,
) -> None:
    """A captain opens the table's link on a phone of their own and sends;
    `then`: where the phone says what it is told next (a selector, words)."""
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, locale="en-GB"
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"/t/{Table.objects.get(drive=drive, number=table).captain_key}/")
        side, tricks = ("N-S", ns) if ns >= 7 else ("E-W", 13 - ns)
        page.get_by_role("button", name=re.compile(f"^{side}")).click()
        page.get_by_role("button", name=str(tricks - 6), exact=True).click()
        expect(page.locator("table.check")).to_be_visible()
        page.get_by_role("button", name="Send").click()
        expect(page.locator(then[0]).first).to_contain_text(then[1])
    finally:
        context.close()


def ways(page: Page) -> dict[int, str]:
    return {
        table: page.locator(f"#room-table-{table} .way").inner_text()
        for table in TABLES
    }


def desk_types(page: Page, table: int, hand: int, ns: int, offered: int) -> None:
    """The desk types one slip with the keyboard: the table number (over the
    one offered, which is selected), Tab, the tricks, Enter."""
    table_field = page.locator("#id_table")
    expect(table_field).to_be_focused()
    # htmx has taken the form (after a page load it may not have yet): Enter
    # sends it by htmx, not as a plain POST whose answer is a flashed message.
    page.wait_for_function(
        "() => { const f = document.querySelector('form.slip-form');"
        " return !!(f && f['htmx-internal-data'] && f['htmx-internal-data'].initHash); }"
    )
    expect(table_field).to_have_value(str(offered))
    page.keyboard.type(str(table))
    expect(table_field).to_have_value(str(table))
    page.keyboard.press("Tab")
    expect(page.locator(f"#id_tricks_{hand}")).to_be_focused()
    page.keyboard.type(str(ns))
    page.keyboard.press("Enter")
    expect(page.locator(".slip-said")).to_contain_text(
        f"Table {table}, hand {hand} saved: N-S {ns}, E-W {13 - ns}."
    )


def test_a_mixed_evening_of_phones_and_paper_slips(browser, live_server) -> None:
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    drive = drive_with_players(players=12, club=club, hands=3)
    page = _organiser(browser, live_server)

    for round_number in (1, 2, 3):
        hand = round_number
        for table in BY_PHONE[round_number]:
            phone_sends(browser, live_server, drive, table, TRICKS[round_number, table])
        # The desk reaches the slips from the room.
        page.goto(f"/drives/{drive.pk}/room/")
        expected = {
            t: "by phone" if t in BY_PHONE[round_number] else "no result yet"
            for t in TABLES
        }
        expect(page.locator("#room-table-3 .way")).to_have_text(expected[3])
        assert ways(page) == expected
        page.get_by_role("link", name="Type paper slips").click()
        expect(page.get_by_role("heading", name="Paper slips")).to_be_visible()

        on_paper = [t for t in TABLES if t not in BY_PHONE[round_number]]
        # The pile is typed from the last table down: each time the page offers
        # the next table missing, and the desk types over it.
        missing, last = list(on_paper), None
        for table in reversed(on_paper):
            offered = _next_after(missing, last)
            desk_types(page, table, hand, TRICKS[round_number, table], offered)
            missing.remove(table)
            last = table
            if missing and round_number == 1:
                keep_screenshot(page, "slips")
                # Mid-round: the room shows each table's way in.
                page.goto(f"/drives/{drive.pk}/room/")
                expected[table] = "on paper"
                assert ways(page) == expected
                page.goto(f"/drives/{drive.pk}/slips/")
                last = None
        said = page.locator(".slip-said")
        if round_number < 3:
            expect(said).to_contain_text(
                f"Round {round_number} is complete; round {round_number + 1} "
                "has started."
            )
        else:
            expect(said).to_contain_text("The last hand is in: the drive is over.")

    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    for (round_number, table), ns in TRICKS.items():
        result = HandResult.objects.get(
            table__drive=drive, table__number=table, hand=round_number
        )
        assert result.ns_tricks == ns
        assert (result.source == "paper slip") == (table not in BY_PHONE[round_number])

    page.goto(f"/drives/{drive.pk}/leaderboard/")
    overall = page.locator("#overall tbody tr")
    expect(overall).to_have_count(12)
    shown = {
        int(row.locator("td").nth(1).inner_text()): int(
            row.locator("td.total").inner_text()
        )
        for row in overall.all()
    }
    assert shown == expected_totals(drive)
    keep_screenshot(page, "mixed-evening-leaderboard")
    page.context.close()


def _next_after(missing: list[int], after: int | None) -> int:
    later = [t for t in sorted(missing) if after is not None and t > after]
    return later[0] if later else min(missing)


def test_a_phone_only_evening_ends_with_the_right_leaderboard(
    browser, live_server
) -> None:
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    drive = drive_with_players(players=12, club=club, hands=3)
    page = _organiser(browser, live_server)
    for round_number in (1, 2, 3):
        for table in TABLES:
            if round_number == 3 and table == TABLES[-1]:
                page.goto(f"/drives/{drive.pk}/room/")
                assert ways(page) == {1: "by phone", 2: "by phone", 3: "no result yet"}
            then = WAITING
            if table == TABLES[-1]:
                then = (
                    ("body", "The drive is over")
                    if round_number == 3
                    else (".moves", f"Moves after round {round_number}")
                )
            phone_sends(
                browser, live_server, drive, table, TRICKS[round_number, table], then
            )
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert not HandResult.objects.filter(
        table__drive=drive, source="paper slip"
    ).exists()
    assert _leaderboard(page, drive) == expected_totals(drive)


def test_the_desk_works_without_javascript_on_a_small_phone(
    small_phone_without_javascript,
) -> None:
    page = small_phone_without_javascript
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    drive = drive_with_players(players=12, club=club, hands=3)
    _log_in(page)
    page.goto(f"/drives/{drive.pk}/slips/")
    expect(page.get_by_label("Table", exact=True)).to_have_value("1")
    page.get_by_label("Hand 1 (Hearts): N-S tricks").fill("9")
    page.get_by_label("Hand 1 (Hearts): N-S tricks").press("Enter")
    expect(page.locator("ul.messages")).to_contain_text(
        "Table 1, hand 1 saved: N-S 9, E-W 4."
    )
    expect(page.get_by_label("Table", exact=True)).to_have_value("2")
    # A slip with tricks out of range: said at its field, nothing saved.
    page.get_by_label("Hand 1 (Hearts): N-S tricks").fill("14")
    page.get_by_role("button", name="Save the slip").click()
    expect(page.get_by_text("Tricks are from 0 to 13.")).to_be_visible()
    assert HandResult.objects.filter(table__drive=drive).count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"
    keep_screenshot(page, "slips-small-phone")


def _log_in(page: Page) -> None:
    log_in(page)
    expect(site_menu(page).get_by_role("button", name="Log out")).to_be_visible()


def _organiser(browser, live_server) -> Page:
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 1024, "height": 900},
        locale="en-GB",
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    _log_in(page)
    return page


def _leaderboard(page: Page, drive: Drive) -> dict[int, int]:
    page.goto(f"/drives/{drive.pk}/leaderboard/")
    overall = page.locator("#overall tbody tr")
    expect(overall).to_have_count(12)
    return {
        int(row.locator("td").nth(1).inner_text()): int(
            row.locator("td.total").inner_text()
        )
        for row in overall.all()
    }
