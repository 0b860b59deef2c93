"""A board that updates itself (htmx polling) whose poll fails: the page's
notice area says the board was not brought up to date, once however many
polls fail in a row, and the notice goes when a poll succeeds again
(static/js/failures.js). Without it a player's phone shows a stale board with
no word at all.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.htmx_pages import PROXY_PAGE
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_round,
)

pytestmark = pytest.mark.e2e

FAILED = (
    "Something went wrong on the server, so this part of the page was not "
    "brought up to date."
)
LOST = (
    "The server could not be reached, so this part of the page was not "
    "brought up to date."
)


def polls_only(handler):
    """A route handler that answers the page's own htmx polls with
    `handler` and lets the browser's other requests through."""

    def route(route):
        if route.request.headers.get("hx-request"):
            handler(route)
        else:
            route.continue_()

    return route


def poll(page, address: re.Pattern, milliseconds: int, *, fails: bool = False) -> None:
    """The page's clock run on by `milliseconds`, which sets off the board's
    poll, and the poll then answered (or, `fails`, failed) before the test
    goes on: a poll still waiting for its answer when the next is due is
    not sent again (htmx), so a route changed meanwhile would never be
    asked (on a busy machine the proxy's 502 came after the route had
    changed, and the Wi-Fi's loss was never seen)."""

    def ours(request) -> bool:
        return bool(address.search(request.url) and request.headers.get("hx-request"))

    event = "requestfailed" if fails else "requestfinished"
    with page.expect_event(event, predicate=ours):
        page.clock.run_for(milliseconds)


def proxy_502(route) -> None:
    route.fulfill(status=502, body=PROXY_PAGE, content_type="text/html")


def no_connection(route) -> None:
    route.abort("internetdisconnected")


def test_a_failed_poll_of_the_public_board_says_so_once_and_goes_when_it_works(
    browser, live_server
) -> None:
    drive = drive_with_players(players=8, hands=4)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive)
    context = browser.new_context(base_url=live_server.url, viewport=SMALL_PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.clock.install()
    page.goto(f"/p/{drive.public_key}/")
    note = page.locator("#boards .note").first
    expect(note).to_contain_text("After 1 of 4")
    board = re.compile(rf"/p/{drive.public_key}/")
    notices = page.locator("#messages [role=alert]")

    # The proxy in front of the server answers the board's poll with its 502.
    page.route(board, polls_only(proxy_502))
    poll(page, board, 31_000)
    expect(notices).to_have_count(1)
    expect(notices).to_be_visible()
    expect(notices).to_contain_text(FAILED)
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)
    keep_screenshot(page, "public-board-poll-failed")

    # Poll after poll fails: still one notice, not one a poll, and the same
    # one, so a screen reader is not told it again every half minute.
    notices.evaluate("(notice) => { notice.dataset.seen = 'yes'; }")
    poll(page, board, 31_000)
    poll(page, board, 31_000)
    expect(page.locator("#messages li")).to_have_count(1)
    expect(notices).to_have_attribute("data-seen", "yes")

    # The phone loses the hall's Wi-Fi: the notice says so instead.
    page.unroute(board)
    page.route(board, polls_only(no_connection))
    poll(page, board, 31_000, fails=True)
    expect(notices).to_contain_text(LOST)
    expect(page.locator("#messages li")).to_have_count(1)

    # Back: the next poll brings the board up to date and the notice goes.
    page.unroute(board)
    written(page, lambda: play_round(drive))
    poll(page, board, 31_000)
    expect(note).to_contain_text("After 2 of 4")
    expect(notices).to_have_count(0)
    context.close()


def test_a_failed_poll_of_the_projector_says_so_and_goes_when_it_works(
    page: Page,
) -> None:
    club = ClubFactory()
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=4)
    play_round(drive)
    page.clock.install()
    page.goto(f"/drives/{drive.pk}/projector/")
    # Loaded by the login's form post: log_in returns once htmx has set up the
    # page's polls, before the clock is run on (run earlier, no poll is due
    # when it is set up).
    log_in(page)
    expect(page.locator("#projector").get_by_text("After 1 of 4")).to_be_visible()
    parts = re.compile(rf"/drives/{drive.pk}/projector/")
    notices = page.locator("#messages [role=alert]")

    page.route(parts, polls_only(proxy_502))
    page.clock.run_for(16_000)
    expect(notices).to_have_count(1)
    expect(notices).to_be_visible()
    expect(notices).to_contain_text(FAILED)
    # The next failed poll keeps the same notice (not a new one announced).
    notices.evaluate("(notice) => { notice.dataset.seen = 'yes'; }")
    page.clock.run_for(16_000)
    expect(page.locator("#messages li")).to_have_count(1)
    expect(notices).to_have_attribute("data-seen", "yes")
    keep_screenshot(page, "projector-poll-failed")

    page.unroute(parts)
    written(page, lambda: play_round(drive))
    page.clock.run_for(16_000)
    expect(page.locator("#projector").get_by_text("After 2 of 4")).to_be_visible()
    expect(notices).to_have_count(0)
