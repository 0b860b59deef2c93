"""The projector's page opened on a 360 x 740 phone (the MC reads from it in
the hall), at the phone's own text size and with its text at 200 %, in
Russian and Romanian, a round in play with its clock running and a player
sitting out (projector_drives.in_play: 21 players).

A walk-through found the slide's layout, made for a projector's screen, on
the phone: the bell's controls squeezed into a column a letter wide beside
the clock ("В|к|л|ю|ч|и|т|ь"), a top band of 487 px of the 740 (1,880 px
at 200 %), so the board showed one row a page ("Страница 1 из 21"); the
sit-out line over that row; the dark background ending at the foot of the
first screen, white words on cream below it; and at 200 % the board's title
"Общи|й" ("Gener|al"). On a phone the projector is a page that scrolls,
every row on it, under a top band of the clock and the controls that keeps
its words whole."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from drive.models import Drive
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.projector_drives import in_play
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT

pytestmark = pytest.mark.e2e

LANGUAGES = ("ru", "ro")
# The phone's own text size, and its text at 200 % (conftest.larger_text).
SIZES = {"100": 100, "200": 200}
FITTED = "() => document.querySelector('#projector ol.projector-board').fitted"
# The bell's controls shown by bell.js (however narrow they are laid out).
CONTROLS_SHOWN = "() => !document.querySelector('[data-bell-controls]').hidden"


def phone_projector(
    browser, live_server, drive: Drive, percent: int, board: str = ""
) -> Page:
    """`drive`'s projector (`board`: its query) on a 360 x 740 phone with its text at `percent` %, once the
    board has been fitted to it (after the bell's controls are shown)."""
    context = browser.new_context(
        base_url=live_server.url, viewport=SMALL_PHONE, bypass_csp=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/drives/{drive.pk}/projector/{board}")
    log_in(page)
    page.locator("#projector h1").wait_for()
    page.wait_for_function(CONTROLS_SHOWN)
    if percent != 100:
        larger_text(page, percent)
        # The style comes after the page's load: the board is fitted again,
        # as it is when a phone turns or its text size changes.
        page.evaluate("window.dispatchEvent(new Event('resize'))")
    if not board:
        page.wait_for_function(FITTED)
    return page


# The dark page's box against the document's: how far the page's words go
# below the foot of the dark background, and what is out of it.
UNCOVERED = """() => {
  const dark = document.querySelector('.page.projector').getBoundingClientRect();
  const foot = dark.bottom + scrollY;
  const below = document.scrollingElement.scrollHeight - foot;
  const out = [...document.querySelectorAll(
      '.page.projector main :is(p, h1, li, button, label, .clock)')]
    .filter(e => e.checkVisibility())
    .filter(e => e.getBoundingClientRect().bottom + scrollY > foot + 0.5)
    .map(e => e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40));
  return {below: Math.max(0, Math.round(below)), out};
}"""


@pytest.mark.parametrize("percent", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dark_background_is_under_every_word(
    browser, live_server, language, percent
) -> None:
    page = phone_projector(browser, live_server, in_play(language), percent)
    keep_screenshot(page, f"projector-phone-text-{language}-{percent}")
    assert page.evaluate(UNCOVERED) == {"below": 0, "out": []}


# The words of the top band and of the slide (but for the board's rows, whose
# names tests/e2e/test_projector_phone.py checks) whose words are whole.
WORDS = (
    ".projector-top .bell-controls, .projector-top .clock > *, #projector h1,"
    " #projector .projector-head p, #projector .projector-note, .projector-page"
)

# Each box past the screen's right edge (the page would scroll sideways).
PAST_THE_EDGE = """() => [...document.querySelectorAll('.page.projector main *')]
  .filter(e => e.checkVisibility() && !e.closest('svg, .visually-hidden'))
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map(e => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 30)}`)"""


@pytest.mark.parametrize("percent", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_of_the_title_or_the_top_band_is_split(
    browser, live_server, language, percent
) -> None:
    """ "Общи|й" ("Gener|al") at 200 %, and "В|к|л|ю|ч|и|т|ь" ("Porni|ți")
    beside the clock at either size, on each board's slide."""
    drive = in_play(language)
    # A player's name may break where a word of it is longer than the line
    # (tests/e2e/test_projector_phone.py checks that it breaks no sooner).
    names = [
        word
        for name in drive.entries.values_list("player__name", flat=True)
        for word in re.split(r"[\s-]+", name)
    ]
    for board in ("", "?board=group-a", "?board=group-b", "?board=race"):
        page = phone_projector(browser, live_server, drive, percent, board)
        keep_screenshot(page, f"projector-phone-words-{language}-{percent}{board[7:]}")
        assert page.evaluate(SPLIT, [WORDS, names]) == [], board
        assert page.evaluate(PAST_THE_EDGE) == [], board
        page.context.close()


# Each shown row the sit-out line ("11 Любовь Черных отдыхает в этом туре.")
# overlaps, and how many lines it is.
SIT_OUT_OVER_ROWS = """() => {
  const line = [...document.querySelectorAll('#projector > .projector-note')]
    .find(p => /\\d/.test(p.textContent) && !p.closest('.projector-title'));
  const box = line.getBoundingClientRect();
  return [...document.querySelectorAll('ol.projector-board li')]
    .filter(li => li.checkVisibility())
    .filter(li => {
      const row = li.getBoundingClientRect();
      return row.bottom > box.top + 0.5 && row.top < box.bottom - 0.5;
    })
    .map(li => li.textContent.trim().replace(/\\s+/g, ' '));
}"""


@pytest.mark.parametrize("percent", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sit_out_line_is_clear_of_the_rows(
    browser, live_server, language, percent
) -> None:
    page = phone_projector(browser, live_server, in_play(language), percent)
    assert page.evaluate(SIT_OUT_OVER_ROWS) == []


# The board's rows: how many there are, how many are shown (not left to a
# later page) and how many are wholly on the first screen; the top band's
# height.
ROWS = """() => {
  const rows = [...document.querySelectorAll('ol.projector-board li')];
  const shown = rows.filter(li => li.checkVisibility());
  return {
    rows: rows.length,
    shown: shown.length,
    first_screen: shown.filter(li => {
      const box = li.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight + 0.5;
    }).length,
    top_band: Math.round(document.querySelector('.projector-top').getBoundingClientRect().height),
  };
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_shows_the_board_under_a_small_top_band(
    browser, live_server, language
) -> None:
    """At the phone's own text size the top band took 487 of its 740 px and
    the board a row a page, below the first screen. The top band (the clock,
    the bell's controls) is at most a quarter of the screen, the first screen
    shows the board's first rows, and every row is on the page: the MC
    scrolls to the rest."""
    page = phone_projector(browser, live_server, in_play(language), 100)
    rows = page.evaluate(ROWS)
    keep_screenshot(page, f"projector-phone-rows-{language}")
    assert rows["top_band"] <= SMALL_PHONE["height"] / 4, rows
    assert rows["shown"] == rows["rows"] == 21, rows
    assert rows["first_screen"] >= 4, rows
