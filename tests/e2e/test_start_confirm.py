"""Starting the drive on the smallest phone, with and without JavaScript: the
start button sits away from the door's name field (after the list of
entries), tapping it asks first, "Not yet" leaves the drive as it was, and
only the question's own button starts it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive, DriveState
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import drive_with_players, olive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def open_door(page: Page) -> Drive:
    drive = drive_with_players(players=8, start=False, hands=4)
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page)
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    return drive


def start_deliberately(page: Page, drive: Drive) -> None:
    name_field = page.locator("#id_name")
    start = page.get_by_role("button", name="Start the drive")
    entries = page.locator("table.entries")
    expect(start).to_have_count(1)
    # Not beside the name field: the whole list of entries lies between them.
    field_box = name_field.bounding_box()
    list_box = entries.bounding_box()
    start_box = start.bounding_box()
    assert field_box and list_box and start_box
    assert field_box["y"] + field_box["height"] <= list_box["y"]
    assert list_box["y"] + list_box["height"] <= start_box["y"]
    assert start_box["y"] - (field_box["y"] + field_box["height"]) > 200
    # And the name field's own form holds no start button.
    assert page.locator("form.register button", has_text="Start the drive").count() == 0

    start.click()
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    expect(page.get_by_text("8 players are checked in.")).to_be_visible()
    expect(page.locator("#headcount")).to_contain_text("2 tables")
    keep_screenshot(page, "start-confirm")
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN

    page.get_by_role("button", name="Not yet").click()
    expect(page.get_by_role("heading", name="Players", exact=True)).to_be_visible()
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN

    page.get_by_role("button", name="Start the drive").click()
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    expect(page.get_by_role("heading", name="Round 1 seating")).to_be_visible()
    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY


def test_starting_asks_first_without_javascript(small_phone_without_javascript: Page):
    page = small_phone_without_javascript
    start_deliberately(page, open_door(page))


def test_starting_asks_first_with_javascript(page: Page):
    page.set_viewport_size(SMALL_PHONE)
    start_deliberately(page, open_door(page))
