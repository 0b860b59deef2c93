"""A player who cannot move is marked at the door as staying at table 2, and
the seating pages show them at table 2 in rounds 1 to 3 of a progressive drive,
on a phone, in English and in Polish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive, Entry
from tests.e2e.conftest import keep_screenshot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import DriveFactory, olive

NAMES = [f"Player {letter}" for letter in "ABCDEFGHIJKL"]
STAYER = "Wanda Wheelchair"


def enter_round(page: Page, round_number: int) -> None:
    expect(
        page.get_by_role("heading", name=re.compile(rf"round {round_number}"))
    ).to_be_visible()
    for table in (1, 2, 3):
        page.get_by_label(f"Table {table} hand {round_number} N-S tricks").fill(
            str(3 + 3 * table)
        )
    page.get_by_role("button", name="Save scores").click()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_staying_player_keeps_table_2_all_evening(page: Page) -> None:
    drive = DriveFactory(state="open", hands=3, format="progressive")
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page)
    name_field = page.get_by_label(re.compile(r"^Name"))
    for number, name in enumerate(NAMES[:5], start=1):
        name_field.fill(name)
        name_field.press("Enter")
        expect(page.locator(f"#entry-{number}")).to_contain_text(name)
    # At the door: the sixth cannot move, and sits at table 2.
    name_field.fill(STAYER)
    page.get_by_label("Stays at one table (cannot move)").check()
    page.get_by_label(re.compile(r"^Table \(optional")).fill("2")
    page.get_by_role("button", name="Register").click()
    row = page.locator("#entry-6")
    expect(row).to_contain_text(STAYER)
    expect(row).to_contain_text("stays at table 2")
    for number, name in enumerate(NAMES[5:11], start=7):
        name_field.fill(name)
        name_field.press("Enter")
        expect(page.locator(f"#entry-{number}")).to_contain_text(name)
    assert_fits_phone(page)
    keep_screenshot(page, "stays-registration")

    page.get_by_role("button", name="Start the drive").click()
    # The button asks first; the question's own button starts.
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    for round_number in (1, 2, 3):
        expect(
            page.get_by_role("heading", name=f"Round {round_number} seating")
        ).to_be_visible()
        expect(page.get_by_role("region", name="Table 2", exact=True)).to_contain_text(
            STAYER
        )
        for other in (1, 3):
            expect(
                page.get_by_role("region", name=f"Table {other}", exact=True)
            ).not_to_contain_text(STAYER)
        assert_fits_phone(page)
        keep_screenshot(page, f"stays-round-{round_number}")
        if round_number < 3:
            page.get_by_role(
                "link", name=f"Enter scores for round {round_number}"
            ).click()
            enter_round(page, round_number)

    # Round 1 again, picked from the seating page's list.
    page.get_by_label("Round").select_option("1")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_role("heading", name="Round 1 seating")).to_be_visible()
    expect(page.get_by_role("region", name="Table 2", exact=True)).to_contain_text(
        STAYER
    )
    stayer = Entry.objects.get(drive=drive, player__name=STAYER)
    assert stayer.stays_table == 2
    assert Drive.objects.get(pk=drive.pk).current_round == 3
