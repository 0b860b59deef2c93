"""The projector from the hall's laptop at the browser's zoom of 100 % and
110 % (a 931x698 CSS page of 1.1-sized pixels on a 1024x768 screen), on
the screens projectors come in, in Russian and Polish (the longest words),
with the script and without it (a kiosk browser): the slide fits the screen
exactly, with no scrollbar, and its type is no smaller than the projector's
floor. Without the script the board passed a 1024 x 768 screen's edge by
64-70 px at 100 % and by 125-134 px at 110 %, a 1280 x 720 one's in Polish
by 13 px (23 at 110 %)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.projector_drives import giving_under_way, in_play
from tests.e2e.projector_screen import (
    HD,
    OFF_SCREEN,
    SCROLLS,
    XGA,
    open_projector,
    size_name,
)

pytestmark = pytest.mark.e2e

ZOOMS = {"100": 1.0, "110": 1.1}
# The board's type as the hall sees it, in the screen's pixels.
TYPE_PX = "li => parseFloat(getComputedStyle(li).fontSize) * devicePixelRatio"


@pytest.mark.parametrize("zoom", ZOOMS.values(), ids=ZOOMS.keys())
@pytest.mark.parametrize("size", [XGA, HD], ids=size_name)
@pytest.mark.parametrize("language", ["ru", "pl"])
def test_the_board_and_the_race_fit_the_screen_at_110_percent(
    browser, live_server, language, size, zoom
) -> None:
    drive = in_play(language)
    for script in (True, False):
        page = open_projector(
            browser, live_server, drive, size, zoom=zoom, script=script
        )
        rows = page.locator("#projector ol.projector-board li")
        expect(rows).to_have_count(21)
        if script:
            page.wait_for_function(
                "() => document.querySelector('#projector ol.projector-board').fitted"
            )
        seen = f"{'script' if script else 'no script'}: {page.evaluate(SCROLLS)}"
        assert seen.endswith("{'down': 0, 'across': 0}"), seen
        parts = (
            "#projector header, #projector h1, #projector p,"
            " #projector ol.projector-board li:not([hidden]), .projector-clock"
        )
        assert page.evaluate(OFF_SCREEN, parts) == [], script
        first = page.locator("#projector ol.projector-board li:not([hidden])").first
        assert first.evaluate(TYPE_PX) >= 1.3 * 18 - 0.5, script
        page.goto(f"/drives/{drive.pk}/projector/?board=race")
        expect(page.locator("#race svg")).to_be_visible()
        assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}, script
        assert page.evaluate(OFF_SCREEN, "#projector h1, #race svg") == [], script
        page.context.close()


@pytest.mark.parametrize("zoom", ZOOMS.values(), ids=ZOOMS.keys())
@pytest.mark.parametrize("size", [XGA, HD], ids=size_name)
@pytest.mark.parametrize("language", ["ru", "pl"])
def test_the_prize_slide_fits_the_screen_at_110_percent(
    browser, live_server, language, size, zoom
) -> None:
    drive = giving_under_way(language)
    for script in (True, False):
        page = open_projector(
            browser, live_server, drive, size, zoom=zoom, script=script
        )
        expect(page.locator("#projector .prize-winners li").first).to_be_visible()
        assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}, script
        parts = "#projector .prize-title, #projector .prize-winners li"
        assert page.evaluate(OFF_SCREEN, parts) == [], script
        page.context.close()
