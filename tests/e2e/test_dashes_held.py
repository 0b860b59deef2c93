"""A Russian dash never starts a line on a phone: the organiser's pages in
Russian, at every width from a 320 px phone's to a 480 px one's. On a 360 px
phone the door's form said "Стол (необязательно; иначе" over "— тот, за
который игрок сядет сначала)"; the drive's page's printing note and the
movement page's rule did the same at other widths. The catalogues hold each
spaced dash to the word before it (players.no_break.held_dashes)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.dash_lines import dashes_starting_lines
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, drive_with_players, olive

pytestmark = pytest.mark.e2e

PHONES = range(320, 481, 4)


@pytest.mark.parametrize("page_path", ["entries/", "", "movement/"])
def test_no_russian_dash_starts_a_line(browser, live_server, page_path) -> None:
    club = ClubFactory(name="Клуб «Пиковая дама»", language="ru")
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=2)
    context = browser.new_context(base_url=live_server.url, viewport=SMALL_PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    log_in(page)
    page.goto(f"/drives/{drive.pk}/{page_path}")
    keep_screenshot(page, f"dashes-ru-{page_path.strip('/') or 'drive'}")
    assert dashes_starting_lines(page, PHONES) == []
