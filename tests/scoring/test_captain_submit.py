"""A captain's phone sends a hand's result: it counts (the last table starts the
next round), the same submission or key again gets its first answer and writes
nothing, bad input writes nothing, and the hands go in order between the start
and the end of the drive."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive.models import DriveState, Table
from scoring import captain as captain_services
from scoring import live, selectors
from scoring import services as scoring_services
from scoring.captain import Kind
from scoring.models import HandResult, ResultStatus
from tests.factories import drive_with_players, play_drive, play_round
from tests.scoring.captain_phone import (
    JSON,
    KEY,
    audit_count,
    page_url,
    post_result,
    results,
    submit,
    table_of,
    written,
)

pytestmark = pytest.mark.django_db


# --- services --------------------------------------------------------------------------


def test_a_captains_result_counts_and_the_last_table_starts_the_next_round(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    outcome = submit(table_of(drive, 1), 1, 9, key="a" * 22)
    assert outcome.kind == Kind.RECORDED and outcome.accepted
    assert not outcome.round_completed
    assert outcome.result.source.startswith("table 1 captain link ")
    outcome = submit(table_of(drive, 2), 1, 4, key="b" * 22)
    assert outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert results(drive) == [
        (1, 1, 9, ResultStatus.CONFIRMED, 1),
        (2, 1, 4, ResultStatus.CONFIRMED, 1),
    ]


def test_the_same_submission_again_gives_the_same_outcome_and_writes_nothing(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    first = submit(table_of(drive), 1, 9)
    for _ in range(4):  # five quick identical taps in all
        again = submit(table_of(drive), 1, 9)
        assert again.accepted
        assert again.result.pk == first.result.pk
    assert results(drive) == [(1, 1, 9, ResultStatus.CONFIRMED, 1)]


def test_identical_results_under_different_keys_make_one_result(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive), 1, 9, key="a" * 22)
    outcome = submit(table_of(drive), 1, 9, key="b" * 22)
    assert outcome.kind == Kind.ALREADY
    assert len(results(drive)) == 1


def test_a_key_used_again_for_other_numbers_gets_its_first_answer(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive), 1, 9)
    before = audit_count(drive)
    again = submit(table_of(drive), 1, 5)
    # The key's answer is about the numbers it first carried; nothing is written.
    assert again.kind == Kind.ALREADY and "N-S 9" in again.message
    assert results(drive) == [(1, 1, 9, ResultStatus.CONFIRMED, 1)]
    assert audit_count(drive) == before


@pytest.mark.parametrize(
    ("hand", "ns", "key", "code"),
    [
        (1, 14, KEY, "invalid"),
        (1, -1, KEY, "invalid"),
        (0, 7, KEY, "invalid"),
        (99, 7, KEY, "invalid"),
        (1, 7, "short", "invalid"),
        (1, 7, "", "invalid"),
        (1, 7, "x" * 65, "invalid"),
        (1, 7, "bad key with spaces!", "invalid"),
        (2, 7, KEY, "not_current"),  # not reached yet at this table
    ],
)
def test_bad_input_writes_nothing(club, hand, ns, key, code):
    drive = drive_with_players(players=8, club=club, hands=3)
    with pytest.raises(ValidationError) as caught:
        submit(table_of(drive), hand, ns, key=key)
    assert caught.value.code == code
    assert results(drive) == []


def test_a_hand_of_a_round_already_played_is_answered_as_before_the_move(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_round(drive)
    outcome = submit(table_of(drive), 1, 7, key="late" * 6)
    assert outcome.kind == Kind.ALREADY
    assert "already in with the same tricks" in outcome.message
    assert [r[2:] for r in results(drive)] == [(7, ResultStatus.CONFIRMED, 1)] * 2


def test_in_a_round_of_several_hands_the_hands_go_in_order(club):
    drive = drive_with_players(players=8, club=club, hands=4, hands_per_round=2)
    with pytest.raises(ValidationError) as caught:
        submit(table_of(drive), 2, 7)
    assert "Enter hand 1 first" in caught.value.messages[0]
    submit(table_of(drive), 1, 7, key="a" * 22)
    assert submit(table_of(drive), 2, 7, key="b" * 22).kind == Kind.RECORDED


@pytest.mark.parametrize(
    ("hands", "standing", "current"),
    [
        ([1], set(), 1),
        ([1], {1}, None),
        ([5, 6, 7, 8], {5}, 6),
        ([5, 6, 7, 8], {5, 7}, 6),  # the first without one, not the one after the last
        ([5, 6, 7, 8], {6, 7, 8}, 5),
        ([5, 6, 7, 8], {5, 6, 7, 8}, None),
    ],
)
def test_the_current_hand_is_the_first_of_the_round_without_a_standing_result(
    hands, standing, current
):
    assert selectors.current_hand(hands, standing) == current


def test_the_captains_page_and_the_service_agree_on_the_current_hand(club):
    drive = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=4, opponent_confirms=True
    )
    table = table_of(drive)
    assert submit(table, 1, 7, key="a" * 22).kind == Kind.PENDING
    captain_services.captain_result_confirm(table=table, hand=1, version=1)
    assert submit(table, 2, 8, key="b" * 22).kind == Kind.PENDING  # stands, pending
    # The page asks the opponent about hand 2; hand 3 is the one to enter next.
    state = live.captain_view(drive=drive, table_number=1).state
    assert state.current.hand == 3
    with pytest.raises(ValidationError) as caught:
        submit(table, 4, 9, key="c" * 22)
    assert "this table is on hand 3" in caught.value.messages[0]


def test_nothing_is_entered_before_the_start_or_after_the_end(club):
    waiting = drive_with_players(players=8, club=club, hands=2, start=False)
    with pytest.raises(ValidationError) as caught:
        submit(Table.objects.create(drive=waiting, number=1), 1, 7)
    assert "not started" in caught.value.messages[0]
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    spare = Table.objects.create(drive=drive, number=3)
    play_drive(drive)
    # After the end a phone is answered as before it (play_drive entered 7s);
    # a table that never played is told the drive is over.
    assert submit(table, 2, 7, key="z" * 22).kind == Kind.ALREADY
    with pytest.raises(ValidationError) as caught:
        submit(spare, 2, 7, key="y" * 22)
    assert caught.value.code == "not_current"
    assert "The drive is over" in caught.value.messages[0]
    assert len(results(drive)) == 4


def test_a_table_with_no_game_this_round(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    spare = Table.objects.create(drive=drive, number=3)
    with pytest.raises(ValidationError) as caught:
        submit(spare, 1, 7)
    assert "no game" in caught.value.messages[0]
    view = live.captain_view(drive=drive, table_number=3)
    assert view.mode == live.CaptainMode.NO_GAME


def test_without_automatic_advance_the_organiser_starts_the_next_round(club):
    drive = drive_with_players(
        players=8, club=club, hands=2, advance_automatically=False
    )
    with pytest.raises(ValidationError) as caught:
        scoring_services.round_start_next(drive=drive)
    assert "waiting for tables 1 and 2" in caught.value.messages[0]
    submit(table_of(drive, 1), 1, 9, key="a" * 22)
    outcome = play_round(drive)
    assert not outcome.round_completed and outcome.round_ready
    assert drive.current_round == 1
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive.refresh_from_db()
    assert drive.current_round == 2
    # A second click for round 1 does not skip round 2.
    with pytest.raises(ValidationError) as caught:
        scoring_services.round_start_next(drive=drive, round_number=1)
    assert caught.value.code == "conflict"
    play_round(drive)
    scoring_services.round_start_next(drive=drive, round_number=2)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED


# --- a key's answer is final (issue #14, item 10) ------------------------------------


def test_a_key_that_was_told_already_keeps_that_answer(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    submit(table, 1, 9, key="K1" * 11)
    first = submit(table, 1, 9, key="K2" * 11)
    assert first.kind == Kind.ALREADY and first.accepted
    before = written(drive)
    # The same key again, now with other numbers: the same answer, nothing written
    # (no new version, no conflict, no audit record).
    for ns in (5, 9, 0):
        again = submit(table, 1, ns, key="K2" * 11)
        assert (again.kind, again.message, again.result.pk) == (
            first.kind,
            first.message,
            first.result.pk,
        )
    assert written(drive) == before
    assert results(drive) == [(1, 1, 9, ResultStatus.CONFIRMED, 1)]


def test_a_key_that_met_a_known_conflict_keeps_that_answer(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    submit(table, 1, 9, key="K1" * 11)
    flagged = submit(table, 1, 5, key="K2" * 11)
    # A third phone agrees with the second: the same conflict, remembered for its key.
    third = submit(table, 1, 5, key="K3" * 11)
    assert third.kind == Kind.CONFLICT and third.result.pk == flagged.result.pk
    before = written(drive)
    again = submit(table, 1, 9, key="K3" * 11)
    assert (again.kind, again.message) == (third.kind, third.message)
    assert written(drive) == before


def test_the_captains_page_gives_a_keys_first_answer_again(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client()
    post_result(client, table, 1, 9, key="K1" * 11, headers=JSON)
    first = post_result(client, table, 1, 9, key="K2" * 11, headers=JSON)
    assert first.status_code == 200 and first.json()["kind"] == Kind.ALREADY
    before = written(drive)
    again = post_result(client, table, 1, 4, key="K2" * 11, headers=JSON)
    assert (again.status_code, again.json()) == (200, first.json())
    assert written(drive) == before


@pytest.mark.parametrize(
    ("hands", "on_page"),
    [(2, True), (4, False)],  # the round's last hand (listed on the page), or not
)
def test_a_hand_sent_again_after_its_answer_was_lost_is_told_in_the_same_words(
    club, hands, on_page
):
    """The phone heard no answer and sends the hand again: it is told what the
    first answer said, and where the page it goes back to lists the hand, the
    script is told so, and says it once."""
    drive = drive_with_players(
        players=8, club=club, hands=hands, hands_per_round=hands // 2
    )
    table = table_of(drive)
    client = Client()
    post_result(client, table, 1, 9, key="L1" * 11, headers=JSON)  # the answer lost
    again = post_result(client, table, 1, 9, key="L1" * 11, headers=JSON)
    assert again.status_code == 200
    assert again.json()["message"] == "Hand 1 is in: N-S 9, E-W 4."
    assert again.json().get("on_page", False) is on_page
    assert results(drive) == [(1, 1, 9, ResultStatus.CONFIRMED, 1)]


@pytest.mark.parametrize(("hands", "on_page"), [(2, True), (4, False)])
def test_a_confirmation_sent_again_after_its_answer_was_lost_is_told_in_the_same_words(
    club, hands, on_page
):
    """An opponent's "Yes, that is right" whose answer was lost: sent again, it
    is told what the first answer said ("is confirmed", not "is already
    confirmed" over a page that says "is in"), and the round's last hand is
    said by the page alone."""
    drive = drive_with_players(
        players=8,
        club=club,
        hands=hands,
        hands_per_round=hands // 2,
        opponent_confirms=True,
    )
    table = table_of(drive)
    client = Client()
    post_result(client, table, 1, 9, key="C1" * 11, headers=JSON)
    version = HandResult.objects.get(table=table, hand=1).version
    data = {"table": 1, "hand": 1, "version": version, "answer": "confirm"}
    first = client.post(page_url(table, "confirm/"), data, **JSON).json()
    again = client.post(page_url(table, "confirm/"), data, **JSON).json()
    said = "Hand 1 is confirmed: N-S 9, E-W 4."
    assert (first["message"], again["message"]) == (said, said)
    assert first.get("on_page", False) is on_page
    assert again.get("on_page", False) is on_page
