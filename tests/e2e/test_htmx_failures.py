"""In a browser: an htmx request that fails (the server's 500, a proxy's 502,
no connection at all) says so in the page's notice area, in the page's
language, and puts nothing where the part would have gone; what was typed
stays (players.htmx_refusal, static/js/failures.js). htmx by itself shows
nothing for any of these."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.htmx_pages import PROXY_PAGE, one_page
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def shot(page: Page, name: str) -> None:
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def at_the_door(page: Page, language: str = "en-gb"):
    """The door's list of a drive of eight, Mrs Hudson's name half typed in
    the form for the next arrival; the first entry's row."""
    club = ClubFactory(name="Village Hall Whist", language=language)
    olive(club)
    drive = drive_with_players(players=8, start=False, club=club)
    page.goto(f"/drives/{drive.pk}/entries/")
    # The door's page, loaded by the login's form post: log_in returns once
    # its scripts (htmx, the failures' notices) have run, before anything is
    # tapped; a tap earlier would post as a page without JavaScript does, and
    # the failure the test makes would be the whole page.
    log_in(page)
    name = page.locator("input[name=name]").first
    name.fill("Mrs Hudson")
    entry = drive.entries.order_by("number").first()
    row = page.locator(f"#entry-{entry.number}")
    expect(row).to_be_visible()
    return entry, row, name


def paid_button(row):
    return row.locator("button[name=action][value=paid]")


def test_a_row_the_server_failed_says_so_and_is_left_as_it_was(
    page: Page, monkeypatch
) -> None:
    def fails(**kwargs):
        raise RuntimeError("the database went away")

    entry, row, name = at_the_door(page)
    before = row.inner_text()
    monkeypatch.setattr("drive.money_services.entry_set_paid", fails)
    paid_button(row).click()
    notice = page.locator("#messages [role=alert]")
    expect(notice).to_contain_text(
        "Something went wrong on the server, so this may not have been saved."
    )
    shot(page, "failure-500-en")
    one_page(page)
    expect(page.get_by_text("could not show this page")).to_have_count(0)
    assert row.inner_text() == before
    expect(name).to_have_value("Mrs Hudson")
    entry.refresh_from_db()
    assert not entry.paid


def test_a_proxys_502_and_a_lost_connection_say_so_in_the_pages_language(
    page: Page,
) -> None:
    entry, row, name = at_the_door(page, language="pl")
    before = row.inner_text()
    action = re.compile(rf"/drives/\d+/entries/{entry.pk}/")

    # The web server behind the proxy is down: the proxy's own page.
    page.route(
        action,
        lambda route: route.fulfill(
            status=502, body=PROXY_PAGE, content_type="text/html"
        ),
    )
    paid_button(row).click()
    notice = page.locator("#messages [role=alert]")
    expect(notice).to_contain_text(
        "Coś poszło nie tak na serwerze, więc to mogło nie zostać zapisane."
    )
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)
    assert row.inner_text() == before

    # The hall's Wi-Fi drops: no answer at all.
    page.unroute(action)
    page.route(action, lambda route: route.abort("internetdisconnected"))
    paid_button(row).click()
    expect(notice).to_contain_text(
        "Nie udało się połączyć z serwerem, więc to mogło nie zostać zapisane."
    )
    shot(page, "failure-lost-pl")
    one_page(page)
    assert row.inner_text() == before
    expect(name).to_have_value("Mrs Hudson")
    entry.refresh_from_db()
    assert not entry.paid

    # Back: the same button works, and the notice has gone.
    page.unroute(action)
    paid_button(row).click()
    expect(paid_button(row)).to_have_count(0)
    expect(notice).to_have_count(0)
    entry.refresh_from_db()
    assert entry.paid


def test_a_link_that_fails_is_followed_as_without_javascript(page: Page) -> None:
    """A boosted link answered by a proxy's 502: htmx would leave the person
    on the page with no word; the browser opens the address itself and shows
    what it is given, as it does for a link without JavaScript."""
    at_the_door(page)
    seasons = re.compile(r"/seasons/$")

    page.route(
        seasons,
        lambda route: route.fulfill(
            status=502, body=PROXY_PAGE, content_type="text/html"
        ),
    )
    with page.expect_request(
        lambda request: (
            seasons.search(request.url) and not request.headers.get("hx-request")
        )
    ):
        page.locator(".site-nav summary").click()
        page.locator(".site-links a[href='/seasons/']").click()
    expect(page.get_by_text("502 Bad Gateway")).to_be_visible()
    expect(page.locator("#messages")).to_have_count(0)
