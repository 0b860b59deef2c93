"""The organiser types the paper travel slips into the score grid after the
evening, by keyboard alone: the cursor waits in the first cell still to type,
each table's hands go along its row as the slip is written, and the page says
which tables' hands are still without a result."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import HandResult
from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_round,
)


def type_slip(page: Page, tricks: list[int]) -> int:
    """One table's hands from its slip: the tricks, one Tab to the next hand
    (honours and a revoke wait after the Save button), Enter to save. Returns
    the keys pressed."""
    keys = 0
    for index, count in enumerate(tricks):
        page.keyboard.type(str(count))
        keys += len(str(count))
        if index < len(tricks) - 1:
            page.keyboard.press("Tab")
            keys += 1
    page.keyboard.press("Enter")
    return keys + 1


@pytest.mark.e2e
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_slips_typed_table_by_table_by_keyboard(
    page, phone_without_javascript, script, screenshot
):
    tab = page if script else phone_without_javascript
    drive = drive_with_players(players=40, hands=24, hands_per_round=4)
    olive(drive.club)
    tab.goto(f"/drives/{drive.pk}/scores/")
    log_in(tab)
    expect(tab.get_by_role("heading", name="Scores: round 1 of 6")).to_be_visible()
    missing = tab.locator("#still-missing")
    expect(missing).to_have_text(
        "Below, still without a result: tables 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, every hand."
    )
    # The cursor is already in table 1's first hand: no mouse, no Tabbing
    # through the menu.
    expect(tab.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    # One slip of four hands is its tricks, three Tabs and Enter: 8 keys.
    assert type_slip(tab, [7, 5, 8, 6]) == 8
    expect(tab.locator("ul.messages")).to_have_text(
        "Saved 4 results: table 1, hands 1–4."
    )
    # Table 1 is done; the cursor waits at table 2's first hand.
    expect(tab.get_by_label("Table 2 hand 1 N-S tricks")).to_be_focused()
    # ...and in sight, though the table's row is below the first screen.
    expect(tab.get_by_label("Table 2 hand 1 N-S tricks")).to_be_in_viewport()
    expect(missing).to_have_text(
        "Below, still without a result: tables 2, 3, 4, 5, 6, 7, 8, 9, 10, every hand."
    )
    # Half a slip: the page says which of its hands are still to type.
    tab.keyboard.type("9")
    tab.keyboard.press("Tab")
    type_slip(tab, [4])
    expect(tab.locator("ul.messages")).to_have_text(
        "Saved 2 results: table 2, hands 1, 2."
    )
    expect(tab.get_by_label("Table 2 hand 3 N-S tricks")).to_be_focused()
    expect(tab.get_by_label("Table 2 hand 3 N-S tricks")).to_be_in_viewport()
    expect(missing).to_have_text(
        "Below, still without a result: table 2, hands 3, 4; "
        "tables 3, 4, 5, 6, 7, 8, 9, 10, every hand."
    )
    if script:
        screenshot("typing-slips")
    assert sorted(
        HandResult.objects.filter(table__drive=drive).values_list(
            "table__number", "hand", "ns_tricks"
        )
    ) == [(1, 1, 7), (1, 2, 5), (1, 3, 8), (1, 4, 6), (2, 1, 9), (2, 2, 4)]


@pytest.mark.e2e
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_the_typing_goes_on_from_round_to_round_by_enter(
    page, phone_without_javascript, script
):
    """A round's last slip saved brings the next round's moves, with its
    "Enter scores" button focused: Enter, and the next round's grid opens
    with the cursor in table 1's first hand."""
    tab = page if script else phone_without_javascript
    drive = drive_with_players(players=8, hands=4, hands_per_round=2)
    olive(drive.club)
    tab.goto(f"/drives/{drive.pk}/scores/")
    log_in(tab)
    expect(tab.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    type_slip(tab, [7, 6])
    expect(tab.get_by_label("Table 2 hand 1 N-S tricks")).to_be_focused()
    type_slip(tab, [8, 5])
    expect(tab.get_by_role("heading", name="Round 2 seating")).to_be_visible()
    expect(tab.locator("ul.messages")).to_contain_text("Round 1 is complete.")
    button = tab.get_by_role("link", name="Enter scores for round 2")
    expect(button).to_be_focused()
    tab.keyboard.press("Enter")
    expect(tab.get_by_role("heading", name="Scores: round 2 of 2")).to_be_visible()
    expect(tab.get_by_label("Table 1 hand 3 N-S tricks")).to_be_focused()
    type_slip(tab, [9, 4])
    expect(tab.locator("ul.messages")).to_contain_text(
        "Saved 2 results: table 1, hands 3, 4."
    )
    assert HandResult.objects.filter(table__drive=drive).count() == 6


@pytest.mark.e2e
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_slips_typed_as_they_lie_in_the_pile(
    page, phone_without_javascript, script, screenshot
):
    """The Wi-Fi failed in round 3: rounds 1 and 2 came from the phones, but
    round 3's hands are on the tables' slips, in the pile as they came in
    (table 2's on top). The desk picks table 2's slip by its number, types
    the missing hand, and each slip saved brings the next one up with the
    cursor in its first hand still to type, by keyboard alone."""
    tab = page if script else phone_without_javascript
    drive = drive_with_players(players=8, hands=4)
    olive(drive.club)
    play_round(drive)
    play_round(drive)
    tab.goto(f"/drives/{drive.pk}/scores/")
    log_in(tab)
    expect(tab.get_by_label("Table 1 hand 3 N-S tricks")).to_be_focused()
    # The table's box is just above the grid (and has the access key T).
    for _ in range(4):
        tab.keyboard.press("Shift+Tab")
    box = tab.get_by_label("A table’s whole slip: table")
    expect(box).to_be_focused()
    tab.keyboard.type("2")
    tab.keyboard.press("Enter")
    expect(
        tab.get_by_role("heading", name="Scores: the slip of table 2")
    ).to_be_visible()
    # Its hands, as the slip has them; the cursor at the first one missing.
    expect(tab.locator("input.tricks")).to_have_count(4)
    expect(tab.get_by_label("Table 2 hand 3 N-S tricks")).to_be_focused()
    assert type_slip(tab, [8]) == 2
    expect(tab.locator("ul.messages li")).to_have_text(
        [
            "Saved 1 result: table 2, hand 3.",
            "Type the table number of the next slip, or press Enter for table 1.",
        ]
    )
    # The next slip is any table's: its number, or Enter for the one offered.
    expect(box).to_be_focused()
    tab.keyboard.press("Enter")
    expect(
        tab.get_by_role("heading", name="Scores: the slip of table 1")
    ).to_be_visible()
    expect(tab.get_by_label("Table 1 hand 3 N-S tricks")).to_be_focused()
    assert type_slip(tab, [11]) == 3
    # Round 3 complete: round 4 is seated and the pile goes round again.
    expect(tab.locator("ul.messages li")).to_have_text(
        [
            "Saved 1 result: table 1, hand 3.",
            "Round 3 is complete; round 4 has started.",
            "Type the table number of the next slip, or press Enter for table 2.",
        ]
    )
    expect(box).to_be_focused()
    tab.keyboard.type("1")
    tab.keyboard.press("Enter")
    expect(tab.get_by_label("Table 1 hand 4 N-S tricks")).to_be_focused()
    if script:
        screenshot("typing-slips-pile")
    assert sorted(
        HandResult.objects.filter(table__drive=drive, hand=3).values_list(
            "table__number", "ns_tricks"
        )
    ) == [(1, 11), (2, 8)]


@pytest.mark.e2e
def test_a_round_gone_by_is_picked_and_corrected_by_keyboard(page):
    """Back from the phones' evening, a slip says otherwise for round 1: the
    desk picks round 1 from the list, corrects table 2's hand, and stays
    with round 1."""
    drive = drive_with_players(players=8, hands=4)
    olive(drive.club)
    play_round(drive)
    page.goto(f"/drives/{drive.pk}/scores/")
    log_in(page)
    expect(page.get_by_role("heading", name="Scores: round 2 of 4")).to_be_visible()
    page.get_by_label("Or a round:").focus()
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Scores: round 1 of 4")).to_be_visible()
    # Every hand of round 1 is in: the cursor waits at the slip's number.
    expect(page.get_by_label("A table’s whole slip: table")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    expect(page.locator("ul.messages li")).to_have_text(
        [
            "Table 2 now has a different winner in round 1. The moves after "
            "round 1 were already made and stand; the scores have been recomputed.",
            "Saved 1 result: table 2, hand 1.",
        ]
    )
    expect(page.get_by_role("heading", name="Scores: round 1 of 4")).to_be_visible()
    assert list(
        HandResult.objects.filter(table__drive=drive, status="confirmed")
        .order_by("table__number")
        .values_list("table__number", "ns_tricks")
    ) == [(1, 7), (2, 5)]


@pytest.mark.e2e
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_after_an_evening_on_paper_each_slip_is_typed_whole(
    page, phone_without_javascript, script, screenshot
):
    """The Wi-Fi was down all evening: nothing is in past round 1's seating.
    Each table's slip is typed whole, in the pile's order: the table's number
    and Enter, its tricks with a Tab between, Enter; the rounds move on as
    the slips complete them."""
    tab = page if script else phone_without_javascript
    drive = drive_with_players(players=8, hands=4)
    olive(drive.club)
    tab.goto(f"/drives/{drive.pk}/scores/")
    log_in(tab)
    expect(tab.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    for _ in range(4):
        tab.keyboard.press("Shift+Tab")
    box = tab.get_by_label("A table’s whole slip: table")
    expect(box).to_be_focused()
    keys = 4
    tab.keyboard.type("2")
    tab.keyboard.press("Enter")
    keys += 2
    expect(
        tab.get_by_role("heading", name="Scores: the slip of table 2")
    ).to_be_visible()
    expect(tab.locator("input.tricks")).to_have_count(4)
    expect(tab.get_by_text("moves not made yet")).to_have_count(3)
    expect(tab.get_by_label("Table 2 hand 1 N-S tricks")).to_be_focused()
    if script:
        screenshot("typing-slips-whole-evening")
    keys += type_slip(tab, [8, 7, 10, 5])
    expect(tab.locator("ul.messages li")).to_have_text(
        [
            "Saved 4 results: table 2, hands 1–4.",
            "Type the table number of the next slip, or press Enter for table 1.",
        ]
    )
    expect(box).to_be_focused()
    tab.keyboard.press("Enter")
    keys += 1
    expect(tab.get_by_label("Table 1 hand 1 N-S tricks")).to_be_focused()
    keys += type_slip(tab, [6, 13, 0, 9])
    expect(tab.locator("ul.messages li")).to_have_text(
        [
            "Saved 4 results: table 1, hands 1–4.",
            "The last hand is in: the drive is over.",
            "Every hand so far has a result.",
        ]
    )
    # Two slips of four hands: the tricks' 10 digits, 6 Tabs, 2 Enters, then
    # 4 Shift+Tabs to the table's box once, "2" Enter, Enter: 25 keys.
    assert keys == 25
    assert sorted(
        HandResult.objects.filter(table__drive=drive).values_list(
            "table__number", "hand", "ns_tricks"
        )
    ) == [
        (1, 1, 6),
        (1, 2, 13),
        (1, 3, 0),
        (1, 4, 9),
        (2, 1, 8),
        (2, 2, 7),
        (2, 3, 10),
        (2, 4, 5),
    ]
