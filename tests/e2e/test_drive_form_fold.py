"""Honours and revokes fold away on the drive's form (most drives count
tricks only): closed, its line says what is chosen; without JavaScript it
opens on a tap, and a mistake in it brings the form back with it open."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from tests.e2e.conftest import keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    DriveFactory,
    olive,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_honours_and_revokes_open_on_a_tap_and_at_a_mistake(
    small_phone_without_javascript: Page,
) -> None:
    page = small_phone_without_javascript
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="american",
    )
    page.goto(f"/drives/{drive.pk}/edit/")
    log_in(page)
    fold = page.locator("details.folded")
    summary = fold.locator("summary")
    expect(summary).to_have_text(
        re.compile(
            r"Honours and revokes\s+honours not counted; a revoke gives the opponents 2 points"
        )
    )
    count = page.get_by_label("Count honours")
    expect(count).to_be_hidden()
    summary.click()
    expect(count).to_be_visible()
    count.check()
    page.get_by_role("button", name="Save").click()
    # Refused (American whist has no honours): the section is open with the
    # mistake at its field, and the line says what was chosen.
    expect(page.get_by_text("has no honours").first).to_be_visible()
    expect(page.locator("details.folded")).to_have_attribute("open", "")
    expect(page.get_by_label("Count honours")).to_be_checked()
    expect(page.locator("details.folded summary")).to_contain_text("honours counted")
    keep_screenshot(page, "drive-form-honours-open-at-a-mistake")
    drive.refresh_from_db()
    assert not drive.count_honours


def test_with_javascript_the_line_follows_what_is_ticked(page: Page) -> None:
    """The line under the heading is the server's, asked again as the
    organiser ticks inside (and as a rubber drive's preset changes)."""
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/?format=rubber")
    log_in(page)
    chosen = page.locator("details.folded summary .chosen")
    # A new rubber drive counts honours as its preset, English short whist, does.
    expect(chosen).to_have_text(
        "honours counted: three 2, four 4; a revoke passes 3 tricks"
    )
    page.locator("details.folded summary").click()
    page.get_by_label("Count honours").uncheck()
    expect(chosen).to_have_text("honours not counted; a revoke passes 3 tricks")
    page.get_by_label("Count honours").check()
    expect(chosen).to_have_text(
        "honours counted: three 2, four 4; a revoke passes 3 tricks"
    )
    page.get_by_role("radio", name="The offenders lose points").check()
    expect(chosen).to_have_text(
        "honours counted: three 2, four 4; a revoke loses 3 points"
    )
    # Left "as the preset", the honours follow the rubber preset chosen below.
    page.get_by_role("radio", name=re.compile(r"^Russian whist")).check()
    expect(chosen).to_have_text(
        "honours counted: three 3, four 4; a revoke loses 3 points"
    )
    assert not Drive.objects.exists()


def summary_requests(page: Page) -> list[str]:
    """The honours line's requests the page sends from now on."""
    sent: list[str] = []
    page.on(
        "request",
        lambda request: (
            sent.append(request.url)
            if "honours_summary" in (request.post_data or "")
            else None
        ),
    )
    return sent


def test_the_line_is_asked_for_only_when_a_setting_of_it_changes(page: Page) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/")
    log_in(page)
    chosen = page.locator("details.folded summary .chosen")
    expect(chosen).to_have_text("honours not counted; a revoke passes 3 tricks")
    sent = summary_requests(page)
    page.get_by_label("Name", exact=True).fill("Christmas drive")
    page.get_by_label("Date").fill("2026-12-18")
    page.get_by_label("Venue").fill("Village hall")
    page.get_by_label("Number of hands").fill("20")
    page.get_by_label("Number of hands").blur()
    page.wait_for_timeout(500)
    assert sent == []
    page.locator("details.folded summary").click()
    page.get_by_label("Count honours").check()
    expect(chosen).to_have_text(
        "honours counted: three 2, four 4; a revoke passes 3 tricks"
    )
    assert len(sent) == 1


def test_count_honours_follows_the_rubber_preset_until_ticked_by_hand(
    page: Page,
) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/?format=rubber")
    log_in(page)
    chosen = page.locator("details.folded summary .chosen")
    count = page.get_by_label("Count honours")
    expect(count).to_be_checked()
    # The preset changed, the box left alone: it says what the preset does.
    page.get_by_role("radio", name=re.compile(r"^American whist")).check()
    expect(count).not_to_be_checked()
    expect(chosen).to_contain_text("honours not counted")
    page.get_by_role("radio", name=re.compile(r"^Russian whist")).check()
    expect(count).to_be_checked()
    expect(chosen).to_contain_text("honours counted: three 3, four 4")
    # Cleared by hand: the organiser's choice stays as the preset changes.
    page.locator("details.folded summary").click()
    count.uncheck()
    expect(chosen).to_contain_text("honours not counted")
    page.get_by_role("radio", name=re.compile(r"^English short whist")).check()
    expect(chosen).to_contain_text("a revoke passes 3 tricks")
    expect(count).not_to_be_checked()
    expect(chosen).to_contain_text("honours not counted")
    page.get_by_label("Hands per round").select_option("12")
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Whist drive")).to_be_visible()
    drive = Drive.objects.get()
    assert (drive.rubber_preset, drive.count_honours) == ("english", False)


def test_a_followed_box_is_saved_as_shown(page: Page) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/?format=rubber")
    log_in(page)
    count = page.get_by_label("Count honours")
    page.get_by_role("radio", name=re.compile(r"^American whist")).check()
    expect(count).not_to_be_checked()
    page.get_by_role("radio", name=re.compile(r"^Long whist")).check()
    expect(count).to_be_checked()
    page.get_by_label("Hands per round").select_option("12")
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Whist drive")).to_be_visible()
    drive = Drive.objects.get()
    assert (drive.rubber_preset, drive.count_honours) == ("long", True)
