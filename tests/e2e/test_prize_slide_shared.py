"""A prize shared by three on the projector (the MC's audit): the three names,
their scores and the words saying which prizes they share fit the screen of
an older projector, in the clubs' languages and their long names."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive import services as drive_services
from prizes import giving, giving_services
from prizes import services as prize_services
from tests.e2e.projector_drives import hall_drive
from tests.e2e.projector_screen import (
    HD,
    OFF_SCREEN,
    PAGE_HEIGHT,
    XGA,
    open_projector,
    shot,
    size_name,
)
from tests.factories import play_drive
from tests.prizes.fixtures import set_order

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("size", [XGA, HD], ids=size_name)
def test_a_prize_shared_by_three_fits_the_screen(browser, live_server, language, size):
    drive = hall_drive(language, players=8, hands=3, start=False)
    set_order(drive.club, "shared")  # level is shared: no tie-breaks
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall"
    )
    play_drive(drive, tricks=lambda deal: 7 + (deal.table == 1))
    steps = giving.prize_giving(drive=drive).steps
    assert len(steps[0].winners) == 3  # 3rd overall, shared with 2nd
    drive = giving_services.prize_giving_start(drive=drive)
    giving_services.prize_giving_step(drive=drive, action=giving_services.NEXT, seen=0)
    page = open_projector(browser, live_server, drive, size)
    expect(page.locator("#projector .prize-winners li")).to_have_count(3)
    shot(page, f"prize-shared-{language}-{size_name(size)}")
    parts = (
        "#projector .prize-title, #projector .prize-winners li, #projector .prize-note"
    )
    assert page.evaluate(OFF_SCREEN, parts) == []
    assert page.evaluate(PAGE_HEIGHT) <= 0
