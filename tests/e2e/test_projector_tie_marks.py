"""The projector's final board of a 40-player evening, in Romanian and
Russian, with the mark on the places a tie-break decided and the key on the
subtitle's line: the board keeps the columns, type, row heights and cells'
places it has without them (an earlier note on each row made the Romanian board three
columns, not two), the key is at most two lines, and the mark is as large as
the place it follows and takes none of the number's room."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import keep_screenshot
from tests.e2e.projector_drives import demo_evening
from tests.e2e.projector_screen import FITTED, HD, WITHOUT, projector_tab
from tests.e2e.sign_in import log_in

pytestmark = pytest.mark.e2e


# The board as laid out: its columns (the rows' left edges), its type, each
# row's height and where its cells start; the key's lines; each mark's size beside its place's and
# whether it reaches into the number's box.
LAYOUT = """() => {
  const board = document.querySelector('#projector ol.projector-board');
  const rows = [...board.querySelectorAll('li')];
  const key = document.querySelector('#projector .tie-key');
  const marks = [...board.querySelectorAll('.tie-mark')].map((mark) => {
    const sign = mark.querySelector('[aria-hidden]');
    const rank = mark.closest('.rank');
    const range = document.createRange();
    range.selectNodeContents(sign);
    const box = range.getBoundingClientRect();
    const no = rank.parentNode.querySelector('.no').getBoundingClientRect();
    return {
      size: parseFloat(getComputedStyle(sign).fontSize),
      rank: parseFloat(getComputedStyle(rank).fontSize),
      into: box.right - no.left,
    };
  });
  return {
    columns: new Set(rows.map((r) => Math.round(r.getBoundingClientRect().left))).size,
    type: board.style.fontSize,
    heights: rows.map((r) => Math.round(r.getBoundingClientRect().height * 10) / 10),
    cells: rows.map((r) => ['.no', '.name', '.total'].map(
      (cell) => Math.round(r.querySelector(cell).getBoundingClientRect().left * 10) / 10)),
    key: key ? Math.round(key.getBoundingClientRect().height
      / parseFloat(getComputedStyle(key).lineHeight)) : 0,
    marks: marks,
    pages: (document.getElementById('projector-page') || {}).textContent || '',
  };
}"""


@pytest.mark.parametrize("language", ["ro", "ru"])
def test_the_tie_marks_and_key_leave_the_board_as_it_was(
    browser, live_server, language
) -> None:
    drive = demo_evening(language)
    page = projector_tab(browser, live_server, HD, locale=language)
    log_in(page)
    for width, height in ((1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/drives/{drive.pk}/projector/")
        expect(page.locator("#projector ol.projector-board li")).to_have_count(40)
        page.wait_for_function(FITTED)
        shown = page.evaluate(LAYOUT)
        keep_screenshot(page, f"projector-tie-marks-{language}-{width}")
        assert shown["marks"] and 1 <= shown["key"] <= 2, shown
        for mark in shown["marks"]:
            assert mark["size"] == mark["rank"] and mark["into"] <= 0, shown
        page.evaluate(WITHOUT)
        page.wait_for_function(FITTED)
        plain = page.evaluate(LAYOUT)
        assert (shown["columns"], shown["type"], shown["pages"]) == (
            plain["columns"],
            plain["type"],
            plain["pages"],
        ), (shown, plain)
        assert shown["heights"] == plain["heights"], (shown, plain)
        # Every row's number, name and total where they were: no row wider.
        assert shown["cells"] == plain["cells"], (shown, plain)
    page.context.close()
