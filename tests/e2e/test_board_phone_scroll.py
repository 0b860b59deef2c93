"""The live leaderboard on a 360 px phone in large type (the phone's text at
150 % and 200 %, and its page zoomed so): the shared board the players read
and the organiser's board.

At 200 % the board scrolled inside its own box (its table's scrolling box
held a scrollbar of its own) on a phone. A phone's page scrolls as a whole:
now no part of the board scrolls by itself, across or down, the page never
scrolls sideways, and each row shows its place, its name and its total on
the screen, its name's words whole (a surname of up to 19 letters,
"Brzęczyszczykiewicz") or, longer still, broken inside its row. At 150 %
the name's column was a third of the board ("Małgorzat|a", "Wiśniewsk|a"):
from 105 % each name has a line of its own, as at 200 % (test_board_long_names).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text, zoomed
from tests.e2e.long_names import CUT_NAMES, LONGEST
from tests.e2e.long_names import LONG_NAMES as NAMES
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_round,
)
from tests.predictions import play_deals, prediction_drive

pytestmark = pytest.mark.e2e


# Each box of the page's main part that scrolls by itself (its content
# larger than the box, and the box lets it scroll), and the page wider than
# the screen.
INNER_SCROLL = """
() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth)
    found.push(`page ${root.scrollWidth}px wide in ${root.clientWidth}px`);
  for (const el of document.querySelectorAll('main, main *')) {
    if (!el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    const what = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')}`;
    if (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(`${what} scrolls across: ${el.scrollWidth}px in ${el.clientWidth}px`);
    if (/auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      found.push(`${what} scrolls down: ${el.scrollHeight}px in ${el.clientHeight}px`);
  }
  return found;
}
"""

# Each row of a board whose place, name or total is not on the screen (or
# hidden), or whose name has less than half the board's width.
UNREADABLE_ROWS = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const row of document.querySelectorAll('table.standings tbody tr')) {
    const cells = [row.querySelector('td.num'), row.querySelector('td.name'), row.querySelector('td.total')];
    if (!cells[1]) continue;
    const name = cells[1].innerText.trim();
    for (const cell of cells) {
      const r = cell.getBoundingClientRect();
      if (!r.width || !cell.checkVisibility())
        found.push(`"${name}": ${cell.className} not shown`);
      else if (r.left < -0.5 || r.right > width + 0.5)
        found.push(`"${name}": ${cell.className} from ${Math.round(r.left)} to ${Math.round(r.right)}px of ${width}px`);
    }
    const table = row.closest('table').getBoundingClientRect();
    if (cells[1].getBoundingClientRect().width < 0.5 * table.width)
      found.push(`"${name}" in ${Math.round(cells[1].getBoundingClientRect().width)} of ${Math.round(table.width)}px`);
  }
  return found;
}
"""


def named(drive) -> None:
    players = drive.entries.order_by("number").values_list("player_id", flat=True)
    for player, name in zip(players, NAMES, strict=False):
        PlayerFactory._meta.model.objects.filter(pk=player).update(name=name)


def evening() -> dict[str, str]:
    """A Polish club's drives in play, their boards shared: a progressive
    drive after its first round and a prediction whist drive after two deals."""
    club = ClubFactory(language="pl")
    olive(club)
    drive = drive_with_players(players=10, club=club)
    named(drive)
    play_round(drive)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    wist = prediction_drive(club, players=8, games=1)
    named(wist)
    play_deals(wist, tables=[1, 2], hands=[1, 2])
    wist = drive_services.public_link_set(drive=wist, shared=True)
    return {
        "public": f"/p/{drive.public_key}/",
        "public-wist": f"/p/{wist.public_key}/",
        "organiser": f"/drives/{drive.pk}/leaderboard/",
        "organiser-wist": f"/drives/{wist.pk}/leaderboard/",
    }


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("percent", (150, 200))
def test_the_board_scrolls_with_the_page_in_large_type(
    browser, live_server, percent, way
) -> None:
    pages = evening()
    options = {"bypass_csp": True, "viewport": {"width": 360, "height": 740}}
    context = browser.new_context(
        base_url=live_server.url,
        locale="pl",
        **(options if way == "text" else zoomed(percent)),
    )
    context.set_default_timeout(TIMEOUT_MS)
    page: Page = context.new_page()
    log_in(page)
    found = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("table.standings").first).to_be_visible()
        if way == "text":
            larger_text(page, percent)
        keep_screenshot(page, f"board-{name}-{percent}-{way}")
        faults = page.evaluate(INNER_SCROLL) + page.evaluate(UNREADABLE_ROWS)
        faults += page.evaluate(CUT_NAMES, ["table.standings td.name", LONGEST])
        if faults:
            found[name] = faults
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
