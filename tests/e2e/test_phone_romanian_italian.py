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

from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.test_phone_layout import SPLIT_WORDS, evening, logged_in

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
