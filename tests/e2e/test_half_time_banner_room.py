"""The projector in the interval, where a tie-break placed the half-time
leader ahead of three others on the same total: the banner's second sentence
("Egalitate cu 6 …, 16 … și 18 …: decis prin departajare inversă.") stands
beside its heading and first sentence, on the lines they take, so the banner
is no taller than without it and the board under it keeps its type, columns
and pages (a Romanian board of 20 went from one page to two at 1280 x 720).
In all five languages, at 1280 x 720 and 1920 x 1080, with the club's usual
names; the sentence in the banner's type, not smaller."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive.models import Drive
from tests.e2e.conftest import keep_screenshot
from tests.e2e.projector_drives import give_names, to_the_interval
from tests.e2e.projector_screen import FITTED, projector_tab
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = pytest.mark.e2e

SCREENS = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})

# Each club's players: first names and surnames of its country (the same
# surname for a man and a woman in Polish and Russian).
NAMES = {
    "en-gb": (
        "Margaret Geoffrey Dorothy Raymond Elizabeth Kenneth Joan",
        "Hargreaves Whitfield Pearce",
    ),
    "pl": (
        "Małgorzata Stanisław Jadwiga Zbigniew Krystyna Tadeusz Ewa",
        "Wójcik Kowalczyk Nowak",
    ),
    "ru": (
        "Валентина Геннадий Людмила Владимир Татьяна Николай Анна",
        "Черных Ковальчук Седых",
    ),
    "ro": (
        "Alexandrina Dragoș Ștefan Mircea Ioana Gheorghița Radu",
        "Constantinescu Țurcanu Neagu",
    ),
    "it": (
        "Giuseppina Francesco Antonella Salvatore Graziella Vincenzo Rita",
        "Esposito Lombardi Greco",
    ),
}


def interval(language: str) -> Drive:
    club = ClubFactory(language=language)
    olive(club)
    drive = drive_with_players(players=20, hands=12, club=club)
    give_names(drive, *(words.split() for words in NAMES[language]))
    return to_the_interval(drive)


# The banner's height, its sentences' type, and the board as site.js fitted it.
SEEN = """() => {
  const banner = document.querySelector('#projector .half-time-banner');
  const title = document.querySelector('#projector .projector-title');
  const tie = banner.querySelector('.half-time-tie');
  const board = document.querySelector('#projector ol.projector-board');
  const rows = [...board.querySelectorAll('li')];
  return {
    title: Math.round(title.getBoundingClientRect().height * 10) / 10,
    lead: parseFloat(getComputedStyle(banner.querySelector('.projector-note')).fontSize),
    tie: tie ? parseFloat(getComputedStyle(tie).fontSize) : null,
    type: board.style.fontSize,
    columns: board.style.columnCount,
    shown: rows.filter((row) => !row.hidden).length,
    pages: (document.getElementById('projector-page') || {}).textContent || '',
  };
}"""

# The same banner with its first sentence alone, the board fitted again.
WITHOUT = """() => {
  document.querySelector('#projector .half-time-tie').remove();
  document.dispatchEvent(new Event('projector:refit'));
}"""


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_second_sentence_costs_the_board_no_room(
    browser, live_server, language
) -> None:
    drive = interval(language)
    page = projector_tab(browser, live_server, SCREENS[0], locale=language)
    log_in(page)
    for screen in SCREENS:
        page.set_viewport_size(screen)
        page.goto(f"/drives/{drive.pk}/projector/")
        expect(page.locator("#projector .half-time-tie")).to_be_visible()
        expect(page.locator("#projector ol.projector-board li")).to_have_count(20)
        page.wait_for_function(FITTED)
        keep_screenshot(page, f"half-time-room-{language}-{screen['width']}")
        shown = page.evaluate(SEEN)
        page.evaluate(WITHOUT)
        page.wait_for_function(FITTED)
        plain = page.evaluate(SEEN)
        # The second sentence in the first one's type, on lines the banner had.
        assert shown["tie"] == shown["lead"] == plain["lead"], (screen, shown)
        assert shown["title"] <= plain["title"] + 0.5, (screen, shown, plain)
        # The board as without it: the same type, columns, rows on the screen
        # and pages (one, for twenty players on these screens).
        for what in ("type", "columns", "shown", "pages"):
            assert shown[what] == plain[what], (screen, what, shown, plain)
        assert shown["pages"] == "", (screen, shown)
    page.context.close()
