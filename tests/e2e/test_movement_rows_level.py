"""The movement page shows its grid and its players' evenings on screen as a
strip of blocks of at most eight rounds, side by side, scrolled sideways,
each block a table of its own with its row headers (bad02e8b). A row of one
block sat out of line with the same row of the next: the strip squeezed each
block to a width of its own, so a cell wrapped onto two lines in one block
("5, В / (4)") and not in the next, and a player who withdrew after round 5
has empty cells in the later blocks, as tall there as the name alone. In
Russian on a 360 px phone at 200 % text, the rows under the withdrawn
player's stood 52 px apart in this drive, and 940 px apart at the foot of a
24-round drive of 24 players: the strip could not be read across.

Now each row's top edge is level in every block, in both strips, on the
phone at 200 % and on a laptop, and the page itself does not scroll
sideways. Each row's first cell (the table's or the player's number) stays
at the strip's left while its block scrolls by."""

from __future__ import annotations

import pytest

from drive import entry_services
from tests.e2e.conftest import TIMEOUT_MS, larger_text
from tests.e2e.large_type import named_in
from tests.e2e.movement_strip import ROWS
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
)

pytestmark = pytest.mark.e2e

SHORT_NAME = "Олег Ким"
LONG_NAME = "Александра Константиновна Рождественская-Преображенская"

# For each body row of every block: the px between the right edge of the
# number's figures and the left edge of the next cell's words.
GAPS = """
() => [...document.querySelectorAll('.movement-blocks tbody tr')].flatMap(row => {
  const [number, next] = row.cells;
  if (!next || !next.textContent.trim()) return [];
  const range = document.createRange();
  range.selectNodeContents(number);
  const figures = range.getBoundingClientRect();
  range.selectNodeContents(next);
  return [range.getBoundingClientRect().left - figures.right];
})
"""


def _drive():
    """A progressive drive of twelve players over twelve rounds (two blocks
    of six), in Russian: player 2, whose name fits a line, withdrew after
    round 5; player 3's name is long, the others' are the language's long
    names."""
    club = ClubFactory(language="ru")
    olive(club)
    drive = named_in(
        drive_with_players(players=12, club=club, format="progressive", hands=12),
        "ru",
    )
    for number, name in ((2, SHORT_NAME), (3, LONG_NAME)):
        entry = drive.entries.get(number=number)
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    while drive.current_round < 5:
        play_round(drive)
    entry_services.entry_withdraw(entry=drive.entries.get(number=2))
    drive.refresh_from_db()
    return play_drive(drive)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("width", "percent"), [(360, 200), (1280, 100)])
def test_each_row_is_level_across_the_blocks(browser, live_server, width, percent):
    drive = _drive()
    context = browser.new_context(
        base_url=live_server.url,
        locale="ru",
        viewport={"width": width, "height": 740},
        bypass_csp=True,  # larger_text adds a style
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/drives/{drive.pk}/movement/")
    log_in(page)
    larger_text(page, percent)

    grid, paths = page.evaluate(ROWS)
    assert grid["blocks"] == paths["blocks"] == 2, (grid, paths)
    # The set-up provokes it: the withdrawn player's later cells are empty, the
    # long name takes several lines.
    later = page.locator(".movement-blocks").nth(1).locator("table").nth(1)
    withdrawn = later.locator("tbody tr").nth(1).locator("td")
    assert withdrawn.nth(1).inner_text() == SHORT_NAME
    assert all(text == "" for text in withdrawn.all_inner_texts()[2:])
    long_name = later.locator("td.name", has_text=LONG_NAME)
    font = float(long_name.evaluate("td => parseFloat(getComputedStyle(td).fontSize)"))
    assert long_name.bounding_box()["height"] > 2 * font

    for name, strip in (("grid", grid), ("paths", paths)):
        assert len(set(strip["rows"])) == 1, (name, strip["rows"])
        out_of_line = {
            row: round(px) for row, px in enumerate(strip["apart"]) if px > 0.5
        }
        assert not out_of_line, (name, out_of_line)
    assert not overflow(page)

    # Each row's number stands clear of the words beside it, by at least the
    # type's size: at the table's usual 0.3rem a side on a phone, "1" beside
    # "3E z 15" read as "13E".
    gaps = page.evaluate(GAPS)
    assert gaps and min(gaps) >= font, (min(gaps), font)

    # The number stays at the strip's left while the first block scrolls by.
    strip = page.locator(".movement-blocks").nth(1)
    number = strip.locator("table").first.locator("tbody td.num").first
    left = strip.bounding_box()["x"]
    strip.evaluate("s => { s.scrollLeft = s.querySelector('table').offsetWidth / 2; }")
    assert strip.evaluate("s => s.scrollLeft") > 0
    assert abs(number.bounding_box()["x"] - left) < 1
