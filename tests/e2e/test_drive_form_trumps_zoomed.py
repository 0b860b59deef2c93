"""The new drive form's trump sequence on a 360 px phone zoomed to 200 % (a
180 px page): each hand's trump select stays inside the screen, its arrow
whole. In Russian the "Сдача N" selects ran
11 px past the screen's edge, their arrows cut."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.e2e.large_type import large_type
from tests.e2e.waits import settled
from tests.factories import ClubFactory, olive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Each trump select that passes the screen's edge (its arrow cut), and the
# page wider than the screen.
CUT = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const select of document.querySelectorAll('.trump-sequence select')) {
    const box = select.getBoundingClientRect();
    const words = select.options[select.selectedIndex].text;
    if (box.left < -0.5 || box.right > width + 0.5)
      found.push(`"${words}" from ${Math.round(box.left)} to ${Math.round(box.right)}px of ${width}px`);
  }
  if (document.documentElement.scrollWidth > width)
    found.push(`page ${document.documentElement.scrollWidth}px wide in ${width}px`);
  return found;
}"""


@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_trump_selects_fit_a_phone_at_200_percent(
    browser, live_server, language
) -> None:
    club = ClubFactory(language=language)
    olive(club)
    page = large_type(browser, live_server, "zoom", language, width=360)
    page.goto("/drives/new/?format=progressive")
    expect(page.locator("#id_name")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == language
    assert page.locator(".trump-sequence select").count() >= 5
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        page.locator(".trump-sequence").screenshot(
            path=f"{folder}/drive-form-trumps-200-{language}.png"
        )
    assert settled(page, lambda: page.evaluate(CUT)) == []
