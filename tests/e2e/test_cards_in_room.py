"""The room of an evening whose cards come in at the end, in Polish on a 360 px
phone: under the room, the desk's button is "Zbieranie kart" (Cards in), not
the paper slips such a drive never types, and the row of buttons stays on the
screen; the slips page, opened by its address, says where to go instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.captain_phone import shoot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = pytest.mark.e2e


def test_the_room_of_an_evening_of_cards_in_offers_cards_in_in_polish(phone) -> None:
    club = ClubFactory(name="Klub Wista przy Domu Kultury", language="pl")
    olive(club)
    drive = drive_with_players(players=8, hands=4, club=club, score_entry="cards")
    small = phone()  # 360 px wide
    small.goto(f"/drives/{drive.pk}/room/")
    log_in(small)

    actions = small.locator("p.actions")
    desk = actions.get_by_role("link", name="Zbieranie kart", exact=True)
    expect(desk).to_be_visible()
    expect(desk).to_have_attribute("href", f"/drives/{drive.pk}/cards-in/")
    expect(actions.get_by_role("link", name=re.compile("protok", re.I))).to_have_count(
        0
    )
    # No captain links on such an evening: the button says what its page holds.
    shared = actions.get_by_role(
        "link", name="Link do tabeli wyników i kod QR", exact=True
    )
    expect(shared).to_be_visible()
    expect(shared).to_have_attribute("href", f"/drives/{drive.pk}/links/")
    width = small.viewport_size["width"]
    for box in actions.get_by_role("link").evaluate_all(
        "links => links.map(a => a.getBoundingClientRect().toJSON())"
    ):
        assert box["left"] >= 0 and box["right"] <= width, box
    assert_fits_phone(small)
    shoot(small, "room-cards-in-pl-360")

    small.goto(f"/drives/{drive.pk}/slips/")
    note = small.locator("p.cards-in-note")
    expect(note).to_contain_text("nie ma tu nic do wpisania ani do sprawdzenia")
    expect(small.locator("input[name=table]")).to_have_count(0)
    note.get_by_role("link", name="Zbieraniu kart").click()
    expect(small).to_have_url(re.compile(rf"/drives/{drive.pk}/cards-in/$"))
    expect(small.get_by_role("heading", name="Zbieranie kart")).to_be_visible()
    assert_fits_phone(small)
