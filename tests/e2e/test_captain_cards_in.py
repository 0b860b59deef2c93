"""A captain's link in a drive that takes its cards in at the end, on the
smallest phone: the table's page reads whole without scrolling sideways, in
large type, with nothing to enter, and moves on by itself when the bell rings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from scoring import live
from scoring import services as scoring_services
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, link
from tests.e2e.waits import written
from tests.factories import ClubFactory, drive_with_players

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

ON_CARDS = (
    "Tonight the scores are written on the score cards and handed in at the "
    "end: nothing is entered on this phone."
)


def paper_drive(**settings) -> Drive:
    """Stationary unless told: the movement is planned before play, so the
    site knows every round's seats and who goes where."""
    settings.setdefault("format", "stationary")
    return drive_with_players(
        players=8,
        club=ClubFactory(name="Riverside Whist Club"),
        name="Riverside Friday drive",
        hands=4,
        hands_per_round=2,
        score_entry="cards",
        trump_sequence="H,D,S,C",
        **settings,
    )


def first_screen(page: Page, name: str) -> None:
    """The phone's first screen as name.png, when E2E_SCREENSHOTS names a folder."""
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def assert_reads_on_a_small_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], f"{page.url} is {width}px wide"
    # Large type: nothing the captain reads is under 16 px.
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll(
            '#captain-state p, #captain-state h2, #captain-state li, #captain-state dt, #captain-state dd'
        )].map(e => parseFloat(getComputedStyle(e).fontSize)))"""
    )
    assert smallest >= 16, smallest


def test_the_table_page_reads_on_a_small_phone_and_follows_the_bell(phone) -> None:
    drive = paper_drive()
    page = phone(viewport=SMALL_PHONE)
    page.goto(link(drive, 1))
    state = page.locator("#captain-state")
    expect(page.locator(".captain-table")).to_have_text("Table 1")
    expect(state.locator(".cards-round")).to_have_text("Round 1 of 2")
    expect(state.locator(".cards-note")).to_have_text(ON_CARDS)
    expect(state.locator(".cards-hands .hand-card")).to_have_count(2)
    expect(state.locator(".cards-hands")).to_contain_text("Hand 1")
    expect(state.locator(".cards-hands")).to_contain_text("Hearts")
    expect(state.locator(".cards-hands")).to_contain_text("Diamonds")
    names = [f"{p.number} {p.name}" for p in live.room(drive=drive).table(1).seats]
    expect(state.locator(".captain-seats dd")).to_have_text(names)
    # Nothing to enter: no form, no button.
    expect(page.locator("#captain form")).to_have_count(0)
    expect(page.locator("#captain button:visible")).to_have_count(0)
    # The note and the trumps are on the first screen, without scrolling.
    # (An assertion that waits: the page's poll may be swapping the state in
    # at that moment, when a one-off bounding_box() finds no box.)
    for part in (".cards-note", ".cards-hands .hand-card >> nth=1"):
        expect(page.locator(part)).to_be_in_viewport(ratio=1)
    assert_reads_on_a_small_phone(page)
    first_screen(page, "captain-cards-in-round-1")

    # The bell: the page moves on by itself, with where everybody went.
    written(
        page, lambda: scoring_services.round_start_next(drive=drive, round_number=1)
    )
    expect(state.locator(".cards-round")).to_have_text("Round 2 of 2")
    expect(page.locator(".moves")).to_contain_text("Moves after round 1")
    expect(page.locator(".cards-hands")).to_contain_text("Hand 3")
    expect(page.locator(".cards-hands")).to_contain_text("Spades")
    expect(page.locator(".cards-hands")).not_to_contain_text("Hand 1")
    drive.refresh_from_db()
    names = [f"{p.number} {p.name}" for p in live.room(drive=drive).table(1).seats]
    expect(page.locator(".captain-seats dd")).to_have_text(names)
    assert_reads_on_a_small_phone(page)
    first_screen(page, "captain-cards-in-round-2")
    keep_screenshot(page, "captain-cards-in-round-2-whole")

    # The last bell: the drive is over and the page says so.
    written(
        page, lambda: scoring_services.round_start_next(drive=drive, round_number=2)
    )
    expect(page.locator(".captain-big")).to_have_text(
        "The drive is over. Thank you for playing!"
    )


def test_the_table_page_without_javascript(phone) -> None:
    # Progressive: the players move by the rule at their tables.
    drive = paper_drive(format="progressive")
    plain = phone(viewport=SMALL_PHONE, java_script_enabled=False)
    plain.goto(link(drive, 2))
    expect(plain.locator(".captain-table")).to_have_text("Table 2")
    expect(plain.locator(".cards-note")).to_have_text(ON_CARDS)
    expect(plain.locator(".cards-hands")).to_contain_text("Hearts")
    expect(plain.locator("#captain form")).to_have_count(0)
    expect(plain.locator(".cards-bell")).to_contain_text("Losers move")
    assert_reads_on_a_small_phone(plain)
    first_screen(plain, "captain-cards-in-progressive-round-1-no-js")
    # It reloads itself (a refresh tag): after the bell, the next round.
    assert plain.locator('meta[http-equiv="refresh"]').count() == 1
    written(
        plain, lambda: scoring_services.round_start_next(drive=drive, round_number=1)
    )
    plain.reload()
    expect(plain.locator(".cards-round")).to_have_text("Round 2 of 2")
    expect(plain.locator(".cards-seats-unknown")).to_be_visible()
    assert_reads_on_a_small_phone(plain)
    first_screen(plain, "captain-cards-in-progressive-round-2-no-js")
