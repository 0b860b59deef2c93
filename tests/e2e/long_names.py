"""Long Polish names on the captain's phone and the board: the names
(LONG_NAMES), the longest word of a realistic surname (LONGEST), and the
check that a name is cut only where a word is wider than its line
(CUT_NAMES)."""

from __future__ import annotations

# Realistic long Polish names: double-barrelled, and one long single word.
LONG_NAMES = (
    "Szczepankiewicz-Brzęczyszczykiewicz",
    "Wiśniewska-Grzybowska",
    "Konstantynopolitańczykiewicz",
    "Jadwiga Brzęczyszczykiewicz",
    "Małgorzata Nowakowska-Wiśniewska",
    "Grzegorz Szczepankiewicz",
    "Przemysław Wiśniewski-Grzybowski",
    "Bożena Krzyżanowska-Brzezińska",
    "Stanisław Chrząszczewski",
    "Władysława Kołodziejczyk",
)


# The longest word of a realistic surname ("Brzęczyszczykiewicz"): a word
# of a name up to this long is never broken.
LONGEST = 19


# Each word of a player's name (split at spaces and hyphens: a name may wrap
# there) laid out on more than one line although it is no longer than
# LONGEST letters or fits the line of its box, and each name that passes its
# box's edge or the screen's.
CUT_NAMES = """
([selector, LONGEST]) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const outer = box.getBoundingClientRect();
    if (!outer.width || !box.checkVisibility()) continue;
    const style = getComputedStyle(box);
    const line = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const what = box.innerText.trim().slice(0, 40);
    if (outer.left < -0.5 || outer.right > width + 0.5)
      found.push(`"${what}" from ${Math.round(outer.left)} to ${Math.round(outer.right)}px of ${width}px`);
    if (box.scrollWidth > box.clientWidth + 1)
      found.push(`"${what}" holds ${box.scrollWidth}px in ${box.clientWidth}px`);
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s\\-\\u2010\\u2011\\u00a0]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        for (const r of rects)
          if (r.right > outer.right + 0.5 || r.left < outer.left - 0.5)
            found.push(`"${m[0]}" passes the edge of "${what}"`);
        const rows = new Set(rects.map(r => Math.round(r.bottom)));
        const needs = rects.reduce((sum, r) => sum + r.width, 0);
        if (rows.size > 1 && ([...m[0]].length <= LONGEST || needs <= line + 0.5))
          found.push(`"${m[0]}" (${Math.round(needs)}px) cut in a line of ${Math.round(line)}px: "${what}"`);
      }
    }
  }
  return [...new Set(found)];
}
"""
