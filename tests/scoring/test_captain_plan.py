"""The usual captain's submission is planned before the drive's lock and checked
under it (scoring.captain_plan._plan_first_result, _written_as_planned): the plan is
used when nothing it read has changed, and set aside for a fresh read under the
lock when anything has."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from drive import services as drive_services
from drive.models import Table
from players.models import AuditEvent
from scoring import captain as captain_services
from scoring import captain_plan, live
from scoring import services as scoring_services
from scoring.captain import Kind
from scoring.models import HandResult, ResultStatus
from tests.factories import drive_with_players, tables_seated

pytestmark = pytest.mark.django_db


# Each test twice: inside the test's transaction, and with real commits (as a
# request is served: on PostgreSQL the usual submission then takes the lock,
# checks and writes in one round trip, scoring.captain_plan._in_one_round_trip).
both_ways = pytest.mark.parametrize(
    "commits",
    [
        "in a test transaction",
        pytest.param("autocommit", marks=pytest.mark.django_db(transaction=True)),
    ],
)


def table_of(drive, number: int = 1) -> Table:
    return Table.objects.select_related("drive").get(drive=drive, number=number)


def submit(table: Table, hand: int, ns: int, key: str):
    return captain_services.captain_result_submit(
        table=table, hand=hand, ns_tricks=ns, idempotency_key=key
    )


@pytest.fixture
def fresh_reads(monkeypatch):
    """Count the submissions that fell back to a fresh read under the lock."""
    fell_back = []
    locked = captain_services._captain_result_locked

    def counting(*args, **kwargs):
        fell_back.append(args[2:4])
        return locked(*args, **kwargs)

    monkeypatch.setattr(captain_services, "_captain_result_locked", counting)
    return fell_back


@both_ways
def test_the_usual_submission_is_written_as_planned(
    club, fresh_reads, commits, monkeypatch
):
    one_trip = []
    in_one_round_trip = captain_services._in_one_round_trip

    def counting(*args, **kwargs):
        written = in_one_round_trip(*args, **kwargs)
        one_trip.append(written is not None)
        return written

    monkeypatch.setattr(captain_services, "_in_one_round_trip", counting)
    drive = drive_with_players(players=8, club=club, hands=3)
    first = submit(table_of(drive, 1), 1, 9, "a" * 22)
    second = submit(table_of(drive, 2), 1, 4, "b" * 22)
    third = submit(table_of(drive, 1), 2, 7, "c" * 22)
    assert [o.kind for o in (first, second, third)] == [Kind.RECORDED] * 3
    assert second.round_completed and not first.round_completed
    # Each one's plan held: none needed a second read under the lock.
    assert fresh_reads == []
    if connection.vendor == "postgresql" and commits == "autocommit":
        # Sent at once, but for the round's last result (the round's next
        # seating is made in its transaction).
        assert one_trip == [True, False, True]
    else:
        assert one_trip == []
    result = HandResult.objects.get(idempotency_key="a" * 22)
    assert (result.version, result.status) == (1, ResultStatus.CONFIRMED)
    event = AuditEvent.objects.get(refs__result=result.pk)
    assert event.new == {"ns_tricks": 9, "status": "confirmed", "version": 1}
    assert event.who == result.source


@both_ways
def test_only_the_rounds_last_result_moves_it_on_whichever_table_sends_it(
    club, fresh_reads, commits
):
    """The write counts the round's confirmed results table by table: a table
    whose hands are all in but for one it skipped still holds the round."""
    drive = drive_with_players(players=12, club=club, hands=4, hands_per_round=2)
    t1, t2, t3 = (table_of(drive, n) for n in (1, 2, 3))
    # Table 2's second hand is in (the organiser's), its first is not.
    scoring_services.hand_result_submit(drive=drive, table=2, hand=2, ns_tricks=6)
    moves = []
    for table, hand, key in (
        (t1, 1, "a"),
        (t1, 2, "b"),  # table 1 is in; tables 2 and 3 are not
        (t3, 1, "c"),
        (t3, 2, "d"),  # table 3 is in; table 2 still lacks hand 1
        (t2, 1, "e"),  # the round's last result
    ):
        outcome = submit(table_of(drive, table.number), hand, 7, key * 22)
        assert outcome.kind == Kind.RECORDED
        moves.append(outcome.round_completed)
    assert moves == [False, False, False, False, True]
    drive.refresh_from_db()
    assert drive.current_round == 2
    # Every plan held: none needed a fresh read under the lock.
    assert fresh_reads == []


@both_ways
def test_the_plan_read_with_the_link_is_the_plan_read_after_it(club, commits):
    """The view fetches the plan's rows with the link's lookup, naming the
    table by its key (plan_reads_sql); they are the rows the plan reads itself."""
    from drive.secret_links import table_by_captain_key_then

    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, "a" * 22)
    submit(table_of(drive, 2), 1, 4, "b" * 22)  # the round moves on
    submit(table_of(drive, 1), 2, 3, "c" * 22)
    table = table_of(drive, 1)
    linked, found = table_by_captain_key_then(
        table.captain_key, captain_plan.plan_reads_sql(table.captain_key)
    )
    assert linked.pk == table.pk
    assert sorted(found) == sorted(captain_plan._plan_reads(table))
    assert len(found) == 2  # hands 1 and 2
    # ...and a plan made from them is written as planned.
    other = table_of(drive, 2)
    _linked, found = table_by_captain_key_then(
        other.captain_key, captain_plan.plan_reads_sql(other.captain_key)
    )
    outcome = captain_services.captain_result_submit(
        table=other, hand=2, ns_tricks=5, idempotency_key="e" * 22, plan_reads=found
    )
    assert outcome.kind == Kind.RECORDED and outcome.round_completed


def planned_then(monkeypatch, change):
    """Plan, then let `change` happen before the lock is taken (once)."""
    plan = captain_services._plan_first_result
    done = []

    def interrupted(*args, **kwargs):
        planned = plan(*args, **kwargs)
        if not done:
            done.append(True)
            change()
        return planned

    monkeypatch.setattr(captain_services, "_plan_first_result", interrupted)


@both_ways
@pytest.mark.parametrize(
    ("other_tricks", "kind", "standing_tricks"),
    [(9, Kind.ALREADY, 9), (3, Kind.CONFLICT, 3)],
)
def test_a_result_that_lands_between_the_plan_and_the_lock_is_seen(
    club, monkeypatch, fresh_reads, other_tricks, kind, standing_tricks, commits
):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    planned_then(
        monkeypatch, lambda: submit(table_of(drive, 1), 1, other_tricks, "o" * 22)
    )
    outcome = submit(table, 1, 9, "p" * 22)
    assert outcome.kind == kind
    assert len(fresh_reads) == 1
    confirmed = HandResult.objects.filter(
        table=table, hand=1, status=ResultStatus.CONFIRMED
    )
    # The other phone's result stands; ours is not a second one.
    assert [r.ns_tricks for r in confirmed] == [standing_tricks]


@both_ways
def test_a_round_ended_between_the_plan_and_the_lock_is_seen(
    club, monkeypatch, fresh_reads, organiser, commits
):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)

    def organiser_enters_the_round():
        scoring_services.hand_results_submit(
            drive=drive,
            entries=[
                scoring_services.ResultEntry(table=1, hand=1, ns_tricks=5),
                scoring_services.ResultEntry(table=2, hand=1, ns_tricks=6),
            ],
            by=organiser,
        )

    planned_then(monkeypatch, organiser_enters_the_round)
    outcome = submit(table, 1, 8, "q" * 22)
    # The phone's 8 meets the organiser's 5 after the move: a conflict for the
    # organiser, the move made stands.
    assert outcome.kind == Kind.CONFLICT
    assert "already" in outcome.message
    assert fresh_reads
    drive.refresh_from_db()
    assert drive.current_round == 2


@both_ways
def test_a_drive_finished_between_the_plan_and_the_lock_is_seen(
    club, monkeypatch, fresh_reads, commits
):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    planned_then(monkeypatch, lambda: drive_services.drive_finish(drive=drive))
    with pytest.raises(ValidationError, match="The drive is over"):
        submit(table, 1, 8, "r" * 22)
    assert not HandResult.objects.filter(table=table).exists()


def test_a_captains_page_waits_for_the_tables_the_room_waits_for(club):
    """live.waiting_tables, the captain page's one query, agrees with the whole
    room's view at every step: results missing, pending, in, and in dispute."""
    drive = drive_with_players(
        players=12, club=club, hands=4, hands_per_round=2, opponent_confirms=True
    )

    def agree() -> list[int]:
        drive.refresh_from_db()
        whole = live.room(drive=drive).waiting_tables
        assert (
            live.waiting_tables(drive=drive, round_number=drive.current_round) == whole
        )
        return whole

    assert agree() == [1, 2, 3]
    submit(table_of(drive, 1), 1, 8, "a" * 22)  # pending: still waiting
    assert agree() == [1, 2, 3]
    captain_services.captain_result_confirm(table=table_of(drive, 1), hand=1, version=1)
    submit(table_of(drive, 1), 2, 8, "b" * 22)
    captain_services.captain_result_confirm(table=table_of(drive, 1), hand=2, version=1)
    assert agree() == [2, 3]
    for number in (2, 3):
        for hand in (1, 2):
            key = f"{number}{hand}" * 11
            submit(table_of(drive, number), hand, 6, key)
            if number == 3 and hand == 2:
                # A second phone disagrees before the opponent confirms: table 3
                # waits for the organiser even once its result is confirmed.
                submit(table_of(drive, 3), 2, 9, "z" * 22)
            captain_services.captain_result_confirm(
                table=table_of(drive, number), hand=hand, version=1
            )
    assert agree() == [3]
    view = live.captain_view(drive=drive, table_number=1)
    assert view.waiting_for == [3] and view.mode == live.CaptainMode.WAITING


def test_a_table_of_no_results_yet_is_planned_from_the_rows_read_with_its_link(
    club, fresh_reads, django_assert_num_queries
):
    """No rows is an answer too: the plan does not read them again."""
    from drive.secret_links import table_by_captain_key_then

    drive = drive_with_players(players=8, club=club, hands=3)
    table, found = table_by_captain_key_then(
        table_of(drive, 1).captain_key,
        captain_plan.plan_reads_sql(table_of(drive, 1).captain_key),
    )
    assert found == []
    with django_assert_num_queries(0):
        plan = captain_services._plan_first_result(
            table.drive, table, 1, "a" * 22, found
        )
    assert plan is not None and plan.tables == 2


@pytest.mark.parametrize(
    "made",
    [
        {"format": "progressive"},
        {"format": "individual", "players": 13},
        {"format": "progressive", "players": 11, "three_handed": True},
    ],
    ids=["progressive", "individual with sit-outs", "three-handed table"],
)
def test_the_tables_of_the_round_in_play_are_noted_on_the_drive(club, made):
    """Drive.seated_tables, which the plan reads with the table, are the tables
    seated in the round, round after round."""
    made = dict(made)
    players = made.pop("players", 8)
    drive = drive_with_players(players=players, club=club, hands=3, **made)
    for round_number in (1, 2, 3):
        drive.refresh_from_db()
        assert drive.current_round == drive.seated_round == round_number
        assert set(drive.seated_tables) == tables_seated(drive, round_number)
        assert drive.seated_tables == sorted(drive.seated_tables)
        for table_id in drive.seated_tables:
            table = Table.objects.select_related("drive").get(pk=table_id)
            submit(table, round_number, 7, f"{table_id:04d}{round_number:02d}" * 4)
    drive.refresh_from_db()
    assert drive.state == "finished"


@both_ways
def test_a_table_that_kept_an_answer_is_worked_out_under_the_lock(
    club, fresh_reads, commits
):
    """A second phone's "already" is kept as a receipt and counted on its
    table; from then on that table's results are worked out under the lock,
    where the key is looked for among the receipts, and still come out right."""
    drive = drive_with_players(players=8, club=club, hands=3)
    assert submit(table_of(drive, 1), 1, 9, "a" * 22).kind == Kind.RECORDED
    assert submit(table_of(drive, 1), 1, 9, "b" * 22).kind == Kind.ALREADY
    assert table_of(drive, 1).receipts == 1
    # The same key again gets its first answer and writes nothing...
    again = submit(table_of(drive, 1), 1, 9, "b" * 22)
    assert again.kind == Kind.ALREADY
    assert table_of(drive, 1).receipts == 1
    fresh_reads.clear()
    # ...and the table's next result is read afresh under the lock, where
    # another table's is planned.
    assert submit(table_of(drive, 2), 1, 4, "c" * 22).round_completed
    assert fresh_reads == []
    assert submit(table_of(drive, 1), 2, 6, "d" * 22).kind == Kind.RECORDED
    assert len(fresh_reads) == 1
    assert HandResult.objects.filter(table__drive=drive).count() == 3


@both_ways
def test_a_receipt_written_between_the_plan_and_the_lock_is_seen(
    club, monkeypatch, fresh_reads, commits
):
    """The stamp checked under the lock holds the table's count of receipts."""
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, "a" * 22)
    submit(table_of(drive, 2), 1, 4, "b" * 22)
    table = table_of(drive, 1)
    planned_then(
        monkeypatch,
        lambda: captain_services._remember(
            table=table,
            key="k" * 22,
            hand=1,
            deal=captain_services.deal_of(
                HandResult.objects.get(idempotency_key="a" * 22)
            ),
            outcome=captain_services.CaptainOutcome(
                HandResult.objects.get(idempotency_key="a" * 22), Kind.ALREADY, "kept"
            ),
        ),
    )
    assert submit(table, 2, 6, "c" * 22).kind == Kind.RECORDED
    assert len(fresh_reads) == 1


@both_ways
def test_a_drive_whose_round_is_not_noted_is_worked_out_under_the_lock(
    club, fresh_reads, commits
):
    """A drive started before the tables of its round were noted on it: its
    results are read afresh under the lock, and the round still moves on."""
    from drive.models import Drive

    drive = drive_with_players(players=8, club=club, hands=3)
    Drive.objects.filter(pk=drive.pk).update(seated_round=0, seated_tables=[])
    assert submit(table_of(drive, 1), 1, 9, "a" * 22).kind == Kind.RECORDED
    assert submit(table_of(drive, 2), 1, 4, "b" * 22).round_completed
    assert len(fresh_reads) == 2
    drive.refresh_from_db()
    assert (drive.current_round, drive.seated_round) == (2, 2)


def test_the_migration_notes_the_rounds_and_counts_the_receipts_already_there(club):
    """What the migrations fill in for a site updated in the middle of a drive."""
    import importlib

    from django.apps import apps

    from drive.models import Drive

    seated = importlib.import_module("drive.migrations.0012_seated_tables_and_receipts")
    counted = importlib.import_module("scoring.migrations.0012_table_receipts_counted")
    drive = drive_with_players(players=8, club=club, hands=3)
    submit(table_of(drive, 1), 1, 9, "a" * 22)
    submit(table_of(drive, 1), 1, 9, "b" * 22)  # a receipt
    submit(table_of(drive, 2), 1, 4, "c" * 22)  # round 2
    drive.refresh_from_db()
    noted = drive.seated_tables
    Drive.objects.filter(pk=drive.pk).update(seated_round=0, seated_tables=[])
    Table.objects.filter(drive=drive).update(receipts=0)
    seated.note_current_rounds(apps, None)
    counted.count_receipts(apps, None)
    drive.refresh_from_db()
    assert (drive.seated_round, drive.seated_tables) == (2, noted)
    assert [t.receipts for t in Table.objects.filter(drive=drive)] == [1, 0]
