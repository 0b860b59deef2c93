"""The captain's phone at 200 % zoom, every width from a zoomed small phone's
to a large one's: a trump's sign stays on the line of its name ("Następne
rozdanie 4: ♣" over "Trefl." before), and while a hand is sending a side's
label stays on the line of its number ("Rozdanie 3: N-S" over "9, E-W 4").
The sentences the server writes hold a label with its number too (the sides
filter's span.side-held): the captain's "Hand 1 is in: N-S 9 tricks, E-W 4."
and the room's "N-S 9, E-W 4" and each version in its history, which broke
between "N-S" and "9" before.
Where the line breaks hangs on the words' widths in each language, so each
page is measured at every width, not one.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.captain_phone import drive_in, shoot, tap_nine_tricks_for_north_south
from tests.e2e.conftest import link, zoomed
from tests.e2e.held_lines import broken_at_widths
from tests.e2e.sign_in import log_in
from tests.e2e.waits import handed_over, scripts_ran
from tests.e2e.words_fit import side_labels
from tests.factories import enter_tricks, olive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")


def side_and_number(language: str) -> str:
    """A side's label (N-S, E-W in `language`) and the number after it."""
    labels = "|".join(re.escape(label) for label in side_labels(language))
    return rf"(?:{labels})\s+[+\u2212]?\d+"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_trumps_sign_and_a_sides_number_stay_on_their_line(phone, language) -> None:
    drive = drive_in(language)
    page = phone(**zoomed(200))
    page_url = link(drive, 1)
    held = []
    page.route("**/result/", lambda route: held.append(route))
    page.goto(page_url)
    # The page the send reloads gets its style sheet late, as from a busy
    # machine's live server: its words are there before captain.css is.
    late = []
    page.route("**/captain.css", lambda route: late.append(route))
    tap_nine_tricks_for_north_south(page)
    page.locator("[data-send]").click()
    queue = page.locator("#captain-queue li")
    expect(queue).to_have_count(1)
    handed_over(page, lambda: held, "the send, held by the route")
    shoot(page, f"captain-held-{language}-sending")
    found = broken_at_widths(page, "#captain-queue li", side_and_number(language))

    held[0].continue_()
    expect(page.locator(".waiting .done")).to_have_count(1)
    handed_over(page, lambda: late, "the reloaded page's captain.css")
    late[0].continue_()
    # Measured once the reloaded page has loaded: laid out before its style
    # sheets apply, its words break anywhere, "N-S" over "9" too.
    scripts_ran(page, page_url)
    # The server's sentence that the hand is in.
    found += broken_at_widths(page, ".done", side_and_number(language))
    next_hand = page.locator(".next-hand")
    expect(next_hand).to_be_visible()
    shoot(page, f"captain-held-{language}-next")
    found += broken_at_widths(page, ".next-hand", r"[♠♥♦♣]\s+[^.]+")
    assert found == [], found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rooms_sides_keep_their_numbers_on_their_line(phone, language) -> None:
    """The organiser's room on the phone: each table's players ("N-S 5 & 8 ·
    E-W 3 & 6", which broke "E-W" over "3 & 6"), its hand ("N-S 9, E-W 4")
    and the hand's history ("version 1: N-S 9, E-W 4 · Confirmed · ...") hold
    a side's label with its number at every width."""
    drive = drive_in(language)
    olive(drive.club)
    enter_tricks(drive, None, 1, [9])
    page = phone(**zoomed(200))
    page.goto(f"/drives/{drive.pk}/room/")
    log_in(page)
    cards = page.locator(".room-table")
    expect(cards).to_have_count(2)
    shoot(page, f"room-held-{language}")
    boxes = ".room-table p, .room-table li"
    assert page.locator(boxes).filter(has_text=re.compile(r"\s9\b")).count() >= 1
    found = broken_at_widths(page, boxes, side_and_number(language))
    assert found == [], found
