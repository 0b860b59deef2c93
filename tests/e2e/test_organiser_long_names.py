"""A long double-barrelled name ("Константинопольская-Воскресенская
Александра") on the organiser's pages: the roster on a 360 px phone does not
scroll sideways (the name is the row's link, so the phone drops the second
"Edit" link), and the room's table card keeps the name beside its seat and
entry number instead of dropping it onto a line of its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from players.models import Player
from tests.e2e.conftest import SMALL_PHONE
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    olive,
)
from tests.predictions import prediction_drive

pytestmark = pytest.mark.e2e

LONG = "Константинопольская-Воскресенская Александра"


def organiser_club():
    club = ClubFactory()
    olive(club)
    return club


def test_the_roster_with_a_long_name_fits_a_small_phone(page: Page) -> None:
    club = organiser_club()
    PlayerFactory(club=club, name=LONG)
    PlayerFactory(club=club, name="Иванов Пётр")
    page.set_viewport_size(SMALL_PHONE)
    page.goto("/players/")
    log_in(page)
    # In Russian, whose words are long: "Группа", "Изменить".
    page.get_by_role("button", name="Русский").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("link", name=LONG)).to_be_visible()
    assert_fits_phone(page)
    # The name is the way to the player's page; a wide screen keeps "Edit" too.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.get_by_role("link", name="Изменить")).to_have_count(2)


def test_the_room_keeps_a_long_name_beside_its_seat(page: Page) -> None:
    club = organiser_club()
    drive = prediction_drive(club, players=8, games=2)
    entry = drive.entries.get(number=1)
    Player.objects.filter(pk=entry.player_id).update(name=LONG)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/drives/{drive.pk}/room/")
    log_in(page)
    row = page.locator(".room-seats li", has_text=LONG)
    expect(row).to_be_visible()
    tops = row.evaluate(
        """li => {
          const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
          let node;
          while ((node = walker.nextNode()) && !node.textContent.includes("Константинопольская")) {}
          const range = document.createRange();
          range.selectNodeContents(node);
          return {
            name: range.getClientRects()[0].top,
            seat: li.querySelector(".seat-no").getBoundingClientRect().top,
          };
        }"""
    )
    assert abs(tops["name"] - tops["seat"]) < 8, tops
