"""The prize-giving on the hall's projector, advanced from another device: the
projector follows each Next prize by itself, from the last prize up the list."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from prizes import giving, giving_services
from prizes import selectors as prize_selectors
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_drive,
    varied_tricks,
)

pytestmark = pytest.mark.e2e


def test_the_projector_follows_next_prize_pressed_on_another_page(
    page: Page, browser, live_server
) -> None:
    club = ClubFactory()
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    drive = play_drive(drive, tricks=varied_tricks)
    order = giving.giving_order(prize_selectors.drive_prizes(drive=drive).awards)
    assert len(order) >= 3
    # Under way: the last prize on the list is on the projector.
    drive = giving_services.prize_giving_start(drive=drive)
    giving_services.prize_giving_step(drive=drive, action=giving_services.NEXT, seen=0)

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/drives/{drive.pk}/projector/")
    log_in(page)
    title = page.locator("#projector .prize-title")
    expect(title).to_have_text(order[0].title)
    expect(page.locator("#projector .prize-winners")).to_contain_text(
        order[0].winners[0].name
    )

    # The organiser's phone, in a browser of its own.
    phone_context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 390, "height": 844}
    )
    phone_context.set_default_timeout(TIMEOUT_MS)
    phone = phone_context.new_page()
    phone.goto(f"/drives/{drive.pk}/prize-giving/")
    log_in(phone)
    for shown in order[1:3]:
        phone.get_by_role("button", name="Next prize").click()
        expect(phone.locator(".giving-now")).to_contain_text(shown.title)
        # The projector asks every few seconds and shows the new step.
        expect(title).to_have_text(shown.title)
        expect(page.locator("#projector .prize-winners")).to_contain_text(
            shown.winners[0].name
        )
    keep_screenshot(page, "projector-prize-giving")
    phone_context.close()
