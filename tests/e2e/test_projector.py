"""The projector in a hall: every player's line on the screen, by a click or by
its address, however many came."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import drive_menu, keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_round,
)

pytestmark = pytest.mark.e2e

ON_SCREEN = """() => {
    const rows = [...document.querySelectorAll('#projector ol.projector-board li')];
    const shown = rows.filter((row) => !row.hidden);
    const off = shown.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > window.innerHeight || box.right > window.innerWidth;
    });
    return {
        all: rows.length,
        shown: shown.map((row) => row.querySelector('.no').textContent),
        off: off.length,
        size: parseFloat(getComputedStyle(rows[0]).fontSize),
        page: (document.getElementById('projector-page') || {}).textContent || '',
    };
}"""


def projector(page: Page, players: int, *, by_click: bool) -> None:
    club = ClubFactory()
    olive(club)
    drive = drive_with_players(players=players, club=club, hands=4)
    play_round(drive)
    page.clock.install()
    if by_click:
        page.goto(f"/drives/{drive.pk}/")
        log_in(page)
        drive_menu(page).get_by_role("link", name="Projector", exact=True).click()
    else:
        page.goto(f"/drives/{drive.pk}/projector/")
        log_in(page)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(players)


@pytest.mark.parametrize("by_click", [False, True])
def test_forty_players_fit_on_a_projector_screen(page: Page, by_click) -> None:
    """40 players at 1280 x 800: the type is made smaller and the columns
    more, so every line is on the screen at once (the last 9 of 23 were below
    its edge before)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    projector(page, 40, by_click=by_click)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    seen = page.evaluate(ON_SCREEN)
    assert seen["all"] == 40 and len(seen["shown"]) == 40, seen
    assert seen["off"] == 0, seen
    assert seen["size"] >= 1.3 * 16 and seen["page"] == "", seen
    keep_screenshot(page, f"projector-40{'-by-click' if by_click else ''}")


def test_a_hall_of_players_is_shown_a_screenful_at_a_time(page: Page) -> None:
    """200 players cannot be read from the back on one screen: each screenful
    is shown for one of the board's refreshes, until everyone has been."""
    page.set_viewport_size({"width": 1280, "height": 720})
    projector(page, 200, by_click=False)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    seen = page.evaluate(ON_SCREEN)
    assert seen["off"] == 0 and seen["size"] >= 1.3 * 16, seen
    pages = int(seen["page"].rsplit(" ", 1)[1])
    assert seen["page"] == f"Page 1 of {pages}" and pages > 1
    keep_screenshot(page, "projector-200")
    everyone = list(seen["shown"])
    for number in range(2, pages + 1):
        page.clock.run_for(15_000)  # the board's own refresh
        expect(page.locator("#projector-page")).to_have_text(
            f"Page {number} of {pages}"
        )
        seen = page.evaluate(ON_SCREEN)
        assert seen["off"] == 0, seen
        everyone += seen["shown"]
    assert sorted(map(int, everyone)) == list(range(1, 201))
    # After the last page, the refresh brings the next board (a group's), from
    # its first page.
    title = page.locator("#projector h1").text_content()
    page.clock.run_for(15_000)
    expect(page.locator("#projector h1")).not_to_have_text(title)
    expect(page.locator("#projector-page")).to_have_text(re.compile(r"^Page 1 of \d+$"))
