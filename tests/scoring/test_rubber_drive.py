"""A rubber whist drive (issue #17): fixed pairs play rubbers at each table, the
organiser's bell ends the round however far each table got, and each player's
evening score is the sum of their pair's rubber values."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from drive.models import DriveState, SeatAssignment
from drive.movement.types import Game
from scoring import selectors
from scoring import services as scoring_services
from scoring.audit import audit_check, scores_from_audit
from tests.factories import drive_with_players, rubber_drive
from tests.factories import enter_tricks as enter

pytestmark = pytest.mark.django_db


def seated(drive, table: int) -> dict[str, int]:
    return {
        s.position: s.entry.number
        for s in SeatAssignment.objects.filter(
            round__drive=drive, round__number=drive.current_round, table__number=table
        ).select_related("entry")
    }


def totals(drive) -> dict[int, int]:
    return {row.number: row.total for row in selectors.leaderboard(drive=drive)}


def test_the_issues_rubber_and_the_bell(club, organiser):
    drive = rubber_drive(club)
    assert drive.game is Game.RUBBERS and drive.plays_in_pairs
    one, two = seated(drive, 1), seated(drive, 2)
    # Table 1, English short whist (game 5): N-S win 5-0 (+3), E-W win 5-2
    # (+2), N-S win 5-4 (+1) and the rubber (+2): N-S 6, E-W 2.
    enter(drive, organiser, 1, [11, 8, 2, 10, 3, 7])
    # Table 2 is half-way through its first game when the bell goes.
    enter(drive, organiser, 2, [9])
    # Not every table has played its twelve hands, and the organiser rings the bell.
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive.refresh_from_db()
    assert drive.current_round == 2
    board = totals(drive)
    assert board[one["N"]] == board[one["S"]] == 6
    assert board[one["E"]] == board[one["W"]] == 2
    # A game in progress at the bell scores nothing.
    assert {board[two[seat]] for seat in "NESW"} == {0}
    # The record of changes rebuilds the same totals.
    assert scores_from_audit(drive=drive).totals == board
    assert audit_check(drive=drive) == []


def test_honours_count_in_rubbers_as_the_preset_says(club, organiser):
    # Long whist, game 9 (the Polish text): six all, N-S take 7 tricks and
    # hold three honours: 1 for the trick and only 1 for honours, 8 to 6.
    drive = rubber_drive(
        club, count_honours=True, rubber_preset="long", rubber_target=9
    )
    one = seated(drive, 1)
    enter(drive, organiser, 1, [12, 1])  # 6 to N-S, 6 to E-W
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=3, ns_tricks=7, honours="NS3", by=organiser
    )
    # N-S 8, E-W 6: nobody has a game yet, so nothing counts on the board...
    assert totals(drive)[one["N"]] == 0
    # ...until N-S take the game with one more trick, 9 to 6: the bonus is 1,
    # the losers having three fifths of the target or more.
    enter(drive, organiser, 1, [7], first=4)
    assert totals(drive)[one["N"]] == 1
    assert totals(drive)[one["E"]] == 0


def test_a_drive_of_another_format_still_waits_for_every_table(club, organiser):
    drive = drive_with_players(players=8, club=club, hands=4)
    enter(drive, organiser, 1, [9])
    with pytest.raises(ValidationError, match="Not every table is in yet"):
        scoring_services.round_start_next(drive=drive, round_number=1)


def test_the_last_bell_finishes_the_drive(club, organiser):
    drive = rubber_drive(club)
    enter(drive, organiser, 1, [11])
    scoring_services.round_start_next(drive=drive, round_number=1)
    scoring_services.round_start_next(drive=drive, round_number=2)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED


def test_the_captains_view_has_the_game_and_the_rubber_as_they_stand(club, organiser):
    from scoring import live

    drive = rubber_drive(club)
    enter(drive, organiser, 1, [11, 8])  # game to N-S 5-0, then N-S 2 of game 2
    view = live.captain_view(drive=drive, table_number=1)
    assert view.rubber.game_score == (2, 0)
    assert view.rubber.games_won == (1, 0)
    enter(drive, organiser, 1, [2], first=3)  # E-W take 11: game to E-W, 5-2
    view = live.captain_view(drive=drive, table_number=1)
    assert view.rubber.last_words == "Game to E-W, 5-2"
    assert (view.rubber.game_score, view.rubber.games_won) == ((0, 0), (1, 1))
    assert view.rubber.values == (3, 2)
    # Another format has none.
    other = drive_with_players(players=8, club=club, hands=4)
    assert live.captain_view(drive=other, table_number=1).rubber is None


def test_a_missing_hand_is_passed_over_alike_by_the_table_and_the_board(
    club, organiser
):
    from scoring import live

    drive = rubber_drive(club)
    one = seated(drive, 1)
    enter(drive, organiser, 1, [11])  # game to N-S 5-0: +3
    enter(drive, organiser, 1, [2], first=3)  # hand 2 never entered; E-W 5-0: +3
    view = live.captain_view(drive=drive, table_number=1)
    board = totals(drive)
    assert view.rubber.values == (board[one["N"]], board[one["E"]]) == (3, 3)


def test_a_rubber_revoke_passes_tricks_when_the_penalty_says_so(club, organiser):
    drive = rubber_drive(club, revoke_penalty="tricks")
    one = seated(drive, 1)
    # N-S take 6, E-W revoke: three tricks pass, N-S have 9 (3 points) and the
    # hand is theirs on the board's count of hands won, as in the rubber.
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=6, revoke="EW", by=organiser
    )
    records = {r.number: r for r in selectors.drive_scores(drive=drive).records}
    assert records[one["N"]].won_hands == {1}
    assert records[one["E"]].won_hands == frozenset()
    [played] = selectors.drive_rubbers(drive=drive)
    assert played.rubbers[0].hands[0].after == (3, 0)


def test_a_rubber_drive_set_to_deduct_deducts_game_points(club, organiser):
    # Issue #32: a rubber drive set to "deduct" was scored as three tricks passing.
    drive = rubber_drive(club, revoke_penalty="deduct")
    one = seated(drive, 1)
    # N-S take 9 (3-0); then N-S take 6 and E-W revoke: E-W's 1 less 3 is 0.
    enter(drive, organiser, 1, [9])
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=2, ns_tricks=6, revoke="EW", by=organiser
    )
    [played] = selectors.drive_rubbers(drive=drive)
    hand = played.rubbers[0].hands[1]
    assert (hand.ns_tricks, hand.tricks, hand.penalty) == (6, (0, 1), (0, -1))
    assert hand.after == (3, 0)
    # The tricks stay as the table took them: the hand is E-W's.
    records = {r.number: r for r in selectors.drive_scores(drive=drive).records}
    assert records[one["E"]].won_hands == {2}


def test_settled_net_the_losers_game_is_subtracted_from_the_winners(club, organiser):
    # Issue #32, the Russian text's reading: A win 5-0 (+3), B win 5-2 (+2),
    # A win 5-4 (+1) and the rubber (+2): A 6 - 2 = 4, B 0.
    drive = rubber_drive(club, rubber_settlement="net")
    one = seated(drive, 1)
    enter(drive, organiser, 1, [11, 8, 2, 10, 3, 7])
    board = totals(drive)
    assert board[one["N"]] == board[one["S"]] == 4
    assert board[one["E"]] == board[one["W"]] == 0
    assert scores_from_audit(drive=drive).totals == board
    assert audit_check(drive=drive) == []
