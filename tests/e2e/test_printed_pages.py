"""An organiser prints the seating from the browser to pin on the wall: the
paper has the tables and the players, not the round's chooser nor the
language and contrast links of the page's foot."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_round,
)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_printed_seating_has_no_chooser_and_no_foot(page: Page) -> None:
    drive = drive_with_players(players=8, hands=4)
    play_round(drive)  # two rounds seated: the chooser shows
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/seating/")
    log_in(page)
    page.goto(f"/drives/{drive.pk}/seating/?round=1")
    chooser = page.locator("form.round-pick")
    expect(chooser).to_be_visible()
    expect(page.locator("footer.site-footer")).to_be_visible()
    page.emulate_media(media="print")
    expect(chooser).to_be_hidden()
    expect(page.locator("footer.site-footer")).to_be_hidden()
    expect(page.get_by_role("heading", name="By table")).to_be_visible()
