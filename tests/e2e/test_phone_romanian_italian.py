"""The organiser's, the players' and the captain's pages on a 360 px phone in
Romanian and Italian, as test_phone_layout holds them in Polish and Russian:
nothing makes the page scroll sideways, no table cell splits a word, and the
prize list fits the phone whole, its notes ("deciso con lo spareggio", "după
mâna 3") under the prize rather than in a fourth column past the screen's
edge (Italian "Nota" showed as "N", its notes one letter a line).

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.phone_evening import evening, logged_in
from tests.e2e.words_fit import SPLIT_WORDS

pytestmark = pytest.mark.e2e

# Each table on the page wider than the box it scrolls in.
WIDER_THAN_BOX = """
(selector) => [...document.querySelectorAll(selector)]
  .filter(t => t.scrollWidth > t.parentElement.clientWidth + 1)
  .map(t => [t.className, t.scrollWidth, t.parentElement.clientWidth])
"""


@pytest.mark.parametrize("language", ["ro", "it"])
def test_phone_pages_fit_in_romanian_and_italian(
    browser, live_server, language
) -> None:
    in_play, finished, door, predictions = evening(language)
    captain = Table.objects.get(drive=in_play, number=1).captain_key
    pages = {
        "overview": f"/drives/{in_play.pk}/",
        "registration": f"/drives/{door.pk}/entries/",
        "results": f"/drives/{finished.pk}/results/",
        "prizes": f"/drives/{finished.pk}/prizes/",
        "prize-giving": f"/drives/{finished.pk}/prize-giving/",
        "board": f"/p/{in_play.public_key}/",
        "public-results": f"/p/{finished.public_key}/results/",
        "captain": f"/t/{captain}/",
    }
    page = logged_in(browser, live_server, SMALL_PHONE)
    too_wide, split, prizes_wide = {}, {}, {}
    for name, url in pages.items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language
        keep_screenshot(page, f"phone-{language}-{name}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > SMALL_PHONE["width"]:
            too_wide[name] = width
        if words := page.evaluate(SPLIT_WORDS):
            split[name] = words
        if wide := page.evaluate(WIDER_THAN_BOX, "table.prizes"):
            prizes_wide[name] = wide
    assert too_wide == {}, f"pages wider than the phone: {too_wide}"
    assert split == {}, "\n".join(f"{k}: {v}" for k, v in split.items())
    assert prizes_wide == {}, f"prize lists past the phone's edge: {prizes_wide}"


# Each occurrence of one of the phrases in the page's main text laid out on
# more than one line.
PHRASES_SPLIT = """
(phrases) => {
  const found = [];
  const main = document.querySelector('main');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  // The text of the page with each character's node and offset, so that a
  // phrase across two nodes ("posto" in one span, the number in another) is found.
  const chars = [];
  for (const node of nodes)
    for (let i = 0; i < node.data.length; i++) chars.push([node, i]);
  const text = chars.map(([n, i]) => n.data[i]).join('').replace(/\\s/g, ' ');
  for (const phrase of phrases) {
    for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
      const [startNode, startAt] = chars[at];
      const [endNode, endAt] = chars[at + phrase.length - 1];
      const range = document.createRange();
      range.setStart(startNode, startAt);
      range.setEnd(endNode, endAt + 1);
      const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const rows = new Set(rects.map(r => Math.round(r.top / 4)));
      if (rows.size > 1) found.push(phrase);
    }
  }
  return found;
}
"""


@pytest.mark.parametrize("language", ["ro", "it"])
def test_a_seat_and_a_number_stay_whole_on_the_prediction_phone(
    browser, live_server, language
) -> None:
    """The prediction captain's order of play and bidding boxes wrote "posto"
    at a line's end and its "2" on the next ("n." and "9" too)."""
    *_, predictions = evening(language)
    captain = Table.objects.get(drive=predictions, number=1).captain_key
    with translation.override(language):
        phrases = [gettext("seat %(seat)s") % {"seat": n} for n in range(1, 6)]
        phrases += [gettext("no. %(number)s") % {"number": n} for n in range(1, 10)]
    page = logged_in(browser, live_server, SMALL_PHONE)
    page.goto(f"/t/{captain}/")
    keep_screenshot(page, f"phone-{language}-prediction-seats")
    assert page.evaluate(PHRASES_SPLIT, phrases) == []
