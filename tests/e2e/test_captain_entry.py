"""Captains enter hands on their phones: a two-table drive entered in five taps
a hand, the check step under the drive's rule, honours and the revoke
control, a rubber table's games."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import DriveState
from scoring import rules
from scoring.models import HandResult, ResultStatus
from tests.e2e.captain_phone import (
    assert_finger_sized,
    choose,
    phone_viewport,  # noqa: F401 (a fixture: this module's phones are PHONE-sized)
    results,
    shoot,
    two_table_drive,
)
from tests.e2e.conftest import SMALL_PHONE, link
from tests.e2e.phone_fit import assert_fits_phone
from tests.factories import (
    ClubFactory,
    drive_with_players,
)

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


def test_captains_enter_a_two_table_drive_and_five_taps_make_one_result(phone) -> None:
    drive = two_table_drive()
    first, second = phone(), phone()
    first.goto(link(drive, 1))
    expect(first.get_by_text("Table 1", exact=True)).to_be_visible()
    expect(first.locator(".hand-no")).to_contain_text("Hand 1")
    expect(first.locator(".trumps")).to_contain_text("Hearts")
    assert_fits_phone(first)
    shoot(first, "captain-hand")
    choose(first, 9)
    shoot(first, "captain-check")
    # Five fast taps on Send: the button is disabled from the first.
    first.get_by_role("button", name="Send").evaluate(
        "button => { for (let i = 0; i < 5; i++) button.click(); }"
    )
    expect(first.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(first.locator(".next-hand")).to_contain_text("Diamonds")
    shoot(first, "captain-waiting")
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]

    second.goto(link(drive, 2))
    choose(second, 4)
    second.get_by_role("button", name="Send").click()
    # The round is complete: the moves show on both phones, the first by itself.
    for page in (second, first):
        expect(page.locator(".moves")).to_contain_text("Moves after round 1")
        expect(page.locator(".moves li")).to_have_count(4)
        expect(page.locator(".hand-no")).to_contain_text("Hand 2")
        expect(page.locator(".trumps")).to_contain_text("Diamonds")
    move = first.locator(".moves li").first.inner_text()
    assert re.fullmatch(
        r".+ \(\d+\): table\s[12], (North|East|South|West)( \(stays\))?", move
    )
    shoot(first, "captain-moves")

    choose(first, 7)
    first.get_by_role("button", name="Send").click()
    choose(second, 13)
    second.get_by_role("button", name="Send").click()
    for page in (second, first):
        expect(page.get_by_text("The drive is over")).to_be_visible()
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert results(drive, 1) == [
        (1, 9, ResultStatus.CONFIRMED),
        (2, 7, ResultStatus.CONFIRMED),
    ]
    assert results(drive, 2) == [
        (1, 4, ResultStatus.CONFIRMED),
        (2, 13, ResultStatus.CONFIRMED),
    ]


def expect_check(page: Page, ns: int, ew: int, ns_score: int, ew_score: int) -> None:
    check = page.locator("table.check")
    for slot, value in (
        ("ns-tricks", ns),
        ("ew-tricks", ew),
        ("ns-score", ns_score),
        ("ew-score", ew_score),
    ):
        expect(check.locator(f'[data-slot="{slot}"]')).to_have_text(str(value))


def test_the_check_step_shows_the_servers_numbers_under_the_drives_rule(
    phone, monkeypatch
) -> None:
    total = two_table_drive(scoring_rule="total")
    odd = drive_with_players(players=8, club=total.club, hands=2)
    page = phone()
    page.goto(link(total, 1))
    page.get_by_role("button", name="8", exact=True).click()
    expect_check(page, 8, 5, 8, 5)
    page.goto(link(odd, 1))
    page.get_by_role("button", name=re.compile("^N-S")).click()
    page.get_by_role("button", name="2", exact=True).click()
    expect_check(page, 8, 5, 2, 0)
    page.get_by_role("link", name="Change").click()
    page.get_by_role("button", name=re.compile("^E-W")).click()
    page.get_by_role("button", name="3", exact=True).click()
    expect_check(page, 4, 9, 0, 3)
    # A phone without JavaScript gets the same numbers from the server.
    plain = phone(java_script_enabled=False)
    plain.goto(link(total, 1) + "?hand=1&ns=8")
    expect_check(plain, 8, 5, 8, 5)

    # Whatever the server's rule says is what the phone shows: it works out nothing.
    monkeypatch.setattr(
        rules, "deal_scores", lambda ns, scoring, *deal: (100 + ns, 200 + ns)
    )
    page.goto(link(total, 1))
    page.get_by_role("button", name="8", exact=True).click()
    expect_check(page, 8, 5, 108, 208)


def test_a_captain_enters_honours_and_opens_the_revoke_control_only_when_needed(
    phone,
) -> None:
    drive = two_table_drive(count_honours=True)  # hand 1: Hearts
    first = phone(viewport=SMALL_PHONE)
    first.goto(link(drive, 1))
    first.get_by_role("button", name=re.compile("^N-S")).click()
    first.get_by_role("button", name="2", exact=True).click()
    expect(first.get_by_role("heading", name="Honours in hand 1?")).to_be_visible()
    assert_finger_sized(first, "honours", at_least=6)
    shoot(first, "captain-honours")
    first.get_by_role("button", name="N-S held 3").click()
    # Two odd tricks and two for the honours, as the server worked them out.
    expect_check(first, 8, 5, 4, 0)
    expect(first.locator(".deal-words")).to_have_text("honours: N-S held 3")
    expect(first.get_by_role("button", name="N-S revoked")).to_be_hidden()
    first.get_by_role("button", name="Send").click()
    expect(first.locator(".waiting .done")).to_have_text(
        "Hand 1 is in: N-S 8 tricks, E-W 5; honours: N-S held 3."
    )

    second = phone(viewport=SMALL_PHONE)
    second.goto(link(drive, 2))
    second.get_by_role("button", name=re.compile("^E-W")).click()
    second.get_by_role("button", name="3", exact=True).click()
    second.get_by_role("button", name="No honours").click()
    expect_check(second, 4, 9, 0, 3)
    expect(second.locator(".deal-words")).to_be_hidden()
    second.get_by_text("Revoke?").click()
    assert_finger_sized(second, "revoke", at_least=6)
    second.get_by_role("button", name="N-S revoked").click()
    # Three of N-S's tricks pass to E-W: six odd tricks.
    expect_check(second, 4, 9, 0, 6)
    expect(second.locator(".deal-words")).to_have_text("N-S revoked")
    shoot(second, "captain-revoke")
    second.get_by_role("button", name="Send").click()
    expect(second.locator(".moves")).to_contain_text("Moves after round 1")
    assert list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number")
        .values_list("ns_tricks", "honours", "revoke")
    ) == [(8, "NS3", ""), (4, "", "NS")]


def test_a_rubber_table_shows_the_game_and_says_when_a_hand_wins_it(phone) -> None:
    # English short whist: a game is 5 points.
    drive = drive_with_players(
        players=8,
        club=ClubFactory(),
        format="rubber",
        hands=24,
        hands_per_round=12,
        trump_sequence="Hearts, Diamonds, Spades, Clubs",
    )
    page = phone(viewport=SMALL_PHONE)
    page.goto(link(drive, 1))
    score = page.locator(".rubber-score")
    expect(score.locator("h2")).to_have_text("Rubber 1")
    expect(score.locator(".rubber-game td")).to_have_text(["0", "0"])
    choose(page, 10)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-notice")).to_have_text("Hand 1 is in: N-S 10, E-W 3.")
    expect(score.locator(".rubber-game td")).to_have_text(["4", "0"])
    expect(score.locator(".rubber-news")).to_have_text(
        "Last hand: N-S 4 for tricks; game score 4-0"
    )
    expect(page.locator(".hand-no")).to_contain_text("Hand 2")

    choose(page, 9)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-notice")).to_have_text(
        "Hand 2 is in: N-S 9, E-W 4. Game to N-S, 7-0."
    )
    expect(score.locator(".rubber-won")).to_have_text("Game to N-S, 7-0")
    expect(score.locator(".rubber-game td")).to_have_text(["0", "0"])
    expect(score.locator(".rubber-games td")).to_have_text(["1", "0"])
    expect(score.locator(".rubber-values td")).to_have_text(["3", "0"])
    assert_finger_sized(page, "rubber", at_least=2)
    shoot(page, "captain-rubber-game")
