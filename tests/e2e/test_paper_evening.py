"""The paper-only village evening in a browser: a drive set up with its cards
in at the end, its cards printed, the rounds moved on by the bell, each card
typed at the desk with the keyboard, and the leaderboard and prizes from the
typed totals."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from scoring.models import CardTotal
from tests.e2e.club_players import PLAYERS
from tests.e2e.conftest import drive_menu, keep_screenshot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, olive

# Each card's (total, hands won) over 4 hands by odd tricks; 7 and 8 tie on
# 9, and 8 won more hands.
CARDS = {
    1: (2, 1),
    2: (3, 2),
    3: (4, 2),
    4: (5, 2),
    5: (6, 2),
    6: (7, 3),
    7: (9, 2),
    8: (9, 3),
}


def type_card(page: Page, total: int, won: int, number: int | None = None) -> None:
    """At the desk, the entry number's box has focus with the next card out
    selected in it: type another number over it, or Tab on."""
    number_box = page.get_by_label("Entry number")
    expect(number_box).to_be_focused()
    if number is not None:
        page.keyboard.type(str(number))
    page.keyboard.press("Tab")
    page.keyboard.type(str(total))
    page.keyboard.press("Tab")
    page.keyboard.type(str(won))
    page.keyboard.press("Enter")


@pytest.mark.e2e
def test_a_paper_evening_from_set_up_to_prizes(page: Page, tmp_path) -> None:
    club = ClubFactory(name="Village Hall Whist")
    olive(club)
    page.goto("/drives/new/")
    log_in(page)

    # Set-up: a progressive drive of 4 hands whose cards come in at the end.
    page.get_by_label("Name", exact=True).fill("Harvest paper drive")
    page.get_by_label("Number of hands").fill("4")
    page.get_by_label("Hands per round").select_option("1")
    page.get_by_role("radio", name=re.compile(r"Cards in at the end")).check()
    page.get_by_role("button", name="Create the drive").click()
    expect(page.get_by_role("heading", name="Harvest paper drive")).to_be_visible()
    expect(page.locator("dd.score-entry")).to_contain_text("Cards in at the end")
    drive = Drive.objects.get(name="Harvest paper drive")
    assert drive.cards_in

    page.get_by_role("button", name="Open registration").click()
    name_field = page.get_by_label(re.compile(r"^Name"))
    for number, name in enumerate(PLAYERS, start=1):
        name_field.fill(name)
        name_field.press("Enter")
        expect(page.locator(f"#entry-{number}")).to_contain_text(name)
    page.get_by_role("button", name="Start the drive").click()
    # The button asks first; the question's own button starts.
    expect(page.get_by_role("heading", name="Start the drive?")).to_be_visible()
    page.get_by_role("button", name="Start the drive").click()
    expect(page.get_by_role("heading", name="Round 1 seating")).to_be_visible()

    # The cards and table cards are printed before play.
    drive_menu(page).get_by_role("link", name="Overview").click()
    for link, ending in (
        (r"^Score cards, one per player", "cards.pdf"),
        (r"^Table cards with the movement", ".pdf"),
    ):
        with page.expect_download() as download_info:
            page.get_by_role("link", name=re.compile(link)).click()
        download = download_info.value
        assert download.suggested_filename.endswith(ending)
        path = tmp_path / download.suggested_filename
        download.save_as(path)
        assert path.read_bytes().startswith(b"%PDF")
    expect(
        page.get_by_role("link", name=re.compile("Filled-in score cards"))
    ).to_have_count(0)

    # The menu offers the leaderboard's link (no captain links), and its page
    # says the tables need none.
    expect(drive_menu(page).get_by_role("link", name="Captain links")).to_have_count(0)
    drive_menu(page).get_by_role("link", name="Leaderboard link").click()
    expect(page.get_by_role("heading", name="Leaderboard link")).to_be_visible()
    expect(page.locator(".cards-in-note")).to_contain_text("need no captain links")

    # The rounds move on by the bell, with no result entered.
    drive_menu(page).get_by_role("link", name="Room").click()
    for round_number in (1, 2, 3):
        page.get_by_role(
            "button", name=f"Ring the bell: end round {round_number}", exact=True
        ).click()
        expect(page.locator("ul.messages")).to_contain_text(
            f"round {round_number + 1} has started"
        )
    page.get_by_role("button", name="Ring the bell: end round 4 and the drive").click()
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    expect(page.locator("#boards")).to_contain_text("8 cards still out")

    # The desk: the cards come in; each Enter brings up the next card out.
    drive_menu(page).get_by_role("link", name="Cards in", exact=True).click()
    expect(page.get_by_role("heading", name="Cards in")).to_be_visible()
    expect(page.locator(".card-count")).to_have_text("0 cards in, 8 still out.")
    page.evaluate("window.sameDeskPage = true")
    # Card 3 comes first, out of order: its number typed over the 1 offered.
    type_card(page, *CARDS[3], number=3)
    expect(page.locator(".card-answer")).to_have_text("Card 3: 4, saved.")
    expect(page.get_by_label("Entry number")).to_have_value("4")
    for number in (4, 5, 6, 7, 8):
        type_card(page, *CARDS[number])
        expect(page.locator(".card-answer")).to_have_text(
            f"Card {number}: {CARDS[number][0]}, saved."
        )
    # A total no four hands can make is refused, and nothing is saved.
    expect(page.get_by_label("Entry number")).to_have_value("1")
    type_card(page, 29, 4)
    expect(page.locator(".errors")).to_contain_text(
        "a total of 29 is impossible with 4 of 4 hands won"
    )
    expect(page.locator(".cards-out")).to_contain_text("1")
    expect(page.locator(".cards-out")).to_contain_text("Alice Archer")
    expect(page.locator(".cards-out")).to_contain_text("Bernard Bell")
    assert_fits_phone(page)
    keep_screenshot(page, "paper-desk")
    page.get_by_label("Entry number").click()
    page.get_by_label("Entry number").fill("1")
    page.keyboard.press("Tab")
    page.get_by_label("Total on the card").fill(str(CARDS[1][0]))
    page.get_by_label("Hands won").fill(str(CARDS[1][1]))
    page.keyboard.press("Enter")
    expect(page.locator(".card-answer")).to_have_text("Card 1: 2, saved.")
    type_card(page, *CARDS[2])
    expect(page.locator(".card-count")).to_have_text("8 cards in, 0 still out.")
    expect(page.locator(".cards-out")).to_contain_text("Every card is in.")
    # The answers came without reloading the page.
    assert page.evaluate("window.sameDeskPage") is True
    assert CardTotal.objects.filter(drive=drive).count() == 8

    # The leaderboard and the prizes from the typed totals.
    drive_menu(page).get_by_role("link", name="Leaderboard", exact=True).click()
    expect(page.locator("#boards")).to_contain_text("every card is in")
    first_rows = page.locator("#overall tbody tr")
    expect(first_rows.first).to_contain_text("Harold Hill")
    drive_menu(page).get_by_role("link", name="Prizes").click()
    first_prize = page.locator("table.prizes tbody tr").first
    expect(first_prize).to_contain_text("Harold Hill")
    expect(page.locator("main")).to_contain_text("decided by most hands won")
    expect(page.locator("main")).to_contain_text("passed over")
    keep_screenshot(page, "paper-prizes")
