"""The season's takings on a 360 px phone without JavaScript, reached by links
from the seasons page and the league table: each drive's net and the season's,
to the penny, every figure on the screen without scrolling sideways."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from drive import money_services
from drive.models import Entry
from league.models import Season
from tests.e2e.conftest import keep_screenshot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import drive_with_players, olive


@pytest.mark.django_db(transaction=True)
def test_season_takings_on_a_small_phone_without_javascript(
    small_phone_without_javascript,
):
    drive = drive_with_players(
        players=8, start=False, date=datetime.date(2026, 3, 6), name="Spring drive"
    )
    club = drive.club
    olive(club, role="assistant")
    Season.objects.create(
        club=club,
        name="Season 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    money_services.fee_set(drive=drive, fee="2.50")
    for entry in Entry.objects.filter(drive=drive, number__lte=3):
        money_services.entry_pay(entry=entry, method="cash")
    money_services.money_line_add(
        drive=drive, kind="income", amount="1234.56", note="Raffle"
    )
    money_services.money_line_add(
        drive=drive, kind="cost", amount="1999.99", note="Hall hire"
    )
    page = small_phone_without_javascript
    page.goto("/seasons/")
    log_in(page)
    page.goto("/seasons/")
    row = page.get_by_role("row").filter(has_text="Season 2026")
    expect(row.get_by_role("link", name="Takings")).to_be_visible()
    row.get_by_role("link", name="Season 2026").click()
    page.get_by_role("link", name="Takings").click()
    expect(page.get_by_role("heading", name="Takings: Season 2026")).to_be_visible()
    expect(page.locator(f"#takings-{drive.pk}")).to_contain_text("-£757.93")
    expect(page.locator("#takings-total")).to_contain_text("£1,242.06")
    assert_fits_phone(page)
    # Every column is on the screen: the table needs no sideways scroll either.
    box = page.locator(".scroll-x").first
    overflow = box.evaluate("b => b.scrollWidth - b.clientWidth")
    assert overflow <= 0, f"the takings table is {overflow}px too wide"
    keep_screenshot(page, "takings-360")
    page.get_by_role("link", name="Attendance").click()
    page.get_by_role("link", name="Takings").click()
    expect(page.locator("#takings-total")).to_contain_text("-£757.93")
