"""The drive's prize list on a small phone: each prize row stacks its
controls (prize, who, number, name) under one another with their words, so
the page does not scroll sideways and the prize's select shows its long
names ("Больше всего точно выполненных заказов") whole or nearly so."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, slow_cpu
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("language", "code"), [("Русский", "ru"), ("Polski", "pl")])
def test_the_prize_rows_stack_on_a_small_phone(page: Page, language, code) -> None:
    club = ClubFactory()
    olive(club)
    drive = drive_with_players(players=16, club=club, start=False)
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/drives/{drive.pk}/prizes/edit/")
    log_in(page)
    # A slow phone's CPU: Chromium once left the rows undrawn on one, and on
    # CI's busy machine (a row's control without a box, in Russian).
    slow_cpu(page)
    page.get_by_role("button", name=language).click()
    # Measured once the page has come back in that language.
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.locator(".prize-rows tbody tr").first).to_be_visible()
    keep_screenshot(page, f"prize-rows-{language}")
    assert_fits_phone(page)
    # Every control of a row is on the screen, none cut by the table's box.
    row = page.locator(".prize-rows tbody tr").first
    for control in row.locator("select, input").all():
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], box
    # The prize's select runs across the row, as wide as the name below it
    # (in the table it was a column of five, cut at the box's edge).
    kind = row.locator("td.kind select").bounding_box()
    name = row.locator("td.name input").bounding_box()
    assert abs(kind["x"] + kind["width"] - (name["x"] + name["width"])) <= 1
    assert kind["width"] >= 0.7 * SMALL_PHONE["width"], kind
    # Each control under its column's word.
    words = {"Русский": "Для кого", "Polski": "Dla kogo"}
    expect(row.locator("td.who")).to_be_visible()
    who = row.locator("td.who").evaluate(
        "td => getComputedStyle(td, '::before').content"
    )
    assert words[language] in who, who
