"""The money page on a 360 px phone without JavaScript: a payment typed with a
comma and a raffle line, and the totals they make, to the penny."""

from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from drive import money_services
from drive.models import Entry
from tests.e2e.conftest import keep_screenshot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import drive_with_players, olive


@pytest.mark.django_db(transaction=True)
def test_money_on_a_small_phone_without_javascript(small_phone_without_javascript):
    drive = drive_with_players(players=8, start=False)
    olive(drive.club)
    money_services.fee_set(drive=drive, fee="2.50")
    page = small_phone_without_javascript
    page.goto(f"/drives/{drive.pk}/money/")
    log_in(page)
    page.goto(f"/drives/{drive.pk}/money/")
    expect(page.locator("#money-expected")).to_contain_text("£20.00")
    assert_fits_phone(page)
    row = page.locator("#pay-form-1")
    row.locator("select[name=method]").select_option("card")
    row.locator("input[name=amount]").fill("2,75")
    row.get_by_role("button", name="Record payment").click()
    expect(page.locator("#pay-1")).to_contain_text("£2.75")
    expect(page.locator("#pay-1")).to_contain_text("Card")
    page.locator("#id_amount").fill("10.05")
    page.get_by_label("What for (raffle, teas, hall hire, prizes bought…)").fill(
        "Raffle"
    )
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#money-total_received")).to_contain_text("£12.80")
    expect(page.locator("#money-outstanding")).to_contain_text("£17.50")
    expect(page.locator("#money-net")).to_contain_text("£12.80")
    assert_fits_phone(page)
    keep_screenshot(page, "money-360")
    page.locator("#pay-form-2 input[name=amount]").fill("abc")
    page.locator("#pay-form-2").get_by_role("button", name="Record payment").click()
    expect(page.get_by_text("is not an amount of money").first).to_be_visible()
    assert_fits_phone(page)
    assert Entry.objects.get(drive=drive, number=1).paid_amount == Decimal("2.75")
    assert not Entry.objects.get(drive=drive, number=2).paid
