"""Long Polish surnames on the captain's phone at twice the text size (the
phone's text at 200 %, and its page zoomed to 200 %) on a 360 px phone.

A double-barrelled name ("Szczepankiewicz-Brzęczyszczykiewicz") was cut
inside its words in the captain's boxes that name the players at the table
(the seats, the moves, a prediction whist deal's boxes and its scores):
"Szczepankiewicz-Brzęczyszczykiewic|z" while "Brzęczyszczykiewicz" fitted a
line of its own. Now a name wraps between its words or at its hyphen; a word
is broken only where it is wider than the whole line (then hyphenated, where
the phone knows the page's language: the page says it is Polish), and
nothing passes its box or the screen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive.models import Table
from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text, zoomed
from tests.e2e.long_names import CUT_NAMES, LONG_NAMES, LONGEST
from tests.e2e.screen_edge import overflow
from tests.e2e.waits import written
from tests.factories import ClubFactory, PlayerFactory, drive_with_players, play_round
from tests.predictions import play_deals, prediction_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


# Where the captain's page names the players at the table.
NAMED = (
    ".captain-seats .seat-name, .captain-seats dd, .moves li, ol.wist-order li,"
    " fieldset.wist-player legend, table.wist-table tr.who th"
)


def named(drive) -> None:
    players = drive.entries.order_by("number").values_list("player_id", flat=True)
    for player, name in zip(players, LONG_NAMES, strict=False):
        PlayerFactory._meta.model.objects.filter(pk=player).update(name=name)


def large(phone, way: str) -> Page:
    return phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))


def captain(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


def faults(page: Page) -> list[str]:
    return overflow(page) + page.evaluate(CUT_NAMES, [NAMED, LONGEST])


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_long_polish_names_wrap_whole_in_the_seats_and_the_moves(phone, way) -> None:
    club = ClubFactory(language="pl")
    drive = drive_with_players(players=10, club=club)
    named(drive)
    page = large(phone, way)
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator(".captain-seats")).to_be_visible()
        assert page.locator("html").get_attribute("lang") == "pl"
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-seats-{number}-{way}")
        found += faults(page)
    written(page, lambda: play_round(drive))
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator(".moves")).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-moves-{number}-{way}")
        found += faults(page)
    assert found == [], "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_long_polish_names_wrap_whole_in_a_prediction_deals_boxes(phone, way) -> None:
    club = ClubFactory(language="pl")
    drive = prediction_drive(club, players=8, games=1)
    named(drive)
    play_deals(drive, tables=[1, 2], hands=[1, 2])
    page = large(phone, way)
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator("fieldset.wist-player").first).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-wist-{number}-{way}")
        found += faults(page)
    assert found == [], "\n".join(dict.fromkeys(found))
