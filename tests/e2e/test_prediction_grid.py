"""A prediction whist deal typed into the organiser's score grid on a phone
(issue #18): the barred last prediction refused with its reason, the typing
kept, then the deal saved with each player's points."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import HandResult, ResultStatus
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import olive
from tests.scoring.prediction_grid import five_and_four, seated


def fill(page: Page, numbers: list[int], hand: int, predictions, tricks) -> None:
    for seat, (number, predicted, taken) in enumerate(
        zip(numbers, predictions, tricks, strict=True), 1
    ):
        who = f"Table 1, deal {hand} of game 1, seat {seat} (No. {number})"
        page.get_by_label(f"{who}: prediction").fill(str(predicted))
        page.get_by_label(f"{who}: tricks").fill(str(taken))


@pytest.mark.e2e
def test_a_deal_at_a_table_of_five_typed_on_a_phone(page, screenshot):
    drive = five_and_four(club=None)
    olive(drive.club)
    numbers = [drive.entries.get(pk=entry).number for entry in seated(drive, table=1)]
    page.goto(f"/drives/{drive.pk}/scores/")
    log_in(page)
    expect(page.get_by_role("heading", name="Scores: game 1 of 1")).to_be_visible()
    # Hand 3: seat 3 deals and predicts last; 4 + 1 + 2 + 2 = 9, so not 1.
    fill(page, numbers, 3, [2, 2, 1, 4, 1], [3, 2, 0, 5, 0])
    page.get_by_role("button", name="Save scores").click()
    expect(page.locator("ul.messages")).to_contain_text("nothing was saved")
    expect(page.locator(".errors")).to_contain_text(
        "Table 1, deal 3 of game 1 (Clubs): Not 1: the predictions would add up to 10"
    )
    who = f"Table 1, deal 3 of game 1, seat 3 (No. {numbers[2]})"
    expect(page.get_by_label(f"{who}: prediction")).to_have_value("1")
    expect(page.get_by_label(f"{who}: tricks")).to_have_value("0")
    assert not HandResult.objects.exists()
    assert_fits_phone(page)
    screenshot("prediction-grid-refused")
    # Wist typed as W.
    page.get_by_label(f"{who}: prediction").fill("W")
    page.get_by_role("button", name="Save scores").click()
    expect(page.locator("ul.messages")).to_contain_text(
        "Saved 1 result: table 1, deal 3 of game 1."
    )
    expect(page.get_by_text("20 points")).to_be_visible()
    expect(page.get_by_label(f"{who}: prediction")).to_have_value("0")
    assert_fits_phone(page)
    screenshot("prediction-grid-saved")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot("prediction-grid-laptop")
    assert list(
        HandResult.objects.values_list("hand", "predictions", "tricks", "status")
    ) == [(3, "2,2,0,4,1", "3,2,0,5,0", ResultStatus.CONFIRMED)]
