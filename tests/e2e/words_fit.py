"""Words whole and inside their boxes, as the layout tests check them in
every language: what a page clips or spills and a side's label broken
(FIND_OVERFLOW, overflow, side_labels), and a word split across lines, in a
table's cells (SPLIT_WORDS) or in any box but for the players' names (SPLIT)."""

from __future__ import annotations

from django.utils import translation
from playwright.sync_api import Page

# What overflows, as "tag.class: text" lines. `sides` are the language's side
# labels, which must stay on one line wherever they are shown.
FIND_OVERFLOW = """
(sides) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (el) => {
    const text = (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls}: ${text}`;
  };
  const shown = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const scrolls = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  // A child (text, or a box in the flow) reaching past the element's right
  // edge; what is placed on purpose (position absolute or fixed) is not.
  const spills = (el) => {
    const box = el.getBoundingClientRect();
    const edge = box.left + el.clientLeft + el.clientWidth + 1;
    for (const child of el.childNodes) {
      let right = 0;
      if (child.nodeType === Node.TEXT_NODE) {
        if (!child.data.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
      } else if (child.nodeType === Node.ELEMENT_NODE && shown(child)) {
        if (['absolute', 'fixed'].includes(getComputedStyle(child).position)) continue;
        right = child.getBoundingClientRect().right;
      }
      if (right > edge) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'OPTION'].includes(el.tagName)) continue;
    // A chart (server-drawn SVG) places its own words: it is measured whole, as a box.
    if (el.closest('svg') && el.tagName !== 'svg') continue;
    if (el.tagName === 'svg') continue;
    if (!shown(el)) continue;
    // Words for a screen reader alone (a trump's name beside its sign) are clipped on purpose.
    if (el.closest('.visually-hidden')) continue;
    const style = getComputedStyle(el);
    const over = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    if (over && clips) found.push('clipped ' + name(el));
    else if (over && style.overflowX === 'visible' && spills(el))
      found.push('spills out ' + name(el));
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 && !scrolls(el)) found.push('past the screen ' + name(el));
  }
  // A side's label broken over two lines: its letters on two rows.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || !shown(node.parentElement)) continue;
    for (const side of sides) {
      let at = node.data.indexOf(side);
      while (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + side.length);
        const rows = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (rows.size > 1) found.push(`"${side}" broken ` + name(node.parentElement));
        at = node.data.indexOf(side, at + 1);
      }
    }
  }
  return [...new Set(found)];
}
"""


def overflow(page: Page, sides: list[str]) -> list[str]:
    return page.evaluate(FIND_OVERFLOW, sides)


def side_labels(language: str) -> list[str]:
    """The sides' labels as the language shows them, in both the page's
    spellings (with a plain or a non-breaking hyphen)."""
    with translation.override(language):
        labels = [translation.gettext("N-S"), translation.gettext("E-W")]
    return [label for label in labels if "-" in label]


# Each word of a table cell's text that the browser laid out on more than one line
# (a word: letters between spaces and hyphens; a hyphen is a fair place to break),
# and each cell whose style lets a word break anywhere, but for a standings
# table's names: a name is no dictionary word, and one too long for a phone
# must break (tests/e2e/test_captain_phone_fit.py); the split-word check still holds there.
# page.evaluate(SPLIT_WORDS, selector) looks at other boxes than the tables' cells.
SPLIT_WORDS = """
(selector) => {
  const found = [];
  const cells = document.querySelectorAll(
    selector || 'main table td, main table th');
  for (const cell of cells) {
    const style = getComputedStyle(cell);
    if (style.display === 'none' || cell.closest('.visually-hidden')) continue;
    const name = cell.matches('table.standings td.name');
    if (!name && (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all'))
      found.push(`${style.overflowWrap}/${style.wordBreak}: ${cell.innerText.trim().slice(0, 40)}`);
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s\\-\\u2010\\u2011\\u2013\\u2014\\u00a0]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rows = new Set([...range.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.bottom)));
        if (rows.size > 1) found.push(`"${m[0]}" split in ${cell.innerText.trim().slice(0, 40)}`);
      }
    }
  }
  return [...new Set(found)];
}
"""


# Each word (letters between spaces and hyphens) of the boxes matched by
# `selector` that the browser laid out on more than one line, but for the
# words in `names` (a player's name may break) and a link's address.
SPLIT = r"""
([selector, names]) => {
  const skip = new Set(names);
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    if (!box.checkVisibility() || box.getBoundingClientRect().width <= 2) continue;
    if (box.closest('.visually-hidden, .url')) continue;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.url')) continue;
      const re = /[^\s\-\u2010\u2011\u2013\u2014\u00a0]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        if (skip.has(m[0].replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rows = new Set([...range.getClientRects()]
          .filter(r => r.width > 0).map(r => Math.round(r.bottom)));
        if (rows.size > 1)
          found.push(`"${m[0]}" split in ${box.tagName.toLowerCase()} "${box.innerText.trim().slice(0, 40)}"`);
      }
    }
  }
  return [...new Set(found)];
}
"""


# Each side of a players line (its label, span.side-held or span.side, and
# the words up to the next side's label) that the browser laid out on more
# than one line; a side that starts a line of its own anywhere but at the
# line's start, right under the side before (a space held by a no-break space
# once set "E-W 3 & 8" in from the edge, or under an empty line); and each
# line that passes its box's content box. Given the lines' selector and their
# box's (the closest ancestor matching it).
PARTED = r"""([lines, boxes]) => {
  const found = [];
  for (const who of document.querySelectorAll(lines)) {
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
    const cell = who.closest(boxes);
    const style = getComputedStyle(cell);
    const box = cell.getBoundingClientRect();
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    const line = who.getBoundingClientRect();
    if (line.left < left - 0.5 || line.right > right + 0.5)
      found.push(`"${who.innerText}" passes its box`);
  }
  return [...new Set(found)];
}"""
