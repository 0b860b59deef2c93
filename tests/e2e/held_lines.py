"""Whether a browser laid out a piece of text on more than one line, for the
browser tests that measure a page at every width (a side's label and its
number, a trump's sign and its name, a side's full name and its number)."""

from __future__ import annotations

from playwright.sync_api import Page

# Each match of `pattern` in the text of a box matched by `selector` that the
# browser laid out on more than one line (two of its pieces side by side in
# no row), as "text @ width".
BROKEN = r"""([selector, pattern]) => {
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    if (!box.checkVisibility()) continue;
    const nodes = [];
    let text = '';
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push([node, text.length]);
      text += node.data;
    }
    const at = (index) => {
      let hit = nodes[0];
      for (const pair of nodes) if (pair[1] <= index) hit = pair;
      return [hit[0], index - hit[1]];
    };
    const re = new RegExp(pattern, 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const range = document.createRange();
      range.setStart(...at(m.index));
      range.setEnd(...at(m.index + m[0].length - 1));
      range.setEnd(range.endContainer, range.endOffset + 1);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const apart = rects.some(a => rects.some(b => a.bottom <= b.top + 1));
      if (apart) found.push(`${m[0]} @ ${document.documentElement.clientWidth}px`);
    }
  }
  return found;
}"""

# CSS px at 200 %: a 280 px phone's to a 430 px one's.
WIDTHS = range(140, 216, 2)


def broken_at_widths(page: Page, selector: str, pattern: str) -> list[str]:
    found = []
    height = page.viewport_size["height"]
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        found += page.evaluate(BROKEN, [selector, pattern])
    return found
