"""Contrast for the back of a hall and for weak eyes (issue 36): every visible
text on the projector, and on the captain's phone and the public board in high
contrast, is at least 7:1 against its background (WCAG AAA), measured in the
browser: each element's own text colour against the first background under it
that is not transparent, by WCAG's relative luminance."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from drive import clock as round_clock
from drive.models import Drive, Table
from drive.services import public_link_set
from tests.e2e.conftest import keep_screenshot
from tests.e2e.contrast import assert_all_text_at_least_aaa, high_contrast
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = pytest.mark.e2e


def hall_drive() -> Drive:
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    return drive_with_players(players=8, club=club, hands=4, clock_minutes=10)


def time_up(drive: Drive) -> None:
    """The round's time ran out a moment ago: the clock at its reddest."""
    Drive.objects.filter(pk=drive.pk).update(
        clock_state=round_clock.RUNNING,
        clock_ends_at=timezone.now() - timedelta(seconds=5),
    )


@pytest.mark.parametrize("contrast", ["", "more"])
@pytest.mark.parametrize("clock", ["running", "up"])
def test_every_text_on_the_projector_is_seven_to_one(
    page: Page, live_server, contrast, clock
) -> None:
    """Read from the back of a hall: the projector's own dark theme and its
    high contrast both give every text 7:1 (the hearts and diamonds, the
    language switch and the clock at time up were below it)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    if contrast:
        high_contrast(page, live_server)
    drive = hall_drive()
    if clock == "up":
        time_up(drive)
    page.goto(f"/drives/{drive.pk}/projector/")
    log_in(page)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(8)
    if clock == "up":
        expect(page.locator(".clock-up")).to_be_visible()
    assert_all_text_at_least_aaa(page)
    keep_screenshot(page, f"contrast-projector-{clock}-{contrast or 'own'}")


def test_the_captains_phone_in_high_contrast_is_seven_to_one(
    page: Page, live_server
) -> None:
    high_contrast(page, live_server)
    drive = hall_drive()
    page.goto(f"/t/{Table.objects.get(drive=drive, number=1).captain_key}/")
    expect(page.locator("html")).to_have_class("contrast-more")
    assert_all_text_at_least_aaa(page)
    # The check before sending: the steps' buttons and the check's table too.
    page.get_by_role("button", name="N-S", exact=False).first.click()
    page.get_by_role("button", name="1", exact=True).click()
    assert_all_text_at_least_aaa(page)
    keep_screenshot(page, "contrast-captain")


def test_the_public_board_in_high_contrast_is_seven_to_one(
    page: Page, live_server
) -> None:
    high_contrast(page, live_server)
    drive = public_link_set(drive=hall_drive(), shared=True)
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("html")).to_have_class("contrast-more")
    assert_all_text_at_least_aaa(page)
    keep_screenshot(page, "contrast-public")


def test_a_device_asking_for_more_contrast_gets_it_unless_the_person_chose_normal(
    page: Page, live_server
) -> None:
    """prefers-contrast: more brings the theme with no choice made; the switch
    offers "Normal contrast", and pressing it (a plain form) turns it off."""
    page.emulate_media(contrast="more")
    drive = public_link_set(drive=hall_drive(), shared=True)
    page.goto(f"/p/{drive.public_key}/")
    assert_all_text_at_least_aaa(page)
    expect(page.get_by_role("button", name="High contrast")).to_be_hidden()
    page.get_by_role("button", name="Normal contrast").click()
    expect(page.locator("html")).to_have_class("contrast-normal")
    assert (
        page.evaluate(
            "getComputedStyle(document.body).getPropertyValue('--ink').trim()"
        )
        == "#1a1a1a"
    )
    page.get_by_role("button", name="High contrast").click()
    expect(page.locator("html")).to_have_class("contrast-more")


def test_the_organisers_room_in_high_contrast_is_seven_to_one(
    page: Page, live_server
) -> None:
    """Every page has the theme: the room, with its clock and bell, too."""
    high_contrast(page, live_server)
    drive = hall_drive()
    page.goto(f"/drives/{drive.pk}/room/")
    log_in(page)
    expect(
        page.get_by_role("button", name="Ring the bell on the projector")
    ).to_be_visible()
    assert_all_text_at_least_aaa(page)
