"""The prize table of the results on a 360 px phone with its text at 200 %,
as an older player in the hall reads it: in Italian and Romanian the
winner's column was two letters wide ("Ro", "Silv", "Costic"), the rest of
each name and every total past the screen's edge in the table's scrolling
box. Now each prize's title has the row's width, and under it the winner's
number and whole name and the total, all on the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive import services as drive_services
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.large_type import named_in
from tests.factories import ClubFactory, drive_with_players, play_drive, varied_tricks

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}

# Each prize row's winner and total cells off the screen (or hidden past the
# edge of a scrolling box), and a winner's cell narrower than half the table.
CUT = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const box of document.querySelectorAll('.scroll-x:has(> table.prizes)'))
    if (box.scrollWidth > box.clientWidth + 0.5)
      found.push(`prize table ${box.scrollWidth}px wide in a box of ${box.clientWidth}px`);
  for (const row of document.querySelectorAll('#prizes table.prizes tbody tr')) {
    const table = row.closest('table').getBoundingClientRect();
    const [, who, total] = row.children;
    if (!total) continue;
    for (const cell of [who, total]) {
      const r = cell.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5)
        found.push(`"${cell.innerText.trim()}" from ${Math.round(r.left)} to ${Math.round(r.right)}px of ${width}px`);
    }
    const w = who.getBoundingClientRect().width;
    if (w < 0.5 * table.width)
      found.push(`"${who.innerText.trim()}" in ${Math.round(w)} of ${Math.round(table.width)}px`);
  }
  return found;
}
"""


@pytest.mark.parametrize("language", ("it", "ro"))
def test_the_prize_table_shows_each_winner_and_total_in_large_type(
    browser, live_server, language
) -> None:
    club = ClubFactory(language=language)
    drive = named_in(drive_with_players(players=10, club=club), language)
    drive = play_drive(drive, tricks=varied_tricks)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    context = browser.new_context(
        base_url=live_server.url, locale=language, viewport=PHONE, bypass_csp=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/p/{drive.public_key}/results/")
    rows = page.locator("#prizes table.prizes tbody tr")
    expect(rows.first).to_be_visible()
    assert page.locator("html").get_attribute("lang") == language
    larger_text(page, 200)
    keep_screenshot(page, f"prize-table-large-type-{language}")
    assert page.evaluate(CUT) == []
    # Each winner's whole name is on the screen, in its row.
    names = rows.locator("td:nth-child(2)").all_inner_texts()
    assert any(name.strip() for name in names), names
    context.close()
