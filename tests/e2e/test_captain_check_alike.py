"""The captain's check of a hand on a 360 px phone at 200 % (the phone's text
size, and the page zoom), in Italian: Send ("Invia") is written as large as
Change ("Modifica") beside it, and a side named in full in the words over
the check ("Prese: Nord–Sud 9, Est–Ovest 4; ...") is never broken at its
dash ("Nord–" over "Sud").

Set E2E_SCREENSHOTS=/some/dir to keep a picture of the check.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from tests.e2e.captain_phone import drive_in, shoot, tap_nine_tricks_for_north_south
from tests.e2e.conftest import SMALL_PHONE, larger_text, link, zoomed

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

# Each occurrence of `words` in the text of `selector` that the page lays
# out over more than one line.
BROKEN = """
([selector, words]) => {
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of words) {
        for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(`"${word}" over ${tops.size} lines in "${box.innerText.trim()}"`);
        }
      }
    }
  }
  return found;
}
"""

SIZE = "(el) => parseFloat(getComputedStyle(el).fontSize)"


@pytest.fixture
def phone_viewport() -> dict[str, int]:
    return SMALL_PHONE


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_send_and_change_alike_and_each_side_whole_at_twice_the_text(
    phone, way
) -> None:
    with translation.override("it"):
        sides = [gettext("North–South"), gettext("East–West")]
        send, change = gettext("Send"), gettext("Change")
    drive = drive_in("it")
    page = phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))
    page.goto(link(drive, 1))
    if way == "text":
        larger_text(page, 200)
    tap_nine_tricks_for_north_south(page)
    form = page.locator("section.entry form.step-check")
    send_button = form.locator("[data-send]")
    change_link = form.locator("[data-step-back]")
    expect(send_button).to_have_text(send)
    expect(change_link).to_have_text(change)
    shoot(page, f"captain-check-it-200-{way}")
    sizes = (send_button.evaluate(SIZE), change_link.evaluate(SIZE))
    assert sizes[0] == pytest.approx(sizes[1], abs=0.5), sizes
    said = form.locator(".check-said")
    expect(said).to_contain_text(sides[0])
    assert page.evaluate(BROKEN, [".check-said", sides]) == []
