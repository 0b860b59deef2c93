"""The projector's final board of a 40-player evening, with the key to the
tie-break marks ("* Ten sam wynik – kolejność ustala: porównanie od
ostatniego rozdania."): the key stands beside the board's title and subtitle,
on lines they have, so each page holds as many rows as without it. At
1024 x 768 the board is two pages; the key went on a line of its own under
the subtitle there, and the first page showed 30 rows, not 32, in Polish,
Russian (28, not 30), Romanian and Italian. In all five languages, at
1024 x 768, 1280 x 720 and 1920 x 1080; the key in the subtitle's type."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import keep_screenshot
from tests.e2e.projector_drives import demo_evening
from tests.e2e.projector_screen import FITTED, WITHOUT, XGA, projector_tab
from tests.e2e.sign_in import log_in

pytestmark = pytest.mark.e2e

SCREENS = ((1024, 768), (1280, 720), (1920, 1080))

# The board as site.js fitted it: the rows on its first page, its type,
# columns and pages; the title's height and the key's type and lines.
SEEN = """() => {
  const board = document.querySelector('#projector ol.projector-board');
  const rows = [...board.querySelectorAll('li')];
  const title = document.querySelector('#projector .projector-title');
  const key = document.querySelector('#projector .tie-key');
  return {
    shown: rows.filter((row) => !row.hidden).length,
    type: board.style.fontSize,
    columns: board.style.columnCount,
    pages: (document.getElementById('projector-page') || {}).textContent || '',
    title: Math.round(title.getBoundingClientRect().height * 10) / 10,
    note: parseFloat(getComputedStyle(title.querySelector('.projector-note')).fontSize),
    key: key ? parseFloat(getComputedStyle(key).fontSize) : null,
    lines: key ? Math.round(key.getBoundingClientRect().height
      / parseFloat(getComputedStyle(key).lineHeight)) : 0,
  };
}"""


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_key_leaves_each_page_its_rows(browser, live_server, language) -> None:
    drive = demo_evening(language)
    page = projector_tab(browser, live_server, XGA, locale=language)
    log_in(page)
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/drives/{drive.pk}/projector/")
        expect(page.locator("#projector ol.projector-board li")).to_have_count(40)
        page.wait_for_function(FITTED)
        keep_screenshot(page, f"projector-tie-key-{language}-{width}")
        shown = page.evaluate(SEEN)
        page.evaluate(WITHOUT)
        page.wait_for_function(FITTED)
        plain = page.evaluate(SEEN)
        # The key in the subtitle's type, on one or two lines.
        assert shown["key"] == shown["note"] and 1 <= shown["lines"] <= 2, shown
        assert shown["title"] <= plain["title"] + 0.5, (width, shown, plain)
        for what in ("shown", "type", "columns", "pages"):
            assert shown[what] == plain[what], (width, what, shown, plain)
        if width == 1024:
            # Two pages there, the first as full as without the key.
            assert shown["pages"].endswith("2") and shown["shown"] >= 30, shown
    page.context.close()
