"""An organiser runs a whole two-table drive through the pages, on a phone."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from drive.models import Drive, Entry, SeatAssignment
from tests.e2e.club_players import PLAYERS
from tests.e2e.conftest import SMALL_PHONE, drive_menu, keep_screenshot, site_menu
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import ClubFactory, DriveFactory, olive

# N-S tricks typed for (round, table); 4 hands, one hand a round.
TRICKS = {
    (1, 1): 9,
    (1, 2): 4,
    (2, 1): 7,
    (2, 2): 6,
    (3, 1): 13,
    (3, 2): 0,
    (4, 1): 5,
    (4, 2): 8,
}


def odd_tricks(tricks: int) -> int:
    return tricks - 6 if tricks >= 7 else 0


def expected_totals(drive: Drive) -> dict[int, int]:
    """Each entry number's total, from the seatings in the database and the tricks typed."""
    totals: dict[int, int] = defaultdict(int)
    seats = SeatAssignment.objects.filter(round__drive=drive).select_related(
        "round", "table", "entry"
    )
    for seat in seats:
        assert seat.table is not None, "8 players fill 2 tables: nobody sits out"
        ns = TRICKS[(seat.round.number, seat.table.number)]
        won = ns if seat.position in ("N", "S") else 13 - ns
        totals[seat.entry.number] += odd_tricks(won)
    return dict(totals)


def enter_round(page: Page, round_number: int) -> None:
    expect(
        page.get_by_role("heading", name=f"Scores: round {round_number} of 4")
    ).to_be_visible()
    hand = round_number  # one hand a round
    for table in (1, 2):
        ns = TRICKS[(round_number, table)]
        page.get_by_label(f"Table {table} hand {hand} N-S tricks").fill(str(ns))
        # The page's small script shows East-West's share as it is typed.
        expect(page.locator(f"#ew-t{table}_h{hand}")).to_have_text(str(13 - ns))
    page.get_by_role("button", name="Save scores").click()


@pytest.mark.e2e
def test_organiser_runs_a_two_table_drive(page: Page, screenshot, tmp_path) -> None:
    # First visit to an empty site: the set-up page.
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/setup/$"))
    page.get_by_label("Club name").fill("Riverside Whist Club")
    page.get_by_label("Your user name").fill("olive")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create my club").click()
    expect(page.get_by_role("heading", name="Drives", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Riverside Whist Club")).to_be_visible()

    # A new drive of 4 hands, one hand a round.
    page.get_by_role("link", name="New drive").click()
    # The usual settings are filled in, in a form the browser's date picker reads.
    expect(page.get_by_label("Date")).to_have_value(re.compile(r"^\d{4}-\d{2}-\d{2}$"))
    # The trump sequence is a row of selects, one a position (issue 20).
    expect(page.get_by_label("Trump sequence")).to_have_value("H")
    for position, code in enumerate(["H", "D", "S", "C", "NT", ""]):
        expect(page.locator(f"#id_trump_sequence_{position}")).to_have_value(code)
    page.get_by_label("Name", exact=True).fill("Spring drive")
    page.get_by_label("Number of hands").fill("4")
    page.get_by_label("Hands per round").select_option("1")
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Spring drive")).to_be_visible()
    drive = Drive.objects.get(name="Spring drive")
    assert (drive.hands, drive.hands_per_round) == (4, 1)

    # Registration at the door: type a name, press Enter.
    page.get_by_role("button", name="Open registration").click()
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    name_field = page.get_by_label(re.compile(r"^Name"))
    for number, name in enumerate(PLAYERS, start=1):
        name_field.fill(name)
        name_field.press("Enter")
        expect(page.locator(f"#entry-{number}")).to_contain_text(name)
    expect(page.get_by_role("heading", name="Entries (8)")).to_be_visible()
    expect(page.locator("#headcount")).to_contain_text("2 tables")
    assert_fits_phone(page)
    screenshot("registration")

    page.get_by_role("button", name="Start the drive").click()
    # The button asks first; the question's own button starts.
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    expect(page.get_by_role("heading", name="Round 1 seating")).to_be_visible()
    for table in (1, 2):
        expect(
            page.get_by_role("region", name=f"Table {table}", exact=True)
        ).to_be_visible()
    assert_fits_phone(page)
    screenshot("seating")

    # Round 1 from the drive's navigation; then each save leads to the next seating.
    drive_menu(page).get_by_role("link", name="Enter scores", exact=True).click()
    assert_fits_phone(page)
    screenshot("scores")
    enter_round(page, 1)
    expect(page.get_by_role("heading", name="Round 2 seating")).to_be_visible()
    expect(page.locator("ul.messages")).to_contain_text("Round 1 is complete")

    # Log out and back in mid-drive: nothing is lost.
    site_menu(page).get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    page.goto(f"/drives/{drive.pk}/scores/")
    expect(page).to_have_url(re.compile(r"/login/"))
    log_in(page)  # and back to the page asked for

    for round_number in (2, 3):
        enter_round(page, round_number)
        expect(
            page.get_by_role("heading", name=f"Round {round_number + 1} seating")
        ).to_be_visible()
        page.get_by_role(
            "link", name=f"Enter scores for round {round_number + 1}"
        ).click()
    enter_round(page, 4)

    # The last hand ends the drive and shows the leaderboard.
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    expect(page.locator("ul.messages")).to_contain_text("the drive is over")
    drive.refresh_from_db()
    assert drive.state == "finished"
    overall = page.locator("#overall tbody tr")
    expect(overall).to_have_count(8)
    assert_fits_phone(page)
    screenshot("leaderboard")
    shown = {}
    for row in overall.all():
        cells = row.locator("td")
        shown[int(cells.nth(1).inner_text())] = int(
            row.locator("td.total").inner_text()
        )
    expected = expected_totals(drive)
    assert shown == expected
    assert sum(expected.values()) == sum(
        2 * (odd_tricks(ns) + odd_tricks(13 - ns)) for ns in TRICKS.values()
    )

    # The workbook from the drive's page.
    drive_menu(page).get_by_role("link", name="Overview").click()
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile(r"Workbook of every result")).click()
    download = download_info.value
    assert download.suggested_filename.endswith(".xlsx")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    sheet = load_workbook(path, read_only=True)["Results"]
    rows = list(sheet.iter_rows(values_only=True))
    assert len(rows) == 1 + 8
    totals_column = rows[0].index("Total")
    assert {row[1]: row[totals_column] for row in rows[1:]} == expected

    # A boosted link to the leaderboard gets the whole page, not the live-update fragment.
    drive_menu(page).get_by_role("link", name="Leaderboard").click()
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    expect(site_menu(page).get_by_role("button", name="Log out")).to_be_visible()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_check_in_payment_and_start_read_plainly(page: Page) -> None:
    drive = DriveFactory(state="open", hands=4)
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page)
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    start = page.get_by_role("button", name="Start the drive")
    still_needed = page.locator("p.note", has_text="to start the drive")

    # Nobody here yet: no Start button, and the page says what is missing.
    expect(start).to_have_count(0)
    expect(still_needed).to_have_text("Check in 4 more players to start the drive.")

    # Registered from the list before the evening: not here yet, not paid.
    name_field = page.get_by_label(re.compile(r"^Name"))
    for number, name in enumerate(PLAYERS[:4], start=1):
        name_field.fill(name)
        page.get_by_label("Here now").uncheck()
        name_field.press("Enter")
        row = page.locator(f"#entry-{number}")
        expect(row).to_contain_text(name)
        expect(row.get_by_role("button", name="Check in", exact=True)).to_be_visible()
        expect(row.get_by_role("button", name="Mark paid", exact=True)).to_be_visible()
        expect(row).not_to_contain_text("Checked in")
    expect(start).to_have_count(0)
    expect(still_needed).to_have_text("Check in 4 more players to start the drive.")

    # They arrive one by one; the count of who is still needed goes down.
    for number in (1, 2, 3):
        row = page.locator(f"#entry-{number}")
        row.get_by_role("button", name="Check in", exact=True).click()
        expect(row).to_contain_text("Checked in ✓")
        expect(
            row.get_by_role("button", name="Undo check-in", exact=True)
        ).to_be_visible()
        left = 4 - number
        expect(still_needed).to_have_text(
            f"Check in {left} more player{'s' if left > 1 else ''} to start the drive."
        )
        expect(start).to_have_count(0)
    fourth = page.locator("#entry-4")
    fourth.get_by_role("button", name="Check in", exact=True).click()
    expect(fourth).to_contain_text("Checked in ✓")
    expect(start).to_be_visible()
    expect(still_needed).to_have_count(0)

    # A mistaken check-in is undone, and the button goes again.
    fourth.get_by_role("button", name="Undo check-in", exact=True).click()
    expect(fourth.get_by_role("button", name="Check in", exact=True)).to_be_visible()
    expect(fourth).not_to_contain_text("Checked in")
    expect(start).to_have_count(0)
    expect(still_needed).to_have_text("Check in 1 more player to start the drive.")
    fourth.get_by_role("button", name="Check in", exact=True).click()

    # Paying at the door.
    first = page.locator("#entry-1")
    first.get_by_role("button", name="Mark paid", exact=True).click()
    expect(first).to_contain_text("Paid ✓")
    expect(first.get_by_role("button", name="Undo payment", exact=True)).to_be_visible()
    expect(first.get_by_role("button", name="Mark paid", exact=True)).to_have_count(0)
    assert Entry.objects.get(drive=drive, number=1).paid
    assert not Entry.objects.get(drive=drive, number=2).paid

    # Meanwhile at the other laptop everyone is checked out again: the page still
    # offers Start, and pressing it asks, says what is missing and offers no start.
    expect(start).to_be_visible()
    Entry.objects.filter(drive=drive).update(checked_in=False)
    start.click()
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    expect(still_needed).to_have_text("Check in 4 more players to start the drive.")
    expect(start).to_have_count(0)
    drive.refresh_from_db()
    assert drive.state == "open"

    # All four back in: "Not yet" leads back to the door, and the drive starts.
    Entry.objects.filter(drive=drive).update(checked_in=True)
    page.get_by_role("button", name="Not yet").click()
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    # The button asks first; the question's own button starts.
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    expect(page.get_by_role("heading", name="Round 1 seating")).to_be_visible()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_removing_a_player_asks_first(page: Page) -> None:
    """Remove sits beside Mark paid on a phone: a slip of the thumb is asked
    about, and nothing goes until the organiser says so."""
    drive = DriveFactory(state="open", hands=4)
    olive(drive.club)
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page)
    name_field = page.get_by_label(re.compile(r"^Name"))
    name_field.fill("Alice Archer")
    name_field.press("Enter")
    row = page.locator("#entry-1")
    expect(row).to_contain_text("Alice Archer")
    expect(row.get_by_role("button", name="Remove", exact=True)).to_be_visible()
    # On a phone every button of the row is on the screen, on one line of its
    # own (squeezed into the table's columns they stood four lines tall).
    for button in row.get_by_role("button").all():
        box = button.bounding_box()
        assert box and box["x"] + box["width"] <= page.viewport_size["width"], box
        assert box["height"] < 60, box
    keep_screenshot(page, "door-phone")
    # The question is asked in the row, in the page's own large type (a
    # browser's dialog is not zoomed); "No" keeps the entry.
    row.get_by_role("button", name="Remove", exact=True).click()
    expect(row).to_contain_text("Remove Alice Archer (number 1) from this drive?")
    row.get_by_role("link", name="No, keep them").click()
    expect(row.get_by_role("button", name="Remove", exact=True)).to_be_visible()
    expect(row).not_to_contain_text("from this drive?")
    assert Entry.objects.filter(drive=drive).count() == 1

    row.get_by_role("button", name="Remove", exact=True).click()
    yes = row.get_by_role("button", name="Yes, remove")
    expect(yes).to_be_in_viewport()
    keep_screenshot(page, "door-phone-remove-asked")
    yes.click()
    expect(row).to_contain_text("Alice Archer (number 1) is removed from this drive.")
    expect(row.get_by_role("button")).to_have_count(0)
    assert not Entry.objects.filter(drive=drive).exists()


def in_view(page: Page, selector: str) -> bool:
    return page.evaluate(
        """(selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight;
        }""",
        selector,
    )


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_turned_down_form_shows_what_is_wrong_where_the_eye_is(
    page: Page,
) -> None:
    """On a phone the roster's form is screens down the page: when the server
    turns it down, the page comes back scrolled to the message and the
    question it asks, not to its top."""
    from players.models import Player

    club = ClubFactory()
    olive(club)
    for n in range(30):
        Player.objects.create(club=club, name=f"Member {n:02d}")
    Player.objects.create(club=club, name="Sally Hart")
    page.goto("/players/")
    log_in(page)
    expect(page.get_by_role("heading", name="Add a player")).to_be_visible()
    name = page.locator("#id_name")
    name.fill("sally hart")
    name.press("Enter")
    message = page.get_by_text("The roster already has a player called sally hart.")
    expect(message).to_be_visible()
    expect(page.get_by_role("button", name="Add another sally hart")).to_be_visible()
    page.wait_for_function(
        """() => {
            const box = document.querySelector('#main .has-error').getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight / 2;
        }"""
    )
    assert in_view(page, "#main .has-error")
    page.get_by_role("button", name="Add another sally hart").click()
    expect(page.locator("ul.messages")).to_contain_text("sally hart is on the roster.")
    assert Player.objects.filter(club=club, name_key="sally hart").count() == 2
    # The list tells the two apart on a phone, where e-mail and phone are hidden.
    details = page.locator("#roster-list .narrow-only")
    expect(details).to_have_count(2)
    expect(details.first).to_be_visible()
    expect(details.first).to_contain_text("on the roster since")
    # On a laptop the columns say it, and the line under the name goes.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(details.first).to_be_hidden()
