"""How a button's words sit in it, for the browser tests that measure it: in
its middle (UNEVEN), and with every space between them (SPACES)."""

from __future__ import annotations

# Each button whose words sit higher or lower in it than its middle: the
# room above the text's box (its lines, as drawn) against the room below it,
# inside the button's border (the link "Enter another", "Ввести другой" had
# twice as much below as above in four languages: 10.9 px and 19.5 px at 200 %
# zoom, its type smaller than its 2.8rem).
UNEVEN = """(buttons) => {
  const found = [];
  for (const button of document.querySelectorAll(buttons)) {
    const range = document.createRange();
    range.selectNodeContents(button);
    const rows = [...range.getClientRects()].filter(r => r.width > 0);
    const top = Math.min(...rows.map(r => r.top));
    const bottom = Math.max(...rows.map(r => r.bottom));
    const box = button.getBoundingClientRect();
    const style = getComputedStyle(button);
    const above = top - box.top - parseFloat(style.borderTopWidth);
    const below = box.bottom - parseFloat(style.borderBottomWidth) - bottom;
    if (Math.abs(above - below) > 2)
      found.push(`"${button.innerText}" ${above.toFixed(1)}px above its words, ${below.toFixed(1)}px below`);
  }
  return found;
}"""

# Each link or button whose words as shown (innerText) are not its words as
# written (textContent), spaces counted alike: a box that drops the space
# between a word and an element beside it ("Enter scores for" and a round
# in a <span> as "forround" in an inline-flex box) reads wrong.
SPACES = """(buttons) => {
  const words = (text) => text.replace(/\\s+/g, " ").trim();
  const found = [];
  for (const button of document.querySelectorAll(buttons)) {
    if (words(button.innerText) !== words(button.textContent))
      found.push(`"${words(button.textContent)}" shown as "${words(button.innerText)}"`);
  }
  return found;
}"""
