"""The drive's form on a 360 px phone with its text at 200 % (the phone's
text size setting): in every language the page is no wider than the screen.

The Polish form was 394 px wide in 360 px, a sideways scroll on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import keep_screenshot, larger_text
from tests.e2e.large_type import large_type
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT
from tests.factories import ClubFactory, olive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Each box that reaches past the screen's right edge, the deepest first.
WIDEST = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.right > width + 0.5)
      found.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.innerText || '').trim().slice(0, 30)}" to ${Math.round(box.right)}px`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.right > width + 0.5)
        found.push(`text "${node.data.trim().slice(0, 40)}" in ${node.parentElement.tagName.toLowerCase()}.${node.parentElement.className} to ${Math.round(r.right)}px`);
  }
  return found.slice(0, 12);
}
"""


@pytest.mark.parametrize("format", ("progressive", "rubber", "prediction"))
@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_drive_form_fits_a_phone_in_large_type(
    browser, live_server, language, format
) -> None:
    club = ClubFactory(language=language)
    olive(club)
    page = large_type(browser, live_server, "text", language, width=360)
    page.goto(f"/drives/new/?format={format}")
    expect(page.locator("#id_name")).to_be_visible()
    larger_text(page, 200)
    keep_screenshot(page, f"drive-form-{language}-{format}-large-type")
    width, scroll = page.evaluate(
        "[document.documentElement.clientWidth, document.documentElement.scrollWidth]"
    )
    assert width == 360
    assert scroll <= width, page.evaluate(WIDEST)
    assert overflow(page) == []
    # The choices' words whole on their lines ("Полупартнёрский" was cut in three).
    assert page.evaluate(SPLIT, ["main label.choice", []]) == []
