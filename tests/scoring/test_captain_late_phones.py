"""A phone after the room has moved on: answered as before the move, or sent to
the organiser, the moves standing; and the moves a table is told (who goes
where, that the page stays with the table)."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive import entry_services
from drive import services as drive_services
from drive.models import DriveState, SeatAssignment
from scoring import live
from scoring import services as scoring_services
from scoring.captain import Kind
from scoring.models import ResultStatus
from scoring.moves import MoveKind, table_moves
from tests.factories import drive_with_players, play_drive, play_round
from tests.scoring.captain_phone import (
    JSON,
    page_url,
    post_result,
    results,
    submit,
    table_of,
    written,
)

pytestmark = pytest.mark.django_db


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


# --- the moves a table is told ---------------------------------------------------------


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
                r".+ \(\d+\): table\u00a0\d+, (North|East|South|West)( \(stays\))?",
                str(move),
            )


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
