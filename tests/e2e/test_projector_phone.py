"""The projector's page opened on a 360 px phone (the organiser looking at
it from the floor): its sound controls stay on the screen in every language.
"Speak the calls" was held on one line, so the longer Italian and Romanian
words ("Leggi gli annunci ad alta voce", "Citiți anunțurile cu voce tare")
ran past the screen's edge and the page scrolled sideways; on a projector's
screen the controls are as they were."""

from __future__ import annotations

import pytest

from players.models import Player
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.long_names import CUT_NAMES, LONGEST
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, drive_with_players, olive, play_round

pytestmark = pytest.mark.e2e

# Each element of the bell's controls whose box ends past the screen's edge.
PAST_THE_EDGE = """() => [...document.querySelectorAll('.bell-controls *')]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => e.textContent.trim())"""


def projector_in_play(
    browser, live_server, language: str, viewport: dict, names: tuple[str, ...] = ()
) -> object:
    """The projector of a Polish-named club's drive in `language`, its first
    round played, opened by its organiser in a tab of `viewport` (closed after
    the test with every other tab: conftest._pages_closed_before_the_flush).
    `names`: the first entries' players' names, in the order of their numbers."""
    club = ClubFactory(name="Klub Wisła", language=language)
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=4)
    for entry, name in zip(drive.entries.order_by("number"), names, strict=False):
        Player.objects.filter(pk=entry.player_id).update(name=name)
    play_round(drive)
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    log_in(page)
    page.goto(f"/drives/{drive.pk}/projector/")
    return page


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
@pytest.mark.parametrize(
    "viewport", [SMALL_PHONE, {"width": 1920, "height": 1080}], ids=["phone", "wide"]
)
def test_the_projectors_sound_controls_stay_on_the_screen(
    browser, live_server, language, viewport
) -> None:
    page = projector_in_play(browser, live_server, language, viewport)
    speak = page.locator(".bell-speak")
    speak.wait_for()
    keep_screenshot(page, f"projector-phone-{language}-{viewport['width']}")
    assert page.evaluate(PAST_THE_EDGE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # The tick box stays beside the words' first line.
    box, words = speak.locator("input").bounding_box(), speak.bounding_box()
    assert box["y"] < words["y"] + box["height"]


# Each word and the number after it ("Сдача 5", "Тур 1") in the line of the
# round in play that the browser laid out on two lines.
WORD_AND_NUMBER_APART = r"""() => {
  const found = [];
  const line = document.querySelector('.projector-now');
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /\p{L}+[\s\u00a0]+\d+/gu;
    for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rows = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.bottom)));
      if (rows.size > 1) found.push(m[0].replace(/\s+/g, ' '));
    }
  }
  return found;
}"""


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_hand_in_play_keeps_its_number_on_a_phone(
    browser, live_server, language
) -> None:
    """ "Сдача" over "5" on a 360 px phone: each word of the round in play
    stays on the line of its number (the held_numbers filter)."""
    page = projector_in_play(browser, live_server, language, SMALL_PHONE)
    page.locator(".projector-now").wait_for()
    keep_screenshot(page, f"projector-phone-now-{language}")
    assert page.evaluate(WORD_AND_NUMBER_APART) == []


# Long Polish and Russian names: one word longer than a phone's line, and
# first names and surnames that fit it each on their own.
LONG_NAMES = (
    "Konstantynopolitańczykiewiczówna",
    "Александра Преображенская",
    "Константин Константинопольский",
    "Jadwiga Brzęczyszczykiewicz",
)


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_a_long_name_breaks_between_its_words_on_a_phone(
    browser, live_server, language
) -> None:
    """On a 360 px phone the name's column was 138 px, between the rank, the
    entry number and the total, and the board broke every word of
    "Александра Преображенская" ("Александр|а Преображ|енская"). Each name
    has the row's width, breaking between its words; only a word longer than
    the line breaks (with a hyphen where the browser has the language's
    dictionary), and no name passes the screen's edge."""
    page = projector_in_play(
        browser, live_server, language, SMALL_PHONE, names=LONG_NAMES
    )
    page.locator("ol.projector-board .name").first.wait_for()
    keep_screenshot(page, f"projector-phone-names-{language}")
    laid_out, cut = page.evaluate(EVERY_NAME_CUT, ["ol.projector-board .name", LONGEST])
    assert set(LONG_NAMES) <= set(laid_out)
    assert cut == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]


# The phone shows the board a page at a time, and every row is laid out in the
# same width: every row shown, then the names laid out and CUT_NAMES, in one
# task (no refresh of the board comes between).
EVERY_NAME_CUT = """(args) => {
  for (const row of document.querySelectorAll('ol.projector-board li')) row.hidden = false;
  const names = [...document.querySelectorAll('ol.projector-board .name')]
    .filter(n => n.getBoundingClientRect().width > 0).map(n => n.textContent.trim());
  return [names, (CUT_NAMES)(args)];
}""".replace("CUT_NAMES", CUT_NAMES)
