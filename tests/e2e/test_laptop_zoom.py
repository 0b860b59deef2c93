"""The organiser's laptop pages at the browser's zoom of 200 % on a 1366x768
screen (a 683x384 CSS page of twice-sized pixels), in Russian and Polish: the
room (which tables are done), the seating, the score grid and the new drive's
form. None scrolls sideways, no control passes the screen's edge, and each
page's main action is on the page, whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot
from tests.e2e.large_type import DOOR, NAMES
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_round,
)

pytestmark = pytest.mark.e2e


# Each button, link or field whose words are cut (wider than its box), and
# each table whose columns pass its scrolling box's edge (the grid's last
# column, the revoke, was under the edge: "Рен").
CUT = """
() => [...document.querySelectorAll('main button, main a.button, main select, main label, main th, main summary, main .scroll-x')]
  .filter(el => !el.matches('.visually-hidden') && el.getBoundingClientRect().width && el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 40)}" ${el.scrollWidth}px in ${el.clientWidth}px`)
"""


@pytest.mark.parametrize("language", ("ru", "pl"))
def test_the_organisers_laptop_pages_fit_at_200_percent_zoom(
    browser, live_server, language
) -> None:
    club = ClubFactory(language=language)
    olive(club)
    drive = drive_with_players(players=16, club=club)
    for entry, name in zip(
        drive.entries.order_by("number"), NAMES[language], strict=False
    ):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    play_round(drive)
    door = drive_with_players(players=16, club=club, start=False)
    context = browser.new_context(
        base_url=live_server.url,
        locale=language,
        viewport={"width": 683, "height": 384},
        device_scale_factor=2,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    log_in(page)
    pages = {
        "room": f"/drives/{drive.pk}/room/",
        "seating": f"/drives/{drive.pk}/seating/",
        "scores": f"/drives/{drive.pk}/scores/",
        "new drive": "/drives/new/",
        "door": f"/drives/{door.pk}/entries/",
    }
    found = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("main")).to_be_visible()
        assert page.locator("html").get_attribute("lang") == language
        keep_screenshot(page, f"laptop-{language}-{name.replace(' ', '-')}")
        faults = overflow(page) + page.evaluate(CUT)
        # The drive's menu folds (it named every page in five rows, half
        # the screen, and the room's tables began on the second screen).
        menu = page.evaluate(
            "() => { const n = document.querySelector('.drive-nav');"
            " return n ? n.getBoundingClientRect().height : 0; }"
        )
        if menu > page.evaluate("innerHeight") / 4:
            faults.append(f"the drive's menu {menu:.0f}px high")
        if name == "door":
            below = page.evaluate(DOOR)
            if below["button"] > below["height"] or below["cut"]:
                faults.append(below)
        if faults:
            found[name] = faults
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
