"""The card check in a browser: the organiser types two players' cards with
the keyboard only (entry number, Tab, total, Enter); htmx shows each answer
without reloading the page and the entry number is ready for the next card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.card_check import card_rows
from scoring.cards import score_card
from scoring.drive_plan import load_plan
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_drive,
    varied_tricks,
)


def running_totals(drive, number: int) -> list[int]:
    plan = load_plan(drive=drive)
    entry = next(e for e in plan.entries if e.number == number)
    return [
        row.running_total for row in card_rows(score_card(plan, entry, filled=True))
    ]


def played_drive():
    """A drive of eight played to its end (4 hands), by its organiser Olive."""
    club = ClubFactory()
    organiser = olive(club)
    return play_drive(
        drive_with_players(players=8, club=club, hands=4),
        tricks=varied_tricks,
        by=organiser,
    )


@pytest.mark.e2e
def test_two_cards_typed_with_the_keyboard_only(page: Page) -> None:
    drive = played_drive()
    first, second = running_totals(drive, 1), running_totals(drive, 2)

    page.goto(f"/drives/{drive.pk}/card-check/")
    log_in(page)
    expect(page.get_by_role("heading", name="Card check")).to_be_visible()
    page.evaluate("window.sameCardCheckPage = true")

    # Card 1 agrees: entry number, Tab, total, Enter.
    expect(page.get_by_label("Entry number")).to_be_focused()
    page.keyboard.type("1")
    page.keyboard.press("Tab")
    page.keyboard.type(str(first[-1]))
    page.keyboard.press("Enter")
    answer = page.get_by_role("status", name="The answer")
    expect(answer).to_contain_text(f"Agrees: {first[-1]}.")

    # Card 2: the player added 2 too many on hand 3 and carried it on.
    typed = [total + 2 if index >= 2 else total for index, total in enumerate(second)]
    expect(page.get_by_label("Entry number")).to_be_focused()
    expect(page.get_by_label("Entry number")).to_have_value("")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    page.keyboard.type(str(typed[-1]))
    page.keyboard.press("Tab")
    page.keyboard.type(" ".join(map(str, typed)))
    page.keyboard.press("Enter")
    expect(answer).to_contain_text(
        f"Card says {typed[-1]}, the scores say {second[-1]}."
    )
    expect(answer).to_contain_text("From hand 3 the running total is 2 too high.")
    expect(answer.locator("tr.card-row-wrong td").first).to_have_text("3")
    expect(page.get_by_label("Entry number")).to_be_focused()
    # The answers came without reloading the page.
    assert page.evaluate("window.sameCardCheckPage") is True


@pytest.mark.e2e
def test_without_javascript_the_form_posts_and_the_page_answers(
    small_phone_without_javascript: Page,
) -> None:
    page = small_phone_without_javascript
    drive = played_drive()
    total = running_totals(drive, 3)[-1]
    page.goto(f"/drives/{drive.pk}/card-check/")
    log_in(page)
    page.get_by_label("Entry number").fill("3")
    page.get_by_label("Total on the card").fill(str(total + 1))
    page.keyboard.press("Enter")
    expect(page.get_by_role("status", name="The answer")).to_contain_text(
        f"Card says {total + 1}, the scores say {total}."
    )
    expect(page.locator("table.card-rows tbody tr")).to_have_count(4)
