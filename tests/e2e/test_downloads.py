"""An organiser downloads score cards (PDF) and the workbook from the drive's page."""

from __future__ import annotations

import re

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_drive,
)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_organiser_downloads_cards_and_workbook(page: Page, tmp_path) -> None:
    drive = drive_with_players(players=8, hands=2)
    play_drive(drive)
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/")
    log_in(page)
    expect(page.get_by_role("heading", name="Print and download")).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile(r"^Filled-in score cards")).click()
    download = download_info.value
    assert download.suggested_filename.endswith("-filled-cards.pdf")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and b"DejaVuSans" in data

    # The options form: US Letter, four cards a page.
    page.get_by_label("Print").select_option("slips")
    page.get_by_label("Paper").select_option("letter")
    page.get_by_label("Cards a page").select_option("4")
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download the PDF").click()
    slips = tmp_path / "slips.pdf"
    download_info.value.save_as(slips)
    assert b"/MediaBox [ 0 0 612 792 ]" in slips.read_bytes()

    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile(r"Workbook of every result")).click()
    workbook_path = tmp_path / "drive.xlsx"
    download_info.value.save_as(workbook_path)
    workbook = load_workbook(workbook_path, read_only=True)
    assert {"Results", "Deals", "Hands", "Movement"} <= set(workbook.sheetnames)
    rows = list(workbook["Results"].iter_rows(values_only=True))
    assert len(rows) == 1 + 8


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_layout_too_small_to_read_is_said_before_the_pdf(
    page: Page, tmp_path
) -> None:
    """Slips of 24 hands two to a page would be under 8 pt: the page says so,
    and its button downloads them one to a page."""
    drive = drive_with_players(players=8, hands=24)
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/")
    log_in(page)
    page.get_by_label("Print").select_option("slips")
    page.get_by_label("Cards a page").select_option("2")
    page.get_by_role("button", name="Download the PDF").click()
    expect(page.locator("#fewer-per-page")).to_contain_text(
        "2 to a page, “Travel slips” would print some words smaller than 8 pt"
    )
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download the PDF, 1 to a page").click()
    slips = tmp_path / "slips.pdf"
    download_info.value.save_as(slips)
    assert slips.read_bytes().startswith(b"%PDF")
