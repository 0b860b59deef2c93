"""A captain's phone on a poor line and beside another phone: an entry made
offline arrives once, a slow connection says sending and only a real loss
says offline, a send that went in before the line dropped says so, a second
phone that disagrees is refused, a phone left on a hand another phone entered
moves on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Table
from scoring import captain as captain_services
from scoring import services as scoring_services
from scoring.models import ResultStatus
from tests.e2e.captain_phone import (
    choose,
    phone_viewport,  # noqa: F401 (a fixture: this module's phones are PHONE-sized)
    results,
    shoot,
    two_table_drive,
)
from tests.e2e.conftest import link
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.e2e.waits import handed_over, written

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]
OFFLINE = "No connection to the organiser just now"


def test_an_entry_made_offline_arrives_exactly_once(phone) -> None:
    drive = two_table_drive()
    page = phone()
    context = page.context
    page.goto(link(drive, 1))
    choose(page, 10)
    context.set_offline(True)
    page.get_by_role("button", name="Send").click()
    queue = page.locator("#captain-queue")
    expect(queue).to_contain_text("Not sent yet")
    expect(queue).to_contain_text("Hand 1: N-S 10, E-W 3")
    assert results(drive, 1) == []
    # The phone is put away while offline; the page is opened again later.
    page.close()
    context.set_offline(False)
    page = context.new_page()
    page.goto(link(drive, 1))
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(page.locator("#captain-queue")).to_be_hidden()
    assert results(drive, 1) == [(1, 10, ResultStatus.CONFIRMED)]

    # Offline again for the next entry; the connection comes back with the page open.
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 6)
    other.get_by_role("button", name="Send").click()
    expect(page.locator(".hand-no")).to_contain_text("Hand 2")
    context.set_offline(True)
    choose(page, 8)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-queue")).to_contain_text("Not sent yet")
    context.set_offline(False)
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert results(drive, 1) == [
        (1, 10, ResultStatus.CONFIRMED),
        (2, 8, ResultStatus.CONFIRMED),
    ]


def test_a_second_phones_conflicting_result_is_refused_and_shown_to_the_organiser(
    phone,
) -> None:
    drive = two_table_drive()
    first, second = phone(), phone()
    # The second phone sends before it hears of the first one's result (it would
    # otherwise move on by itself): its asks for news do not get through.
    second.route(re.compile(r"/news/"), lambda route: route.abort())
    first.goto(link(drive, 1))
    second.goto(link(drive, 1))
    choose(first, 9)
    choose(second, 5)
    first.get_by_role("button", name="Send").click()
    expect(first.locator(".captain-big")).to_have_text("Waiting for table 2.")
    second.get_by_role("button", name="Send").click()
    notice = second.locator("#captain-notice")
    expect(notice).to_contain_text("already has a result: N-S 9, E-W 4")
    expect(notice).to_contain_text("was not counted")
    assert results(drive, 1) == [
        (1, 9, ResultStatus.CONFIRMED),
        (1, 5, ResultStatus.CONFLICT),
    ]
    shoot(second, "captain-conflict")

    organiser = phone()
    organiser.goto(f"/drives/{drive.pk}/room/")
    log_in(organiser)
    conflict = organiser.get_by_role("region", name="Conflict at table 1, hand 1")
    expect(conflict).to_contain_text("Standing: N-S 9, E-W 4")
    expect(conflict).to_contain_text("Another phone sent N-S 5, E-W 8")
    expect(organiser.locator("#room-table-1 .badge")).to_have_text("conflict")
    assert_fits_phone(organiser)
    shoot(organiser, "room-conflict")
    conflict.get_by_role("button", name="Keep N-S 9").click()
    expect(organiser.locator("ul.messages")).to_contain_text("N-S 9, E-W 4 stands")
    expect(organiser.locator("#room-table-1 .badge")).to_have_text("confirmed")
    expect(organiser.locator("#room-table-1 .history")).to_contain_text(
        "settled by olive"
    )


# What the captain saw, noted by the page itself on every change of the page (so
# a message shown for a moment is caught too), kept across the page's reloads.
WATCH_QUEUE = """
(() => {
  const note = () => {
    const seen = document.body ? document.body.innerText : "";
    if (seen.includes("OFFLINE_TEXT")) sessionStorage.setItem("saw-offline", "1");
    if (seen.includes("Sending\\u2026")) sessionStorage.setItem("saw-sending", "1");
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
""".replace("OFFLINE_TEXT", OFFLINE)


def saw(page: Page, what: str) -> bool:
    return page.evaluate(f"sessionStorage.getItem('saw-{what}') === '1'")


def test_a_slow_connection_says_sending_and_only_a_real_loss_says_offline(
    phone,
) -> None:
    drive = two_table_drive()
    page = phone()
    page.add_init_script(WATCH_QUEUE)
    held = []
    page.route("**/result/", lambda route: held.append(route))  # held until released
    page.goto(link(drive, 1))
    choose(page, 9)
    page.get_by_role("button", name="Send").click()
    queue = page.locator("#captain-queue")
    expect(queue).to_be_visible()
    expect(queue.get_by_role("heading")).to_have_text("Sending\u2026")
    expect(queue).to_contain_text("Hand 1: N-S 9, E-W 4")
    expect(page.get_by_text(OFFLINE)).to_be_hidden()
    shoot(page, "captain-sending")
    # A slow hall: the send has reached the server's door and waits there
    # (on a busy machine it reaches the route a moment after "Sending…").
    handed_over(page, lambda: held, "the send, held by the route")
    # The hold this test is about: the answer is slow to come, and the page
    # keeps saying "Sending…" all that while, never "No connection".
    page.wait_for_timeout(1500)
    expect(queue.get_by_role("heading")).to_have_text("Sending\u2026")
    expect(page.get_by_text(OFFLINE)).to_be_hidden()
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(queue).to_be_hidden()
    assert saw(page, "sending")
    assert not saw(page, "offline"), "the offline message showed on a working line"
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]

    # A real loss of the connection does say so, and says it no more once sent.
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 4)
    other.context.set_offline(True)
    other.get_by_role("button", name="Send").click()
    queue = other.locator("#captain-queue")
    expect(queue.get_by_role("heading")).to_have_text("Not sent yet")
    expect(other.get_by_text(OFFLINE)).to_be_visible()
    expect(queue.get_by_role("button", name="Try again now")).to_be_visible()
    shoot(other, "captain-offline")
    assert results(drive, 2) == []
    other.context.set_offline(False)
    expect(other.locator(".moves")).to_contain_text("Moves after round 1")
    expect(queue).to_be_hidden()
    expect(other.get_by_text(OFFLINE)).to_be_hidden()
    assert results(drive, 2) == [(1, 4, ResultStatus.CONFIRMED)]


def test_a_send_that_went_in_just_before_the_line_dropped_says_so_on_the_page(
    phone,
) -> None:
    """The hand reaches the server and the line drops before the page can load
    again: the captain reads what went in, on this page, and never the
    browser's own "no internet" page; the page moves on once the line is back."""
    drive = two_table_drive()
    page = phone()
    page_url = link(drive, 1)
    down, refused = [], []

    def the_page(route):
        if down:
            refused.append(route.request.method)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(re.escape(page_url) + "$"), the_page)
    page.goto(page_url)
    choose(page, 9)
    down.append(True)  # the sent hand gets through; the page's load will not
    page.get_by_role("button", name="Send").click()
    notice = page.locator("#captain-notice")
    expect(notice).to_contain_text("Hand 1")
    expect(notice).to_contain_text("N-S 9, E-W 4")
    # The page has tried to load again, and the line refused it: it stays,
    # and asks again (a page turned into the browser's "no internet" page
    # would have asked once, by a GET, and never again).
    handed_over(
        page,
        lambda: len(refused) >= 2,
        "the page's second ask, refused by the line",
        timeout_ms=20_000,
    )
    assert set(refused) == {"HEAD"}, refused
    assert page.url.startswith("http"), page.url
    expect(notice).to_be_visible()
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]
    down.clear()  # the line is back: the page moves on by itself
    expect(page.locator(".captain-big")).to_have_text(
        "Waiting for table 2.", timeout=15_000
    )
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]


def test_a_phone_left_on_a_hand_another_phone_entered_moves_on_and_says_so(
    phone,
) -> None:
    drive = two_table_drive()
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=2),
        hand=1,
        ns_tricks=6,
        idempotency_key="t" * 22,
    )
    left, used = phone(), phone()
    left.goto(link(drive, 1))
    used.goto(link(drive, 1))
    expect(left.get_by_role("heading", name="Who won hand 1?")).to_be_visible()
    choose(used, 8)
    used.get_by_role("button", name="Send").click()
    expect(used.locator(".hand-no")).to_contain_text("Hand 2")

    # The phone nobody touched notices by itself, moves on, and says what counts.
    notice = left.locator("#captain-notice")
    expect(notice).to_have_text("Hand 1 was recorded from another phone: N-S 8, E-W 5.")
    expect(left.get_by_role("heading", name="Who won hand 1?")).to_have_count(0)
    expect(left.locator(".moves")).to_contain_text("Moves after round 1")
    expect(left.locator(".hand-no")).to_contain_text("Hand 2")
    shoot(left, "captain-news")

    # Half-way through its own entry, the organiser gets hand 2 in first. The
    # page was loaded again by its script: the taps wait for its own script,
    # which keeps the step to come back to (a tap before it would go to the
    # server as a page without JavaScript's does).
    left.wait_for_load_state("load")
    choose(left, 10)
    expect(left.get_by_role("heading", name="Check hand 2")).to_be_visible()
    written(
        left,
        lambda: scoring_services.hand_result_submit(
            drive=drive, table=1, hand=2, ns_tricks=7
        ),
    )
    expect(notice).to_have_text("Hand 2 was recorded by the organiser: N-S 7, E-W 6.")
    expect(left.get_by_role("heading", name="Check hand 2")).to_have_count(0)
    expect(left.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert results(drive, 1) == [
        (1, 8, ResultStatus.CONFIRMED),
        (2, 7, ResultStatus.CONFIRMED),
    ]
