"""The movement page's name column, beside the grids of rounds, on a 360 px
phone with its text at 200 %. The column was as wide as its longest word: in
Russian ("Рождественская-Преображенская", "Константиновна") it was wider than
the screen, and the person scrolled sideways before seeing any round (455 px
of 360; with this module's names 668 px in Polish, 395 in English, 324 in
Romanian, 275 in Italian). The strip of rounds scrolls sideways; the name
column is not meant to.

Now, in each of the five languages, the name column is at most half the
screen: names wrap between words, and a word longer than the column's line
breaks inside it (the test browser has no hyphenation dictionaries). Every
name is there whole, inside its cell; the headings ("Imię i nazwisko") keep
their words whole; each row is still level across the blocks. Printing is its own style sheet
(print.css, test_movement_print), which this does not touch."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.large_type import named_in
from tests.e2e.movement_strip import ROWS
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT_WORDS
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
)

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}

# Each language's longest names: a word longer than half the phone at 200 %
# text, one joined by a hyphen, and one of three words.
LONG = {
    "en-gb": (
        "Bartholomew Featherstonehaugh-Cholmondeley",
        "Wilhelmina Postlethwaite",
    ),
    "pl": (
        "Agnieszka Konstantynopolitańczykiewiczówna",
        "Małgorzata Brzęczyszczykiewicz",
    ),
    "ru": (
        "Александра Константиновна Рождественская-Преображенская",
        "Константинопольская Александра",
    ),
    "ro": (
        "Anastasia Constantinescu-Dobridor",
        "Alexandrina Hârjoabă-Brâncoveanu",
    ),
    "it": (
        "Massimiliano Casagrande-Bartolomucci",
        "Pierfrancesco Buonaccorsi",
    ),
}

# Each name cell of the players' strip: its width, its text, and whether
# any of its words pass the cell's edges or are hidden inside it.
NAME_CELLS = """
() => [...document.querySelectorAll('.movement-blocks td.name, .movement-blocks th.name')]
  .map(cell => {
    const box = cell.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(cell);
    const outside = [...range.getClientRects()].filter(r => r.width && (
      r.left < box.left - 0.5 || r.right > box.right + 0.5
      || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5));
    return {
      text: cell.innerText.trim(),
      width: box.width,
      outside: outside.length,
      hidden: cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1,
    };
  })
"""


def _drive(language: str):
    """A progressive drive of twelve players over twelve rounds (two blocks
    of six) in `language`, its players with the language's long names."""
    club = ClubFactory(language=language)
    olive(club)
    drive = named_in(
        drive_with_players(players=12, club=club, format="progressive", hands=12),
        language,
    )
    for number, name in enumerate(LONG[language], start=1):
        entry = drive.entries.get(number=number)
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    return play_drive(drive)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", list(LONG))
def test_the_name_column_is_at_most_half_the_phone(browser, live_server, language):
    drive = _drive(language)
    names = {e.player.name for e in drive.entries.select_related("player")}
    context = browser.new_context(
        base_url=live_server.url,
        locale=language,
        viewport=PHONE,
        bypass_csp=True,  # larger_text adds a style
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/drives/{drive.pk}/movement/")
    log_in(page)
    larger_text(page, 200)
    assert page.evaluate("document.documentElement.lang") == language
    keep_screenshot(page, f"movement-names-{language}")

    cells = page.evaluate(NAME_CELLS)
    body = [c for c in cells if c["text"] in names]
    # Both blocks show every player's name.
    assert sorted(c["text"] for c in body) == sorted([*names, *names]), [
        c["text"] for c in cells
    ]
    half = PHONE["width"] / 2
    wide = {c["text"]: round(c["width"]) for c in cells if c["width"] > half + 0.5}
    assert not wide, wide
    spilt = [c["text"] for c in cells if c["outside"] or c["hidden"]]
    assert not spilt, spilt

    # Only a name breaks inside a word, never the page's own words ("Imię i
    # nazwisko" over the names).
    headings = ".movement-blocks th, .movement-blocks td:not(.name)"
    assert page.evaluate(SPLIT_WORDS, headings) == []

    # The names' rows are level in every block, as in the grid's strip.
    for strip in page.evaluate(ROWS):
        assert strip["blocks"] == 2, strip
        assert len(set(strip["rows"])) == 1, strip["rows"]
        assert max(strip["apart"]) <= 0.5, strip["apart"]
    assert not overflow(page)
    context.close()
