"""Entering and correcting hand results against the database."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from drive import services as drive_services
from drive.models import DriveState, SeatAssignment, Table
from scoring import hand_plays, selectors
from scoring import services as scoring_services
from scoring.models import MAX_RESULT_VERSIONS, HandResult, ResultStatus
from scoring.services import ResultEntry
from tests.factories import drive_with_players, play_round, rubber_drive

pytestmark = pytest.mark.django_db


def submit(drive, *entries: tuple, by=None):
    return scoring_services.hand_results_submit(
        drive=drive,
        entries=[e if isinstance(e, ResultEntry) else ResultEntry(*e) for e in entries],
        by=by,
    )


def seating_rows(drive, round_number: int) -> list[tuple]:
    return sorted(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number
        ).values_list("entry_id", "table__number", "position"),
        key=repr,
    )


def confirmed(drive, table: int, hand: int) -> HandResult:
    return HandResult.objects.get(
        table__drive=drive,
        table__number=table,
        hand=hand,
        status=ResultStatus.CONFIRMED,
    )


def score_of(drive, entry_id: int) -> int:
    return next(
        s.score for s in selectors.leaderboard(drive=drive) if s.entry == entry_id
    )


def test_a_whole_drive_played_through_the_service_advances_and_finishes():
    drive = drive_with_players(players=8, hands=6)
    for expected_round in range(1, 7):
        assert drive.current_round == expected_round
        outcome = play_round(drive, tricks=lambda deal: 3 + deal.hand)
        assert outcome.round_completed
        assert outcome.changed == 2
    assert drive.state == DriveState.FINISHED
    assert drive.finished_at is not None
    assert drive.current_round == 6
    results = HandResult.objects.filter(table__drive=drive)
    assert results.count() == 12
    assert set(results.values_list("status", "version")) == {
        (ResultStatus.CONFIRMED, 1)
    }
    assert sorted(set(results.values_list("hand", "ns_tricks"))) == [
        (h, 3 + h) for h in range(1, 7)
    ]


def test_a_round_of_several_hands_advances_only_when_every_hand_is_in():
    drive = drive_with_players(players=8, hands=4, hands_per_round=2)
    outcome = submit(drive, (1, 1, 7), (2, 1, 7), (1, 2, 7))
    assert not outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 1
    outcome = submit(drive, (2, 2, 4))
    assert outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert selectors.leaderboard(drive=drive)[0].played == 2


@pytest.mark.parametrize("tricks", [14, -1, 100])
def test_tricks_outside_0_to_13_are_refused_and_nothing_is_written(tricks):
    drive = drive_with_players(players=8)
    with pytest.raises(ValidationError, match="from 0 to 13"):
        submit(drive, (1, 1, tricks))
    assert not HandResult.objects.exists()


def test_tricks_must_be_a_whole_number():
    drive = drive_with_players(players=8)
    with pytest.raises(ValidationError):
        submit(drive, (1, 1, "7"))
    with pytest.raises(ValidationError):
        submit(drive, (1, 1, True))
    assert not HandResult.objects.exists()


def test_a_hand_not_yet_reached_is_refused():
    drive = drive_with_players(players=8, hands=6)
    with pytest.raises(ValidationError, match="Hand 2 has not been reached yet"):
        submit(drive, (1, 2, 7))
    for hand in (0, 7):
        with pytest.raises(ValidationError, match="not in this drive"):
            submit(drive, (1, hand, 7))
    assert not HandResult.objects.exists()


def test_a_table_not_playing_that_round_is_refused():
    drive = drive_with_players(players=8, hands=6)
    for name, group in (("La", "A"), ("Lb", "A"), ("Lc", "B"), ("Ld", "B")):
        drive_services.entry_register(drive=drive, name=name, group=group)
    play_round(drive)
    assert Table.objects.filter(drive=drive).count() == 3  # round 2 has a third table
    with pytest.raises(ValidationError, match="Table 3 does not play in round 1"):
        submit(drive, (3, 1, 7))
    with pytest.raises(ValidationError, match="Table 9 does not play in round 2"):
        submit(drive, (9, 2, 7))
    assert HandResult.objects.filter(table__number=3).count() == 0
    assert HandResult.objects.count() == 2


def test_scores_wait_for_the_start():
    drive = drive_with_players(players=8, start=False)
    with pytest.raises(ValidationError, match="once the drive has started"):
        submit(drive, (1, 1, 7))


def test_a_stale_seen_version_is_a_conflict_and_nothing_is_written():
    drive = drive_with_players(players=8)
    submit(drive, (1, 1, 7))
    with pytest.raises(ValidationError) as caught:
        submit(drive, ResultEntry(1, 1, 9, seen_version=0))
    assert caught.value.code == "conflict"
    assert "now N-S 7" in caught.value.messages[0]
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == [
        (7, 1, ResultStatus.CONFIRMED)
    ]
    with pytest.raises(ValidationError) as caught:
        submit(drive, ResultEntry(2, 1, 9, seen_version=1))
    assert caught.value.code == "conflict"
    assert HandResult.objects.count() == 1


def test_a_batch_is_all_or_nothing():
    drive = drive_with_players(players=8)
    for bad in [(2, 1, 14), (2, 2, 7), ResultEntry(2, 1, 7, seen_version=5), (1, 1, 8)]:
        with pytest.raises(ValidationError):
            submit(drive, (1, 1, 7), bad)
    assert not HandResult.objects.exists()
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_a_correction_makes_version_2_and_keeps_version_1_as_history():
    drive = drive_with_players(players=8)
    north = SeatAssignment.objects.get(
        round__drive=drive, table__number=1, position="N"
    )
    submit(drive, (1, 1, 7))
    assert score_of(drive, north.entry_id) == 1

    outcome = submit(drive, ResultEntry(1, 1, 10, seen_version=1))

    assert outcome.changed == 1
    history = selectors.result_history(drive=drive, table_number=1, hand=1)
    assert [(r.version, r.ns_tricks, r.status) for r in history] == [
        (1, 7, ResultStatus.SUPERSEDED),
        (2, 10, ResultStatus.CONFIRMED),
    ]
    assert confirmed(drive, 1, 1).version == 2
    assert score_of(drive, north.entry_id) == 4
    # The same score again changes nothing.
    again = submit(drive, ResultEntry(1, 1, 10, seen_version=2))
    assert again.changed == 0
    assert HandResult.objects.count() == 2


def test_correcting_an_earlier_round_recomputes_the_leaderboard():
    drive = drive_with_players(players=8)
    play_round(drive)
    play_round(drive)
    north = SeatAssignment.objects.get(
        round__drive=drive, round__number=1, table__number=2, position="N"
    )
    before = score_of(drive, north.entry_id)
    submit(drive, ResultEntry(2, 1, 13, seen_version=1))
    assert score_of(drive, north.entry_id) == before + 6


def test_a_correction_that_changes_an_earlier_winner_says_the_moves_stand():
    drive = drive_with_players(players=8)
    play_round(drive, tricks=lambda deal: 7)
    round_2 = seating_rows(drive, 2)

    same_winner = submit(drive, ResultEntry(1, 1, 9, seen_version=1))
    assert same_winner.notes == ()

    outcome = submit(drive, ResultEntry(1, 1, 3, seen_version=2))

    assert len(outcome.notes) == 1
    note = outcome.notes[0]
    assert "Table 1 now has a different winner in round 1" in note
    assert "stand" in note
    assert not outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert seating_rows(drive, 2) == round_2


def test_corrections_are_allowed_after_the_drive_has_finished():
    drive = drive_with_players(players=4, hands=2)
    play_round(drive)
    play_round(drive)
    assert drive.state == DriveState.FINISHED
    outcome = submit(drive, ResultEntry(1, 2, 0, seen_version=1))
    assert outcome.changed == 1
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert confirmed(drive, 1, 2).ns_tricks == 0


def test_the_database_forbids_two_confirmed_results_for_one_table_and_hand():
    drive = drive_with_players(players=4)
    table = Table.objects.get(drive=drive, number=1)
    HandResult.objects.create(table=table, hand=1, ns_tricks=7, version=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandResult.objects.create(table=table, hand=1, ns_tricks=8, version=2)
    # A superseded version beside the confirmed one is fine.
    HandResult.objects.create(
        table=table, hand=1, ns_tricks=8, version=2, status=ResultStatus.SUPERSEDED
    )
    assert HandResult.objects.count() == 2


@pytest.mark.parametrize("version", [0, MAX_RESULT_VERSIONS + 1, 150])
def test_the_database_forbids_versions_outside_the_cap(version):
    drive = drive_with_players(players=4)
    table = Table.objects.get(drive=drive, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandResult.objects.create(table=table, hand=1, ns_tricks=7, version=version)
    HandResult.objects.create(
        table=table, hand=1, ns_tricks=7, version=MAX_RESULT_VERSIONS
    )
    assert HandResult.objects.count() == 1


def test_an_unchanged_result_with_an_old_version_is_already_saved():
    """The same value the form saw change meanwhile: nothing to save, no conflict."""
    drive = drive_with_players(players=8)
    submit(drive, (1, 1, 7))
    outcome = submit(drive, ResultEntry(1, 1, 7, seen_version=0))
    assert outcome.changed == 0
    assert list(HandResult.objects.values_list("ns_tricks", "version", "status")) == [
        (7, 1, ResultStatus.CONFIRMED)
    ]


@pytest.mark.parametrize("tricks", [14, 200])
def test_the_database_forbids_tricks_over_13(tricks):
    drive = drive_with_players(players=4)
    table = Table.objects.get(drive=drive, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandResult.objects.create(table=table, hand=1, ns_tricks=tricks, version=1)
    assert not HandResult.objects.exists()


def test_adjustments_need_a_reason_and_a_sensible_size():
    drive = drive_with_players(players=4)
    entry = drive.entries.first()
    for points, reason in ((5, "  "), (0, "nothing"), (1001, "too much")):
        with pytest.raises(ValidationError):
            scoring_services.adjustment_add(
                entry=entry, points=points, reason=reason, by=None
            )
    adjustment = scoring_services.adjustment_add(
        entry=entry, points=-3, reason=" revoked   twice ", by=None
    )
    assert adjustment.reason == "revoked twice"
    assert (
        next(s for s in selectors.leaderboard(drive=drive) if s.entry == entry.pk).total
        == -3
    )


def test_a_travel_slip_typed_whole_waits_for_its_rounds_and_moves_them_on():
    """After an evening on paper the desk types each table's slip whole: the
    later hands wait at the table's number until their round is seated, and
    the round each slip completes moves on as far as the results go."""
    drive = drive_with_players(players=8, hands=3)
    slip_1 = [ResultEntry(1, hand, 6 + hand) for hand in (1, 2, 3)]
    outcome = scoring_services.hand_results_submit(
        drive=drive, entries=slip_1, by=None, types_ahead=True
    )
    assert outcome.changed == 3 and not outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 1
    slip_2 = [ResultEntry(2, hand, 5) for hand in (1, 2, 3)]
    outcome = scoring_services.hand_results_submit(
        drive=drive, entries=slip_2, by=None, types_ahead=True
    )
    assert outcome.round_completed
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    # Every round was seated from the one before, and scored what was typed.
    assert {
        (deal.round, deal.table, deal.ns_tricks)
        for deal in hand_plays.deals(drive=drive)
    } == {(1, 1, 7), (2, 1, 8), (3, 1, 9), (1, 2, 5), (2, 2, 5), (3, 2, 5)}


def test_hands_ahead_are_refused_without_a_slip_or_a_table_or_a_game_for_it():
    drive = drive_with_players(players=8, hands=3)
    with pytest.raises(ValidationError, match="Hand 2 has not been reached yet"):
        submit(drive, (1, 2, 7))
    with pytest.raises(ValidationError, match="Table 3 does not play in round 2"):
        scoring_services.hand_results_submit(
            drive=drive, entries=[ResultEntry(3, 2, 7)], by=None, types_ahead=True
        )
    rubbers = rubber_drive()
    with pytest.raises(ValidationError, match="has not been reached yet"):
        scoring_services.hand_results_submit(
            drive=rubbers,
            entries=[ResultEntry(1, rubbers.hands, 7)],
            by=None,
            types_ahead=True,
        )
    assert not HandResult.objects.exists()


def _queries_of(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


def test_a_round_completed_with_nothing_typed_ahead_looks_ahead_once_at_most():
    """A captain's last hand of a round pays one look for hands typed ahead
    (none for a game typed round by round), not a read of the next round."""
    before, after = (drive_with_players(players=8, hands=3) for _ in range(2))
    for drive in (before, after):
        for table in (1, 2):
            HandResult.objects.create(
                table=Table.objects.get(drive=drive, number=table),
                hand=1,
                ns_tricks=7,
                version=1,
                status=ResultStatus.CONFIRMED,
            )

    def advance_alone():
        winners = scoring_services._round_ready(before)
        drive_services.round_advance(drive=before, winners=winners)

    alone = _queries_of(advance_alone)
    assert _queries_of(lambda: scoring_services.advance_if_complete(after)) <= (
        alone + 1
    )
    after.refresh_from_db()
    assert after.current_round == 2


def test_correcting_a_past_round_reads_only_that_rounds_tables():
    drive = drive_with_players(players=8, hands=3)
    play_round(drive)
    drive.refresh_from_db()
    assert drive.current_round == 2
    with CaptureQueriesContext(connection) as queries:
        submit(drive, (1, 1, 2))
    # The corrected round's tables, read once: not the round in play's too.
    tables = [
        q["sql"]
        for q in queries
        if q["sql"].startswith('SELECT DISTINCT "drive_table"')
    ]
    assert len(tables) == 1, tables
