"""The public board on a phone brings itself up to date without htmx
(static/js/board.js, as captain.js does for the captain's page): its first
load fetches no htmx (the largest file it loaded, 16.5 KB over the hall's
Wi-Fi), and still

- asks for the board every 30 s with the ETag of the board it shows, so a
  poll that finds nothing new (304) replaces nothing;
- keeps the two forms inside the board as they are while a number is typed
  in one: its value and the cursor, with or without the browser's
  moveBefore (which moves an element keeping its state);
- stops asking once the drive is over (286);
- says in the notice area, in the page's language, that an update failed
  (failures.js's words), and takes the notice away once one succeeds.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from drive import services as drive_services
from players.htmx_refusal import FAILURES
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.csp_violations import WATCH_VIOLATIONS
from tests.e2e.htmx_pages import PROXY_PAGE
from tests.e2e.waits import written
from tests.factories import ClubFactory, drive_with_players, play_drive, play_round

pytestmark = pytest.mark.e2e


def shared_drive(language: str = "en-gb"):
    """A drive of eight over four hands, shared, its first round played."""
    drive = drive_with_players(players=8, club=ClubFactory(language=language), hands=4)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive)
    return drive


def phone(browser, live_server, language: str = "en-gb", **options) -> Page:
    context = browser.new_context(
        base_url=live_server.url, viewport=SMALL_PHONE, locale=language, **options
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    page.clock.install()
    return page


def board_path(drive) -> str:
    return f"/p/{drive.public_key}/"


def the_boards_poll(drive):
    """Whether a request is the board's own poll (not the page, not a file)."""
    path = board_path(drive)

    def ours(request) -> bool:
        return (
            urlsplit(request.url).path == path
            and request.headers.get("hx-request") == "true"
        )

    return ours


def polled(page: Page, drive, *, fails: bool = False):
    """The page's clock run on past the board's 30 s, which sets off its
    poll; returns the poll's request once it has been answered (or, `fails`,
    has failed)."""
    event = "requestfailed" if fails else "requestfinished"
    with page.expect_event(event, predicate=the_boards_poll(drive)) as asked:
        page.clock.run_for(31_000)
    return asked.value


def note(page: Page):
    return page.locator("#boards .note").first


def test_the_first_load_fetches_no_htmx_and_the_board_refreshes_by_its_etag(
    browser, live_server
):
    drive = shared_drive()
    page = phone(browser, live_server)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(board_path(drive))
    expect(note(page)).to_contain_text("After 1 of 4")
    page.wait_for_load_state("load")
    assert [url for url in fetched if "htmx" in url] == [], fetched
    assert page.evaluate("() => typeof window.htmx") == "undefined"
    scripts = sorted(urlsplit(url).path for url in fetched if url.endswith(".js"))
    assert scripts == ["/static/js/board.js", "/static/js/failures.js"], scripts

    # The first poll: the board as it is, with its ETag.
    first = polled(page, drive)
    answer = first.response()
    assert answer.status == 200
    tag = answer.headers["etag"]
    assert tag
    page.evaluate("() => { document.getElementById('boards').__seen = true; }")

    # Nothing new: the poll sends the tag, the server answers 304, and the
    # board on the page is the same element, not replaced.
    second = polled(page, drive)
    assert second.headers.get("if-none-match") == tag
    assert second.response().status == 304
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.getElementById('boards').__seen === true")

    # The next round: the board comes new, in the same place.
    written(page, lambda: play_round(drive))
    third = polled(page, drive)
    assert third.response().status == 200
    expect(note(page)).to_contain_text("After 2 of 4")
    assert page.evaluate("() => document.getElementById('boards').__seen") is None
    expect(page.locator("#boards")).to_have_count(1)
    assert page.evaluate("() => window.__violations") == []
    keep_screenshot(page, "public-board-without-htmx")


@pytest.mark.parametrize("move", ["moveBefore", "no moveBefore"])
@pytest.mark.parametrize("form", ["find-entry", "race-entry"])
def test_a_number_being_typed_stays_with_the_cursor_through_a_refresh(
    browser, live_server, move, form
):
    drive = shared_drive()
    page = phone(browser, live_server)
    if move == "no moveBefore":
        # A browser without it (Safari, Firefox): the form is moved as it is
        # and the cursor put back in it.
        page.add_init_script("delete Element.prototype.moveBefore;")
    page.goto(board_path(drive))
    moves = page.evaluate("() => typeof Element.prototype.moveBefore")
    assert moves == ("function" if move == "moveBefore" else "undefined")
    box = page.locator(f"#{form}")
    box.click()
    page.keyboard.type("5")
    written(page, lambda: play_round(drive))
    polled(page, drive)
    expect(note(page)).to_contain_text("After 2 of 4")
    expect(box).to_have_value("5")
    expect(box).to_be_focused()
    # The phone's keyboard still types into it.
    page.keyboard.type("2")
    expect(box).to_have_value("52")
    expect(page.locator(f"#{form}")).to_have_count(1)


def test_the_board_stops_asking_once_the_drive_is_over(browser, live_server):
    drive = shared_drive()
    page = phone(browser, live_server)
    page.goto(board_path(drive))
    expect(note(page)).to_contain_text("After 1 of 4")
    written(page, lambda: play_drive(drive))
    last = polled(page, drive)
    assert last.response().status == 286
    expect(page.get_by_role("link", name=re.compile("The results"))).to_be_visible()
    asked: list[str] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.url) if the_boards_poll(drive)(request) else None
        ),
    )
    page.clock.run_for(5 * 60_000)
    page.wait_for_timeout(500)
    assert asked == []


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_a_failed_refresh_says_so_in_the_pages_language_until_one_works(
    browser, live_server, language, monkeypatch
):
    with translation.override(language):
        failed = str(FAILURES["failed-show"])
        lost = str(FAILURES["lost-show"])
    drive = shared_drive(language)
    page = phone(browser, live_server, language)
    page.goto(board_path(drive))
    before = note(page).inner_text()
    notices = page.locator("#messages [role=alert]")
    poll = re.compile(rf"/p/{drive.public_key}/")

    def polls_only(answer):
        def route(route):
            if route.request.headers.get("hx-request"):
                answer(route)
            else:
                route.continue_()

        return route

    # A proxy's 502: the words of failures.js, and the board left as it was.
    page.route(
        poll,
        polls_only(
            lambda route: route.fulfill(
                status=502, body=PROXY_PAGE, content_type="text/html"
            )
        ),
    )
    polled(page, drive)
    expect(notices).to_have_text(failed)
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)
    assert note(page).inner_text() == before
    # Again: still the one notice, not said again.
    notices.evaluate("(notice) => { notice.dataset.seen = 'yes'; }")
    polled(page, drive)
    expect(page.locator("#messages li")).to_have_count(1)
    expect(notices).to_have_attribute("data-seen", "yes")
    keep_screenshot(page, f"public-board-failed-{language}")

    # The hall's Wi-Fi gone.
    page.unroute(poll)
    page.route(poll, polls_only(lambda route: route.abort("internetdisconnected")))
    polled(page, drive, fails=True)
    expect(notices).to_have_text(lost)
    expect(page.locator("#messages li")).to_have_count(1)

    # The server itself fails: its own words in the notice area, nothing
    # where the board is.
    page.unroute(poll)

    def fails(*args, **kwargs):
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr("scoring.views.room._public_context", fails)
        assert polled(page, drive).response().status == 500
        expect(notices).to_have_text(failed)
        # One page: no error page inside it (the board has its own header).
        expect(page.locator("h1")).to_have_count(1)
        expect(page.locator("footer.site-footer")).to_have_count(1)
        assert note(page).inner_text() == before

    # Back: the next poll brings the board up to date and the notice goes.
    written(page, lambda: play_round(drive))
    polled(page, drive)
    expect(note(page)).not_to_have_text(before)
    expect(notices).to_have_count(0)
    assert page.evaluate("() => window.__violations") == []
