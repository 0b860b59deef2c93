"""The organiser's room of a prediction whist drive on a phone (issue #18): a
table of five with its seats numbered in the order of play, each deal's
summary and each seat's points, and two phones' different deals settled with
one tap."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive.models import Table
from scoring import prediction_rules
from scoring.models import HandResult, ResultStatus
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, olive
from tests.predictions import play_deals, prediction_drive


@pytest.mark.e2e
def test_the_room_of_a_table_of_five_on_a_phone(page: Page, screenshot) -> None:
    club = ClubFactory()
    olive(club)
    drive = prediction_drive(club, players=9, games=2)
    played = play_deals(drive, tables=[1], hands=[1, 2])
    other = prediction_rules.drive_deal(2, (1, 2, 3, 0, 2), (1, 2, 3, 0, 4))
    HandResult.objects.create(
        table=Table.objects.get(drive=drive, number=1),
        hand=2,
        ns_tricks=0,
        predictions=prediction_rules.encode(other.predictions),
        tricks=prediction_rules.encode(other.tricks),
        version=2,
        status=ResultStatus.CONFLICT,
        source="phone",
    )
    page.goto(f"/drives/{drive.pk}/room/")
    log_in(page)
    expect(page.get_by_role("heading", name="Room: game 1 of 2")).to_be_visible()
    table = page.get_by_role("region", name="Table 1", exact=True)
    seats = table.get_by_role("list", name="Seats in the order of play")
    expect(seats.locator("li")).to_have_count(5)
    first = played[1, 1]
    expect(table).to_contain_text(
        prediction_rules.deal_words(first.predictions, first.tricks)
    )
    expect(table).to_contain_text("points " + ", ".join(map(str, first.points)))
    assert_fits_phone(page)
    screenshot("prediction-room")

    expect(page.get_by_text("Two results to settle at table 1")).to_be_visible()
    words = prediction_rules.deal_words(other.predictions, other.tricks)
    page.get_by_role("button", name=f"Use {words}").click()
    expect(page.locator("ul.messages")).to_contain_text(
        f"Table 1, deal 2 of game 1 (Diamonds): {words} stands."
    )
    expect(page.get_by_text("Two results to settle")).to_have_count(0)
    confirmed = HandResult.objects.get(
        table__drive=drive, table__number=1, hand=2, status=ResultStatus.CONFIRMED
    )
    assert (confirmed.predictions, confirmed.tricks) == ("1,2,3,0,2", "1,2,3,0,4")
