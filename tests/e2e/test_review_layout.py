"""A reviewer's round of the site in Polish, Russian, Romanian and Italian on a
360 px phone and a 1920 x 1080 projector:

- the projector's columns use the screen's width: a long name ("Maria Teresa
  Bianchi-Colombo") on one line where the screen has room;
- a side's label (N-S, E-W and the languages' own) is never split at its
  hyphen, on the captain's phone at every step nor in the hand tables' headers;
- the standings' rank column is headed by a short word where the word is long
  ("Pos." for "Posizione"), the whole word kept for a screen reader and a
  mouse (abbr title);
- the captain's seats: a long name wraps beside its entry number, not under it;
  the new drive's choices are not cut off; the door's tick boxes stay in line
  with their words when the form shows an error.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.test_organiser_drive import PASSWORD
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
    drive_with_players,
    enter_tricks,
    play_round,
    rubber_drive,
)

pytestmark = pytest.mark.e2e

ALL_LANGUAGES = ("en", "pl", "ru", "ro", "it")
PROJECTOR = {"width": 1920, "height": 1080}
LONG_NAMES = (
    "Maria Teresa Bianchi-Colombo",
    "Alexandru-Mihai Constantinescu",
    "Zofia Nowakowska-Wiśniewska",
    "Giovanni Battista Esposito",
    "Ekaterina Aleksandrovna Sokolova",
    "Francesca Romano De Santis",
    "Krzysztof Brzęczyszczykiewicz",
    "Ioana Gabriela Dumitrescu",
    "Anna Maria Ferrari-Ricci",
    "Vladimir Konstantinovich Orlov",
    "Małgorzata Szczepańska-Kowalczyk",
    "Luca Bianchi",
)


def club_of(language: str):
    club = ClubFactory(name="Klub Wisła", language=language)
    MembershipFactory(club=club, user=UserFactory(username="olive", password=PASSWORD))
    return club


def named_drive(club, players: int, **settings):
    """A drive in play whose players have long names, its first round played."""
    drive = drive_with_players(players=players, club=club, start=False, **settings)
    for entry, name in zip(drive.entries.order_by("number"), LONG_NAMES * 4):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    drive_services.drive_start(drive=drive)
    drive_services.public_link_set(drive=drive, shared=True)
    drive.refresh_from_db()
    return drive


def context(browser, live_server, viewport, language: str | None = None):
    options = {"base_url": live_server.url, "viewport": viewport}
    if language:
        options["locale"] = language
    made = browser.new_context(**options)
    made.set_default_timeout(TIMEOUT_MS)
    return made


def logged_in(browser, live_server, viewport) -> Page:
    page = context(browser, live_server, viewport).new_page()
    page.goto("/login/")
    page.fill("input[name=username]", "olive")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/drives/"))
    return page


def captain_link(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


# --- 1. the projector -----------------------------------------------------------

# Each shown name's lines, as the browser laid its text out.
NAME_LINES = """() => [...document.querySelectorAll('#projector ol.projector-board li:not([hidden]) .name')]
  .map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top)));
    const box = cell.getBoundingClientRect();
    return {name: cell.textContent, lines: rows.size, right: box.right, bottom: box.bottom};
  })"""


@pytest.mark.parametrize("language", ["it", "ro"])
@pytest.mark.parametrize("players", [12, 24])
def test_the_projector_puts_each_name_on_one_line(
    browser, live_server, language, players
) -> None:
    drive = named_drive(club_of(language), players, hands=4)
    play_round(drive)
    page = logged_in(browser, live_server, PROJECTOR)
    page.goto(f"/drives/{drive.pk}/projector/")
    expect(page.locator("#projector ol.projector-board li")).to_have_count(players)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    keep_screenshot(page, f"review-projector-{language}-{players}")
    cells = page.evaluate(NAME_LINES)
    assert len(cells) == players, cells
    assert [c for c in cells if c["lines"] != 1] == [], cells
    # Every line on the screen, and the type as large as the hall needs.
    assert max(c["bottom"] for c in cells) <= PROJECTOR["height"], cells
    assert max(c["right"] for c in cells) <= PROJECTOR["width"], cells
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector("
        "'#projector ol.projector-board')).fontSize)"
    )
    assert size >= 1.3 * 18, size
