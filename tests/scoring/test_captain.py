"""Captains' phones: the rules of a phone's submission, and the captain's page."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client

from drive import entry_services
from drive import services as drive_services
from drive.models import DriveState, SeatAssignment, Table
from players import throttle
from players.models import AuditEvent
from scoring import captain as captain_services
from scoring import live, selectors
from scoring import services as scoring_services
from scoring.captain import Kind
from scoring.models import MAX_RESULT_VERSIONS, HandResult, PhoneReceipt, ResultStatus
from scoring.moves import MoveKind, table_moves
from scoring.services import PHONE_MAX_VERSIONS
from tests.factories import drive_with_players, play_drive, play_round, prediction_drive
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db

KEY = "k" * 22


def table_of(drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def submit(table: Table, hand: int, ns: int, key: str = KEY):
    return captain_services.captain_result_submit(
        table=table, hand=hand, ns_tricks=ns, idempotency_key=key
    )


def audit_count(drive) -> int:
    return AuditEvent.objects.filter(drive_id=drive.pk).count()


def results(drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("table__number", "hand", "ns_tricks", "status", "version")
    )


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


def test_a_second_phone_with_other_numbers_is_a_conflict_and_the_first_stands(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, key="a" * 22)
    outcome = submit(table_of(drive, 1), 1, 5, key="b" * 22)
    assert outcome.kind == Kind.CONFLICT and not outcome.accepted
    assert "N-S 9" in outcome.message and "not counted" in outcome.message
    # The phone retries: the same outcome, nothing new.
    again = submit(table_of(drive, 1), 1, 5, key="b" * 22)
    assert again.kind == Kind.CONFLICT and again.result.pk == outcome.result.pk
    # Typed again (a new key), the same numbers: still the one conflict.
    submit(table_of(drive, 1), 1, 5, key="c" * 22)
    assert results(drive) == [
        (1, 1, 9, ResultStatus.CONFIRMED, 1),
        (1, 1, 5, ResultStatus.CONFLICT, 2),
    ]
    assert selectors.leaderboard(drive=drive)  # scores use only the confirmed 9
    room = live.room(drive=drive)
    assert room.table(1).state == live.TableStateKind.CONFLICT
    # While two phones disagree the round does not move on, even when all are in.
    outcome = submit(table_of(drive, 2), 1, 7, key="d" * 22)
    assert not outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 1
    # What each phone says meanwhile: the table in dispute is not told that
    # every table is in; the other waits for it.
    first = Client().get(f"/t/{table_of(drive, 1).captain_key}/").content.decode()
    assert (
        "Different results came in for hand 1; the organiser is settling them:" in first
    )
    disputed = re.search(r'<ul class="disputed">(.*?)</ul>', first, re.S)[1]
    said = re.sub(r"<[^>]+>", "", disputed)
    assert said == "N-S 9, E-W 4N-S 5, E-W 8"  # the standing one first
    assert "Every table is in" not in first and "Waiting for" not in first
    second = Client().get(f"/t/{table_of(drive, 2).captain_key}/").content.decode()
    assert "Waiting for table 1." in second and "settling them" not in second
    # The organiser keeps the first result: settled, and the round moves on.
    outcome = scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=9, by=None, seen_version=1
    )
    assert outcome.round_completed and outcome.changed == 0
    conflict = HandResult.objects.get(status=ResultStatus.CONFLICT)
    assert conflict.resolved_at is not None


def test_the_organiser_can_settle_a_conflict_with_the_second_result(club, organiser):
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, key="a" * 22)
    submit(table_of(drive, 1), 1, 5, key="b" * 22)
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=5, by=organiser, seen_version=1
    )
    assert results(drive) == [
        (1, 1, 9, ResultStatus.SUPERSEDED, 1),
        (1, 1, 5, ResultStatus.CONFLICT, 2),
        (1, 1, 5, ResultStatus.CONFIRMED, 3),
    ]
    conflict = HandResult.objects.get(status=ResultStatus.CONFLICT)
    assert conflict.resolved_by == organiser


def test_a_conflict_with_the_organisers_result_goes_to_the_organiser(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=8)
    outcome = submit(table_of(drive, 1), 1, 3)
    assert outcome.kind == Kind.CONFLICT
    # The organiser's new entry for that hand settles it.
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=3, seen_version=1
    )
    assert not HandResult.objects.filter(
        status=ResultStatus.CONFLICT, resolved_at__isnull=True
    ).exists()


def test_with_opponent_confirmation_a_result_is_pending_until_confirmed(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    outcome = submit(table, 1, 9)
    assert outcome.kind == Kind.PENDING
    assert live.room(drive=drive).table(1).state == live.TableStateKind.ENTERED
    scores = selectors.drive_scores(drive=drive)
    assert scores.hands_complete == 0  # a pending result does not count yet
    # A second phone with other numbers meets the pending result: a conflict.
    assert submit(table, 1, 5, key="b" * 22).kind == Kind.CONFLICT
    confirmed = captain_services.captain_result_confirm(table=table, hand=1, version=1)
    assert confirmed.kind == Kind.CONFIRMED
    assert confirmed.result.source.endswith("opponent confirmed")
    # A confirmation sent twice: the same answer, nothing new.
    again = captain_services.captain_result_confirm(table=table, hand=1, version=1)
    assert again.kind == Kind.ALREADY and again.result.pk == confirmed.result.pk
    assert [r[3:] for r in results(drive)] == [
        (ResultStatus.SUPERSEDED, 1),
        (ResultStatus.CONFLICT, 2),
        (ResultStatus.CONFIRMED, 3),
    ]
    with pytest.raises(ValidationError):
        captain_services.captain_result_reject(table=table, hand=1, version=1)


def test_an_opponent_can_turn_a_pending_result_down(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    submit(table, 1, 9)
    outcome = captain_services.captain_result_reject(table=table, hand=1, version=1)
    assert outcome.kind == Kind.CLEARED
    # Turned down twice (a retry): the same answer.
    captain_services.captain_result_reject(table=table, hand=1, version=1)
    assert live.room(drive=drive).table(1).state == live.TableStateKind.WAITING
    # Entered again, with a new key: pending again, not a conflict.
    assert submit(table, 1, 8, key="n" * 22).kind == Kind.PENDING
    with pytest.raises(ValidationError):
        captain_services.captain_result_confirm(table=table, hand=1, version=1)
    captain_services.captain_result_confirm(table=table, hand=1, version=2)
    assert live.room(drive=drive).table(1).hands[0].confirmed.ns_tricks == 8


def test_the_organisers_entry_replaces_a_pending_result(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    submit(table_of(drive, 1), 1, 9)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=10)
    assert [r[2:4] for r in results(drive)] == [
        (9, ResultStatus.SUPERSEDED),
        (10, ResultStatus.CONFIRMED),
    ]


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


def written(drive) -> tuple:
    """Everything a phone's submission could write: results, audit events, receipts."""
    return (
        results(drive),
        audit_count(drive),
        PhoneReceipt.objects.filter(table__drive=drive).count(),
    )


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


# --- a phone after the room has moved on (issue #14, item 3) --------------------------


def moved_on_by_phones(club, **settings):
    """Hand 1 entered by one phone per table (table 1: N-S 9, table 2: N-S 4); the
    last seats round 2. Returns the drive and round 2's seating."""
    drive = drive_with_players(players=8, club=club, hands=3, **settings)
    submit(table_of(drive, 1), 1, 9, key="t1" * 11)
    assert submit(table_of(drive, 2), 1, 4, key="t2" * 11).round_completed
    drive.refresh_from_db()
    assert drive.current_round == 2
    return drive, seating_rows(drive, 2)


def seating_rows(drive, round_number: int) -> list[tuple]:
    return sorted(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number
        ).values_list("entry_id", "table__number", "position"),
        key=repr,
    )


def test_a_late_phone_that_agrees_gets_the_answer_it_had_before_the_move(club):
    # Before the move: a second phone at table 1 sends the same tricks.
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, key="t1" * 11)
    before_move = submit(table_of(drive, 1), 1, 9, key="p2" * 11)
    # After the move, the same second phone: the same answer, nothing counted twice.
    drive, round_2 = moved_on_by_phones(club)
    before = written(drive)
    late = submit(table_of(drive, 1), 1, 9, key="p2" * 11)
    assert (late.kind, late.message) == (before_move.kind, before_move.message)
    assert late.accepted and not late.round_completed
    assert written(drive)[:2] == before[:2]  # no result, no audit record
    drive.refresh_from_db()
    assert drive.current_round == 2 and seating_rows(drive, 2) == round_2


def test_a_late_phone_that_disagrees_reaches_the_organiser_and_the_moves_stand(club):
    drive, round_2 = moved_on_by_phones(club)
    late = submit(table_of(drive, 1), 1, 5, key="p2" * 11)
    assert late.kind == Kind.CONFLICT and not late.accepted
    assert "Yours (N-S 5, E-W 8) was not counted" in late.message
    assert "The moves after round 1 were already made and stand" in late.message
    assert results(drive)[-1] == (1, 1, 5, ResultStatus.CONFLICT, 2)
    # Sent again: the same outcome, nothing new.
    again = submit(table_of(drive, 1), 1, 5, key="p2" * 11)
    assert again.kind == Kind.CONFLICT and again.result.pk == late.result.pk
    assert "passed to the organiser" in again.message
    assert "The moves after round 1 were already made and stand" in again.message
    assert len(results(drive)) == 3
    # The organiser's room shows it; it holds nothing up in round 2.
    room = live.room(drive=drive)
    [conflict] = room.conflicts
    assert (conflict.table, conflict.hand.hand, conflict.late) == (1, 1, True)
    assert [r.ns_tricks for r in conflict.hand.conflicts] == [5]
    assert room.table(1).state == live.TableStateKind.WAITING
    assert play_round(drive).round_completed
    assert drive.current_round == 3
    # The organiser takes the late phone's result: the winner of round 1 changes,
    # the moves after it stand.
    outcome = scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=1, ns_tricks=5, by=None, seen_version=1
    )
    assert "The moves after round 1 were already made and stand" in outcome.notes[0]
    assert seating_rows(drive, 2) == round_2
    assert live.room(drive=drive).conflicts == []


def test_a_late_phone_of_a_table_that_did_not_play_the_hand_is_refused(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    for name, group in (("La", "A"), ("Lb", "A"), ("Lc", "B"), ("Ld", "B")):
        drive_services.entry_register(drive=drive, name=name, group=group)
    play_round(drive)
    assert drive.current_round == 2
    before = written(drive)
    with pytest.raises(ValidationError) as caught:
        submit(table_of(drive, 3), 1, 7, key="t3" * 11)
    assert caught.value.code == "not_current"
    assert "Table 3 did not play hand 1" in caught.value.messages[0]
    assert written(drive) == before


def test_a_late_phone_after_the_drive_is_over_still_reaches_the_organiser(club):
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)  # every hand N-S 7
    late = submit(table_of(drive, 2), 2, 10, key="p2" * 11)
    assert late.kind == Kind.CONFLICT
    assert "moves after" not in late.message  # no round came after the last
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    [conflict] = live.room(drive=drive).conflicts
    assert (conflict.table, conflict.hand.hand, conflict.late) == (2, 2, False)


def test_the_captains_page_answers_a_late_phone_as_before_the_move(club):
    drive, _ = moved_on_by_phones(club)
    table = table_of(drive, 1)
    agree = post_result(Client(), table, 1, 9, key="p2" * 11, headers=JSON)
    assert agree.status_code == 200
    assert agree.json()["ok"] is True and agree.json()["kind"] == Kind.ALREADY
    disagree = post_result(Client(), table, 1, 2, key="p3" * 11, headers=JSON)
    assert disagree.status_code == 409
    assert disagree.json()["kind"] == Kind.CONFLICT
    assert "organiser" in disagree.json()["message"]
    # Without JavaScript: the same, as a page.
    page = post_result(Client(), table, 1, 9, key="p4" * 11)
    assert page.status_code == 302


# --- the cap on versions (issue #14, item 17) ------------------------------------------


def test_phones_stop_at_their_cap_with_a_clear_answer_and_the_organiser_can_still_correct(
    club, organiser
):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive)
    client = Client()
    # Send, turn down, send again...: each send is a version. A pending result
    # needs room for its confirmation, so the last send is one short of the cap.
    last = PHONE_MAX_VERSIONS - 1
    for n in range(1, last + 1):
        response = post_result(
            client, table, 1, n % 14, key=f"cycle{n:04d}" + "x" * 14, headers=JSON
        )
        assert response.json()["kind"] == Kind.PENDING, response.json()
        captain_services.captain_result_reject(table=table, hand=1, version=n)
    before = written(drive)
    response = post_result(client, table, 1, 9, key="over" + "x" * 18, headers=JSON)
    assert response.status_code == 409
    assert response.json()["ok"] is False
    assert (
        f"Table 1, hand 1 already has {last} versions, the most phones may add"
        in response.json()["message"]
    )
    assert "Ask the organiser" in response.json()["message"]
    assert written(drive) == before
    page = post_result(client, table, 1, 9, key="over2" + "x" * 17)
    assert (
        page.status_code == 409 and "the most phones may add" in page.content.decode()
    )
    # The organiser still has room to enter and correct the hand.
    version = last
    while version < MAX_RESULT_VERSIONS:
        outcome = scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=version % 14, by=organiser
        )
        version = outcome.results[0].version
    assert version == MAX_RESULT_VERSIONS
    before = written(drive)
    with pytest.raises(ValidationError) as caught:
        scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=(version + 1) % 14, by=organiser
        )
    assert caught.value.code == "version_limit"
    assert "the most one hand can keep; nothing was saved" in caught.value.messages[0]
    assert written(drive) == before


def test_moves_say_where_each_player_goes_including_sit_outs_and_leavers(club):
    drive = drive_with_players(players=10, club=club, hands=3)
    seats = live.room(drive=drive)
    leaver = seats.table(1).seats[0]  # North of table 1 leaves after round 1
    entry = drive.entries.get(number=leaver.number)
    entry_services.entry_withdraw(entry=entry)
    assert table_moves(drive=drive, table_number=1, from_round=1) == []
    play_round(drive)
    moves = table_moves(drive=drive, table_number=1, from_round=1)
    assert [m.number for m in moves] == [p.number for p in seats.table(1).seats]
    assert moves[0].kind == MoveKind.LEFT
    assert str(moves[0]) == f"{leaver.name} ({leaver.number}): has left the drive"
    after = live.room(drive=drive)
    sit_outs = {p.number for p in after.sit_outs}
    for move in moves[1:]:
        if move.number in sit_outs:
            assert move.kind == MoveKind.SITS_OUT
            assert str(move).endswith(": sits out")
        else:
            table = next(
                t for t in after.tables if move.number in [p.number for p in t.seats]
            )
            assert move.table == table.table
            assert re.fullmatch(
                r".+ \(\d+\): table \d+, (North|East|South|West)( \(stays\))?",
                str(move),
            )


# --- the captain's page ------------------------------------------------------------------


def page_url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def post_result(client, table, hand, ns, key=KEY, **extra):
    data = {
        "hand": hand,
        "ns_tricks": ns,
        "idempotency_key": key,
        "table": table.number,
    }
    data.update(extra)
    return client.post(page_url(table, "result/"), data, **extra.pop("headers", {}))


JSON = {"HTTP_ACCEPT": "application/json"}


def test_the_captains_page_shows_the_hand_trumps_and_seats(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    response = Client().get(page_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 1" in html and "Hand 1" in html
    assert "Hearts" in html and "\u2665" in html
    north = live.room(drive=drive).table(1).seats[0]
    assert north.name in html
    assert "Who won hand 1?" in html
    # No login needed, and no inline script: the page's own files only.
    assert "<script>" not in html and "onclick" not in html
    assert 'src="/static/js/captain.js"' in html


def test_the_steps_work_without_javascript(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client()
    odd = client.get(page_url(table), {"hand": 1, "won": "EW"})
    assert 'data-step="odd"' in odd.content.decode()
    check = client.get(page_url(table), {"hand": 1, "won": "EW", "odd": 2})
    html = check.content.decode()
    assert 'data-step="check"' in html
    # E-W made 8 tricks: 2 odd tricks; N-S 5 tricks, no score.
    assert 'data-slot="ns-tricks">5<' in html and 'data-slot="ew-tricks">8<' in html
    assert 'data-slot="ns-score">0<' in html and 'data-slot="ew-score">2<' in html
    key = re.search(r'name="idempotency_key" value="([^"]+)"', html).group(1)
    response = post_result(client, table, 1, 5, key=key)
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert "Hand 1 is in" in page.content.decode()
    assert "Waiting for table 2" in page.content.decode()
    # Nonsense in the query string starts the steps again.
    for query in (
        {"hand": 1, "won": "XX"},
        {"hand": 1, "won": "NS", "odd": "9"},
        {"hand": "x"},
    ):
        assert client.get(page_url(table), query).status_code == 200


def test_a_total_tricks_drive_asks_for_north_souths_tricks(club):
    drive = drive_with_players(players=8, club=club, hands=3, scoring_rule="total")
    table = table_of(drive)
    html = Client().get(page_url(table)).content.decode()
    assert "How many tricks did N-S win" in as_read(html)
    assert html.count('<button type="submit" name="ns" value=') == 14
    check = Client().get(page_url(table), {"hand": 1, "ns": 13}).content.decode()
    assert 'data-slot="ns-score">13<' in check and 'data-slot="ew-score">0<' in check


def test_the_script_gets_json_answers(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client()
    response = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 9, "idempotency_key": KEY},
        **JSON,
    )
    assert response.status_code == 200
    assert response.json()["ok"] is True
    replay = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 9, "idempotency_key": KEY},
        **JSON,
    )
    assert replay.status_code == 200
    other = client.post(
        page_url(table, "result/"),
        {"hand": 1, "ns_tricks": 2, "idempotency_key": "o" * 22},
        **JSON,
    )
    assert other.status_code == 409
    assert other.json()["kind"] == Kind.CONFLICT
    assert HandResult.objects.filter(table=table).count() == 2


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"hand": 1, "ns_tricks": 14}, 400),
        ({"hand": 1, "ns_tricks": "nine"}, 400),
        ({"hand": 1}, 400),
        ({"ns_tricks": 7}, 400),
        ({"hand": 1, "ns_tricks": 7, "table": 2}, 400),  # another table's hand
        ({"hand": 1, "ns_tricks": 7, "idempotency_key": ""}, 400),
        ({"hand": 2, "ns_tricks": 7}, 409),  # not the current hand
        ({"hand": 1, "ns_tricks": "9" * 30}, 400),
    ],
)
def test_bad_submissions_are_clear_4xx_and_write_nothing(club, data, status):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    payload = {"idempotency_key": KEY, **data}
    response = Client().post(page_url(table, "result/"), payload)
    assert response.status_code == status
    assert 'class="captain-error"' in response.content.decode()
    json_response = Client().post(page_url(table, "result/"), payload, **JSON)
    assert json_response.status_code == status
    assert json_response.json()["message"]
    assert not HandResult.objects.exists()


def test_a_different_result_after_the_round_moved_on_is_409_and_kept(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    play_round(drive)
    response = post_result(Client(), table, 1, 9, key="s" * 22)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Yours (N-S 9, E-W 4) was not counted" in html
    assert "The moves after round 1 were already made and stand" in html
    assert list(
        HandResult.objects.filter(table=table).values_list("ns_tricks", "status")
    ) == [(7, ResultStatus.CONFIRMED), (9, ResultStatus.CONFLICT)]


def test_csrf_is_enforced_for_captains(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    client = Client(enforce_csrf_checks=True)
    response = post_result(client, table, 1, 9)
    assert response.status_code == 403
    assert not HandResult.objects.exists()
    html = client.get(page_url(table)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = post_result(client, table, 1, 9, csrfmiddlewaretoken=token)
    assert response.status_code == 302
    assert HandResult.objects.count() == 1


def test_a_wrong_or_revoked_key_is_404(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    old_key = table.captain_key
    assert len(old_key) >= 22  # 128 bits or more
    assert Client().get("/t/not-a-real-key/").status_code == 404
    new = drive_services.table_key_reissue(table=table)
    assert new.captain_key != old_key
    assert Client().get(f"/t/{old_key}/").status_code == 404
    assert (
        Client()
        .post(
            f"/t/{old_key}/result/", {"hand": 1, "ns_tricks": 7, "idempotency_key": KEY}
        )
        .status_code
        == 404
    )
    assert Client().get(f"/t/{new.captain_key}/").status_code == 200


def test_guessing_keys_from_one_address_is_slowed_down(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive)
    captain = Client()
    assert captain.get(page_url(table)).status_code == 200  # before the guessing
    guesser = Client()
    limit = throttle.LINK_MISSES_PER_MINUTE
    for n in range(limit):
        assert guesser.get(f"/t/guess{n}/").status_code == 404
    response = guesser.get("/t/guess-again/")
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    # Another guess, even a right one, waits too...
    assert guesser.get(page_url(table)).status_code == 429
    assert guesser.post(page_url(table, "result/"), {}).status_code == 429
    # ...but a captain whose phone has the page open carries on.
    assert captain.get(page_url(table)).status_code == 200
    assert post_result(captain, table, 1, 9).status_code == 302
    # Another address is not slowed down.
    assert Client(REMOTE_ADDR="10.0.0.9").get("/t/guess/").status_code == 404


def test_polling_gets_the_state_and_stops_when_the_drive_is_over(club):
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    client = Client()
    post_result(client, table, 1, 9)
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="captain-state"')
    assert 'hx-trigger="every 5s"' in html
    # The other table comes in: the moves and the next hand's trumps appear.
    post_result(Client(), table_of(drive, 2), 1, 4, key="t2" * 11)
    html = client.get(page_url(table), HTTP_HX_REQUEST="true").content.decode()
    assert "Moves after round 1" in html
    assert re.search(r"\(\d+\): table \d, (North|East|South|West)", html)
    assert "Diamonds" in html  # hand 2's trumps
    assert "hx-trigger" not in html  # the captain has a hand to enter: no polling
    play_drive(drive)
    response = client.get(page_url(table), HTTP_HX_REQUEST="true")
    assert response.status_code == 286
    assert "The drive is over" in response.content.decode()


def test_the_opponent_confirms_on_the_captains_page(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive)
    client = Client()
    response = post_result(client, table, 1, 9)
    assert response.status_code == 302
    html = client.get(page_url(table)).content.decode()
    assert "Opponent, please check hand 1" in html
    assert 'data-slot="ns-score">3<' in html
    response = client.post(
        page_url(table, "confirm/"), {"hand": 1, "version": 1, "answer": "confirm"}
    )
    assert response.status_code == 302
    assert HandResult.objects.get(status=ResultStatus.CONFIRMED).ns_tricks == 9
    # A stale confirmation of a version that never existed is refused.
    response = client.post(
        page_url(table, "confirm/"), {"hand": 1, "version": 7}, **JSON
    )
    assert response.status_code == 409


def test_garbage_never_causes_a_server_error(club):
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    values = ["", "0", "-1", "9" * 40, "x", "\x00", "1.5", "NS", "\u2665", KEY]
    client = Client()
    for suffix in ("result/", "confirm/"):
        for value in values:
            data = {
                "hand": value,
                "ns_tricks": value,
                "version": value,
                "idempotency_key": value,
                "table": value,
                "answer": value,
            }
            response = client.post(page_url(table, suffix), data)
            assert response.status_code < 500, (suffix, value)
    for query in (
        {"hand": "\x00", "won": "NS", "odd": "9" * 30},
        {"hand": "1", "ns": "-"},
    ):
        assert client.get(page_url(table), query).status_code < 500


# --- news for a phone that waits on a hand -------------------------------------------------


def fingerprint_on(html: str) -> str:
    return re.search(r'data-fingerprint="([0-9a-f]+)"', html).group(1)


def news(client, table, seen: str, hand: object = ""):
    return client.get(page_url(table, "news/"), {"seen": seen, "hand": hand})


def test_a_phones_question_for_news_changes_only_with_its_own_tables_results(
    club, django_assert_max_num_queries
):
    drive = drive_with_players(players=12, club=club, hands=3)  # three tables
    table = table_of(drive, 1)
    phone = Client()
    check = phone.get(page_url(table), {"hand": 1, "won": "NS", "odd": 2})
    seen = fingerprint_on(check.content.decode())
    # Nothing new: an empty answer, for the link's query and one small one.
    with django_assert_max_num_queries(2) as queries:
        response = news(phone, table, seen, hand=1)
    assert response.status_code == 204 and response.content == b""
    if connection.vendor == "postgresql":
        # Both asked by every waiting phone: kept planned (players.prepared).
        assert all(q["sql"].startswith("EXECUTE w_") for q in queries.captured_queries)
    assert "no-store" in response["Cache-Control"]
    # Another table's result is no news for this table.
    post_result(Client(), table_of(drive, 2), 1, 4, key="t2" * 11)
    assert news(phone, table, seen, hand=1).status_code == 204

    # Another phone at this table enters hand 1.
    post_result(Client(), table, 1, 8, key="p2" * 11)
    response = news(phone, table, seen, hand=1)
    assert response.status_code == 200
    assert response.json()["message"] == (
        "Hand 1 was recorded from another phone: N-S 8, E-W 5."
    )
    fresh = response.json()["fingerprint"]
    assert fresh != seen
    with django_assert_max_num_queries(2):
        assert news(phone, table, fresh, hand=1).status_code == 204
    # Without JavaScript, the phone's page is right when it is loaded again:
    # hand 1 is not asked for again, and says what was recorded.
    html = phone.get(page_url(table), {"hand": 1, "won": "NS", "odd": 2})
    html = html.content.decode()
    assert 'data-step="check"' not in html and "Who won hand 1?" not in html
    # (each side's label in a span that keeps it on one line)
    assert "Hand 1 is in: N-S 8 tricks, E-W 5." in re.sub(r"<[^>]+>", "", html)
    assert "Waiting for table 3." in html

    # The last table ends the round: news for every table (moves, the next hand).
    post_result(Client(), table_of(drive, 3), 1, 7, key="t3" * 11)
    assert news(phone, table, fresh, hand=1).status_code == 200


def test_the_news_says_who_recorded_the_hand_and_how(club):
    drive = drive_with_players(players=8, club=club, hands=3, opponent_confirms=True)
    table = table_of(drive, 1)
    seen = fingerprint_on(Client().get(page_url(table)).content.decode())
    submit(table, 1, 9)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "Hand 1 was entered from another phone: N-S 9, E-W 4."
    # The page waiting for the opponent asks too; turned down, nothing stands.
    confirm = Client().get(page_url(table)).content.decode()
    assert 'data-mode="confirm"' in confirm
    seen = fingerprint_on(confirm)
    captain_services.captain_result_reject(table=table, hand=1, version=1)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "" and answer["fingerprint"] != seen
    seen = answer["fingerprint"]
    scoring_services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=10)
    answer = news(Client(), table, seen, hand=1).json()
    assert answer["message"] == "Hand 1 was recorded by the organiser: N-S 10, E-W 3."
    # Only the hand the phone names, and only a real one, is put in words.
    for hand in ("", "2", "0", "-1", "x", "9" * 30, "\u0661", "1" * 5):
        response = news(Client(), table, "not-a-fingerprint", hand=hand)
        assert response.status_code == 200, hand
        assert response.json()["message"] in ("", answer["message"]), hand


def test_only_a_page_that_asks_for_an_entry_asks_for_news(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    client = Client()
    html = client.get(page_url(table)).content.decode()
    assert 'data-mode="enter"' in html and 'data-current-hand="1"' in html
    assert f'data-news="/t/{table.captain_key}/news/"' in html
    post_result(client, table, 1, 9)
    html = client.get(page_url(table)).content.decode()
    # Waiting for the room: htmx brings the whole state, no fingerprint needed.
    assert 'data-mode="waiting"' in html and "data-fingerprint" not in html


# --- what the page loads over the hall's Wi-Fi -----------------------------------------

SCRIPT_OR_STYLE = re.compile(r'(?:src|href)="/static/([^"]+\.(?:js|css))"')


def loaded(html: str) -> set[str]:
    return set(SCRIPT_OR_STYLE.findall(html))


def test_the_captains_page_loads_only_what_it_uses(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    client = Client()
    # Asking for a hand: captain.js does it all; no htmx, no organiser's script.
    asking = loaded(client.get(page_url(table)).content.decode())
    # (contrast.css: the high-contrast theme a phone may ask for.)
    assert asking == {
        "css/site.css",
        "css/captain.css",
        "css/contrast.css",
        "js/captain.js",
        "js/clock.js",
    }
    post_result(client, table, 1, 9)
    # Waiting for the room: captain.js asks for the next state (the markup says
    # how, as htmx would read it).
    html = client.get(page_url(table)).content.decode()
    assert 'data-mode="waiting"' in html and 'hx-trigger="every 5s"' in html
    assert loaded(html) == asking


def test_a_prediction_whist_deal_loads_htmx_to_check_it(club):
    drive = prediction_drive(club, players=8)
    html = Client().get(page_url(table_of(drive, 1))).content.decode()
    assert 'data-mode="enter"' in html and "hx-post" in html
    assert "django_htmx/htmx-2.min.js" in loaded(html)
    assert "js/site.js" not in loaded(html)


def test_the_public_board_loads_htmx_only_while_it_updates_itself(club):
    drive = drive_with_players(players=8, club=club, hands=1)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    live_board = loaded(Client().get(f"/p/{drive.public_key}/").content.decode())
    assert live_board == {
        "css/site.css",
        "css/captain.css",
        "css/contrast.css",
        "django_htmx/htmx-2.min.js",
    }
    play_drive(drive)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    final = loaded(Client().get(f"/p/{drive.public_key}/").content.decode())
    assert final == {"css/site.css", "css/captain.css", "css/contrast.css"}


def test_the_organisers_links_to_the_phone_pages_are_not_boosted(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, hands=3)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    links = re.findall(r'<a href="([^"]*/(?:t|p)/[^"]+)"([^>]*)>', html)
    assert len(links) == 3  # two tables and the board
    for url, attributes in links:
        assert 'hx-boost="false"' in attributes, url


def test_after_a_move_the_phone_says_its_page_stays_with_the_table(club):
    """Half a progressive room changes tables each round; a captain who carries
    the phone on must not enter the new table's hand as the old one's."""
    drive = drive_with_players(players=8, club=club, hands=2)
    table = table_of(drive)
    post_result(Client(), table, 1, 9)
    post_result(Client(), table_of(drive, 2), 1, 4, key="t2" * 11)
    html = Client().get(page_url(table)).content.decode()
    assert "Moves after round 1" in html
    assert (
        "This page stays with table 1. Moving to another table? Open that "
        "table's page from its card." in html
    )


def test_a_table_whose_players_all_stay_is_not_told_about_moving():
    from types import SimpleNamespace

    from scoring.live import CaptainView
    from scoring.moves import Move, MoveKind

    def leaves(*kinds: str) -> bool:
        moves = [Move(number=n, name="A", kind=k) for n, k in enumerate(kinds)]
        return CaptainView.someone_leaves.fget(SimpleNamespace(moves=moves))

    assert not leaves(MoveKind.STAYS, MoveKind.STAYS, MoveKind.LEFT)
    assert leaves(MoveKind.STAYS, MoveKind.MOVES)
    assert leaves(MoveKind.SITS_OUT)
