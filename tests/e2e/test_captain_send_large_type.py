"""A send on the captain's phone in Romanian and Italian, on a 360 px phone
at 200 % (the phone's text size, and the page zoom): the check with its Send
button, the box while the hand is on its way ("Se trimite…", then "Încă se
trimite…" on a slow line) and the word of what went in, shown until the page
loads again. Nothing passes the screen or its box, no word is split across
lines, and each says what it should.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each step.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from scoring.models import ResultStatus
from tests.e2e.captain_phone import (
    drive_in,
    results,
    shoot,
    tap_nine_tricks_for_north_south,
)
from tests.e2e.conftest import larger_text, link, zoomed
from tests.e2e.large_type import QUEUE, SPILLS, faults
from tests.e2e.waits import handed_over

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

CHECK = ", ".join(
    f"section.entry form.step-check {tag}"
    for tag in ("h2", "p", "th", "td", "button", "a")
)
NOTICE = "#captain-notice"


def seen_faults(page: Page, language: str, selectors: str, boxes: tuple) -> list[str]:
    found = faults(page, language, selectors)
    for box in boxes:
        found += page.evaluate(SPILLS, box)
    return found


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ro", "it"))
def test_a_send_in_romanian_and_italian_at_twice_the_text_fits_and_reads_right(
    phone, language, way
) -> None:
    with translation.override(language):
        send, sending, still, slow = (
            gettext(msgid)
            for msgid in (
                "Send",
                "Sending…",
                "Still sending…",
                "The hall's Wi-Fi is slow. Keep this page open.",
            )
        )
        went_in = gettext("Hand %(hand)s is in: %(deal)s.") % {
            "hand": 1,
            "deal": gettext("N-S %(ns)s, E-W %(ew)s") % {"ns": 9, "ew": 4},
        }
    drive = drive_in(language)
    page = phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))
    page.clock.install()
    page_url = link(drive, 1)
    held, line_down = [], []
    page.route("**/result/", lambda route: held.append(route))

    def the_page(route) -> None:  # the page's own load, while the line is down
        if line_down:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(re.escape(page_url) + "$"), the_page)
    page.goto(page_url)
    if way == "text":
        larger_text(page, 200)
    name = f"captain-send-{language}-200-{way}"
    tap_nine_tricks_for_north_south(page)
    button = page.locator("[data-send]")
    expect(button).to_have_text(send)
    shoot(page, f"{name}-check")
    found = seen_faults(page, language, CHECK, ("section.entry",))

    button.click()
    queue = page.locator("#captain-queue")
    expect(queue.get_by_role("heading")).to_have_text(sending)
    # "Sending…" shows as the send starts; its request reaches the route a
    # moment later on a busy machine, and is released below.
    handed_over(page, lambda: held, "the send, held by the route")
    shoot(page, f"{name}-sending")
    found += seen_faults(page, language, QUEUE, ("#captain-queue",))

    page.clock.run_for(16_000)
    expect(queue.get_by_role("heading")).to_have_text(still)
    expect(queue.get_by_text(slow)).to_be_visible()
    shoot(page, f"{name}-still-sending")
    found += seen_faults(page, language, QUEUE, ("#captain-queue",))

    # The answer comes, and the page cannot load again yet: the word of what
    # went in stays on the screen.
    line_down.append(True)
    held[0].continue_()
    notice = page.locator(NOTICE)
    expect(notice).to_have_text(went_in)
    expect(queue).to_be_hidden()
    shoot(page, f"{name}-went-in")
    found += seen_faults(page, language, NOTICE, (NOTICE,))
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]

    line_down.clear()
    page.clock.run_for(5_000)
    expect(page.locator(".waiting .done")).to_have_count(1)
    assert found == [], "\n".join(dict.fromkeys(found))
