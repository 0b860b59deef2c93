"""A spaced dash that starts a line (players.no_break.held_dashes): each
sentence on the screen whose dash (" — ", " – ") the browser laid out at the
start of a line, away from the word before it, which Russian typography
never allows (nor Polish, Romanian or Italian)."""

from __future__ import annotations

from playwright.sync_api import Page

# Each dash of the visible text under `selector` on another line than the
# letter before it, as the words around it and the width of the screen.
DASH_STARTS_A_LINE = r"""(selector) => {
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const nodes = [];
    let text = '';
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const shown = node.parentElement && node.parentElement.checkVisibility();
      if (shown) nodes.push([node, text.length]);
      text += shown ? node.data : '\n';
    }
    const at = (index) => {
      let hit = nodes[0];
      for (const pair of nodes) if (pair[1] <= index) hit = pair;
      return [hit[0], index - hit[1]];
    };
    const top = (index) => {
      const range = document.createRange();
      const [node, offset] = at(index);
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      return rects.length ? rects[0].top : null;
    };
    const re = /\S[ \u00a0]+[\u2013\u2014](?=\s|$)/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const before = top(m.index), dash = top(m.index + m[0].length - 1);
      if (before !== null && dash !== null && dash > before + 2)
        found.push(`${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 20)
          .replace(/\s+/g, ' ')} @ ${document.documentElement.clientWidth}px`);
    }
  }
  return found;
}"""


def dashes_starting_lines(
    page: Page, widths: range, selector: str = "main", height: int = 740
) -> list[str]:
    """Each dash under `selector` that starts a line at any of `widths`: where
    a line breaks hangs on the words' widths, so a page is measured at each."""
    found: list[str] = []
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        found += page.evaluate(DASH_STARTS_A_LINE, selector)
    return sorted(set(found))
