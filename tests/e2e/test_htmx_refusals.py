"""In a browser: a refused htmx request for a part of a page (a row of the
door's list, the drive form's honours line) never puts a whole page inside
the part. The message comes in the page's notice area, and what the person
typed stays (players.htmx_refusal)."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.htmx_pages import one_page
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_row_of_an_entry_removed_meanwhile_says_so_in_the_notice_area(
    page: Page,
) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    drive = drive_with_players(players=8, start=False, club=club)
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page)
    page.get_by_label("Name", exact=True).fill("Mrs Hudson")
    entry = drive.entries.order_by("number").first()
    row = page.locator(f"#entry-{entry.number}")
    expect(row).to_be_visible()
    # Removed on another volunteer's phone, then tapped here.
    entry.delete()
    row.get_by_role("button", name=re.compile(r"^Large-print card for")).click()
    notice = page.locator("#messages [role=alert]")
    expect(notice).to_contain_text("not there any more")
    one_page(page)
    expect(page.get_by_label("Name", exact=True)).to_have_value("Mrs Hudson")


def test_a_change_after_the_session_ended_keeps_what_was_typed(page: Page) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/")
    log_in(page)
    page.get_by_label("Name", exact=True).fill("Christmas drive")
    chosen = page.locator("details.folded summary .chosen")
    before = chosen.text_content()
    # The session ends (timed out, or logged out in another tab); the
    # security token's cookie stays, as it does.
    cookies = page.context.cookies()
    page.context.clear_cookies()
    page.context.add_cookies([c for c in cookies if c["name"] != "sessionid"])
    page.locator("details.folded summary").click()
    page.get_by_label("Count honours").check()
    notice = page.locator("#messages [role=alert]")
    expect(notice).to_contain_text("no longer logged in")
    one_page(page)
    expect(chosen).to_have_text(before)
    expect(page.get_by_label("Name", exact=True)).to_have_value("Christmas drive")
    expect(page.get_by_label("Count honours")).to_be_checked()
    expect(notice.get_by_role("link", name="Log in")).to_have_attribute(
        "href", "/login/?next=/drives/new/"
    )


def test_a_part_of_a_page_kept_open_for_another_club_says_so_in_the_notice_area(
    page: Page,
) -> None:
    """The new drive's form open in Village Hall Whist; the club changed to
    an Italian club in another tab; then a change to the form here (the
    honours line, asked for by htmx): said in the notice area, with the
    ways on, and what was typed stays (players.access)."""
    hall = ClubFactory(name="Village Hall Whist")
    circolo = ClubFactory(name="Circolo del Whist", language="it")
    olive(hall)
    olive(circolo)
    log_in(page, lands_on="/club/")
    page.click(f"button[value='{hall.pk}']")
    page.wait_for_url("**/drives/")
    page.goto("/drives/new/")
    page.get_by_label("Name", exact=True).fill("Christmas drive")
    other_tab = page.context.new_page()
    other_tab.goto("/club/")
    other_tab.click(f"button[value='{circolo.pk}']")
    other_tab.wait_for_url("**/drives/")
    other_tab.close()
    page.locator("details.folded summary").click()
    page.get_by_label("Count honours").check()
    notice = page.locator("#messages [role=alert]")
    expect(notice).to_contain_text("Questo modulo era per il club «Village Hall Whist»")
    expect(
        notice.get_by_role("button", name=re.compile("Village Hall Whist"))
    ).to_be_visible()
    one_page(page)
    expect(page.get_by_label("Name", exact=True)).to_have_value("Christmas drive")
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        page.screenshot(path=f"{folder}/another-club-notice-it.png")
    # Back to the form's club: the form again, in that club.
    notice.get_by_role("button", name=re.compile("Village Hall Whist")).click()
    page.wait_for_url("**/drives/new/")
    expect(page.locator(".site-header .brand")).to_have_text("Village Hall Whist")
