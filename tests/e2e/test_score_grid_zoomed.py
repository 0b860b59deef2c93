"""The organiser's score grid on a 360 px phone in large type (zoomed to 200 %
and with its text at 200 %): each hand's players line, who sits where ("N-S
15 & 10  E-W 3 & 8", through the sides filter), reads whole in all five
languages: its words whole, each side's label with both its players on one
line, inside its cell. The line broke inside a pair ("N-S 15 &" over "10",
"С-Ю 5 и" over "18", "E-W 3 i" over "8"), at either size, and where the line broke between the
sides, the second was set in from the line's start or under an empty line."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import keep_screenshot
from tests.e2e.large_type import WAYS, each_language, large_type_phone
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT
from tests.factories import ClubFactory, drive_with_players, olive, play_round

pytestmark = pytest.mark.e2e


# Each side of a players line (its label, span.side-held or span.side, and
# the words up to the next side's label) that the browser laid out on more
# than one line; a side that starts a line of its own anywhere but at the
# line's start, right under the side before (a space held by a no-break space
# once set "E-W 3 & 8" in from the edge, or under an empty line); and each
# line that passes its cell's content box.
PARTED = r"""() => {
  const found = [];
  for (const who of document.querySelectorAll('.grid .who')) {
    const chars = [];
    const walker = document.createTreeWalker(who, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (let at = 0; at < node.data.length; at++) chars.push([node, at]);
    const labels = [...who.querySelectorAll('.side-held, :not(.side-held) > .side')];
    const starts = labels.map(label => chars.findIndex(([node]) => label.contains(node)));
    const edge = who.getBoundingClientRect().left;
    const size = parseFloat(getComputedStyle(who).fontSize);
    let before = null;
    starts.forEach((start, i) => {
      let end = (i + 1 < starts.length ? starts[i + 1] : chars.length) - 1;
      while (end > start && /\s/.test(chars[end][0].data[chars[end][1]])) end--;
      const range = document.createRange();
      range.setStart(...chars[start]);
      range.setEnd(chars[end][0], chars[end][1] + 1);
      const said = range.toString().replace(/\u00a0/g, ' ');
      const rows = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.bottom)));
      if (rows.size > 1) found.push(`"${said}" over ${rows.size} lines`);
      const side = range.getBoundingClientRect();
      if (before && Math.abs(side.top - before.top) > 1
          && (side.left > edge + 1 || side.top > before.bottom + size))
        found.push(`"${said}" at ${(side.left - edge).toFixed(1)} px from the line's start, `
          + `${(side.top - before.bottom).toFixed(1)} px under the side before`);
      before = side;
    });
    const cell = who.closest('td');
    const style = getComputedStyle(cell);
    const box = cell.getBoundingClientRect();
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    const line = who.getBoundingClientRect();
    if (line.left < left - 0.5 || line.right > right + 0.5)
      found.push(`"${who.innerText}" passes its cell`);
  }
  return [...new Set(found)];
}"""


@pytest.mark.parametrize("way", WAYS)
def test_the_score_grid_players_line_reads_whole(phone, live_server, way) -> None:
    club = ClubFactory()
    olive(club)
    # Five tables, entry numbers up to 20: two figures in most pairs.
    drive = drive_with_players(players=20, club=club)
    play_round(drive)
    page = large_type_phone(phone, way)
    grid = f"/drives/{drive.pk}/scores/"
    page.goto(grid)
    log_in(page)
    found = {}
    for language in each_language(page, grid, way, cookie_url=live_server.url):
        keep_screenshot(page, f"score-grid-{way}-{language}")
        assert page.locator(".grid .who").count() == 5
        assert page.locator(".grid .who .side-held").count() == 10
        wrong = [*page.evaluate(SPLIT, [".grid .who", []]), *page.evaluate(PARTED)]
        if wrong:
            found[f"{way} {language}"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
