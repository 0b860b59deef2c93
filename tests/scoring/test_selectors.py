"""Leaderboards and deals read back from a played drive, recomputed independently."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from drive import services as drive_services
from drive.models import Drive, SeatAssignment
from drive.trumps import Trump
from scoring import hand_plays, selectors
from scoring import services as scoring_services
from tests.factories import drive_with_players, play_drive, play_round

pytestmark = pytest.mark.django_db


def scores_from_deals(drive: Drive, rule: str = "odd") -> dict[int, int]:
    """Entry number -> score, worked out from the deals alone."""

    def side(tricks: int) -> int:
        return max(0, tricks - 6) if rule == "odd" else tricks

    totals: dict[int, int] = defaultdict(int)
    for deal in hand_plays.deals(drive=drive):
        if deal.ns_tricks is None:
            continue
        for number in (deal.north, deal.south):
            totals[number] += side(deal.ns_tricks)
        for number in (deal.east, deal.west):
            totals[number] += side(13 - deal.ns_tricks)
    return totals


def sat_out_hands(drive: Drive) -> dict[int, list[int]]:
    """Entry number -> the hands it sat out (one hand per round here)."""
    result: dict[int, list[int]] = defaultdict(list)
    for number, round_number in SeatAssignment.objects.filter(
        round__drive=drive, table__isnull=True
    ).values_list("entry__number", "round__number"):
        result[number].extend(drive.hands_of_round(round_number))
    return result


def set_compensation(drive: Drive, rule: str, fixed: int = 0) -> Drive:
    return drive_services.drive_update(
        drive=drive, sit_out_compensation=rule, sit_out_fixed_score=fixed
    )


def test_deals_list_every_table_and_hand_with_seats_and_trumps():
    drive = drive_with_players(players=10, hands=6)
    play_round(drive, tricks=lambda deal: 9)
    rows = hand_plays.deals(drive=drive)
    # Round 1 is played, round 2 is seated: two tables each.
    assert [(d.hand, d.table) for d in rows] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert [d.trumps for d in rows] == [Trump.HEARTS] * 2 + [Trump.DIAMONDS] * 2
    assert [(d.ns_tricks, d.ew_tricks, d.version) for d in rows[:2]] == [(9, 4, 1)] * 2
    assert [(d.ns_tricks, d.ew_tricks, d.version) for d in rows[2:]] == [
        (None, None, 0)
    ] * 2
    numbers = set(drive.entries.values_list("number", flat=True))
    for deal in rows:
        seated = {deal.north, deal.east, deal.south, deal.west}
        assert len(seated) == 4
        assert seated <= numbers


@pytest.mark.parametrize("rule", ["odd", "total"])
def test_totals_are_the_sum_of_hand_scores_plus_adjustments(rule):
    drive = drive_with_players(
        players=10, hands=8, seed=4, sit_out_compensation="none", scoring_rule=rule
    )
    rng = random.Random(2)
    play_drive(drive, tricks=lambda deal: rng.randint(0, 13))
    first, second = drive.entries.order_by("number")[:2]
    scoring_services.adjustment_add(
        entry=first, points=5, reason="Best dressed", by=None
    )
    scoring_services.adjustment_add(entry=first, points=-2, reason="Revoke", by=None)
    scoring_services.adjustment_add(entry=second, points=-4, reason="Revoke", by=None)
    adjustments = {first.number: 3, second.number: -4}

    expected = scores_from_deals(drive, rule)
    board = selectors.leaderboard(drive=drive)

    assert len(board) == 10
    for row in board:
        assert row.score == expected[row.number], row
        assert row.compensation == 0
        assert row.adjustment == adjustments.get(row.number, 0)
        assert row.total == expected[row.number] + adjustments.get(row.number, 0)
    assert [r.total for r in board] == sorted((r.total for r in board), reverse=True)


def test_a_change_of_scoring_rule_recomputes_from_the_stored_tricks():
    drive = drive_with_players(players=8, hands=4, sit_out_compensation="none")
    rng = random.Random(8)
    play_drive(drive, tricks=lambda deal: rng.randint(0, 13))
    odd = {r.number: r.score for r in selectors.leaderboard(drive=drive)}
    drive = drive_services.drive_update(drive=drive, scoring_rule="total")
    total = {r.number: r.score for r in selectors.leaderboard(drive=drive)}
    assert odd == scores_from_deals(drive, "odd")
    assert total == scores_from_deals(drive, "total")
    # With total tricks every hand hands out 13 per partnership pair: 26 per table.
    assert sum(total.values()) == 4 * 2 * 26


def test_equal_totals_share_a_rank():
    drive = drive_with_players(players=4, hands=2)
    play_round(drive, tricks=lambda deal: 7)
    board = selectors.leaderboard(drive=drive)
    assert [(r.rank, r.total) for r in board] == [(1, 1), (1, 1), (3, 0), (3, 0)]
    # Equal totals keep entry-number order.
    assert board[0].number < board[1].number
    assert board[2].number < board[3].number
    ns = set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=1, position__in=["N", "S"]
        ).values_list("entry__number", flat=True)
    )
    assert {board[0].number, board[1].number} == ns


def test_sit_out_compensation_for_each_rule():
    """Ten players, six one-hand rounds, hand h made 6 + h tricks by N-S everywhere.

    So N-S score h on hand h, E-W score 0, and the room's average on hand h is
    (4 * h + 4 * 0) / 8 = h / 2.
    """
    drive = drive_with_players(players=10, hands=6, seed=9)
    play_drive(drive, tricks=lambda deal: 6 + deal.hand)
    sat_out = sat_out_hands(drive)
    assert sum(len(h) for h in sat_out.values()) == 12  # two a round
    scores = scores_from_deals(drive)

    for rule, fixed in (
        ("none", 0),
        ("fixed", 3),
        ("own_average", 0),
        ("room_average", 0),
    ):
        drive = set_compensation(drive, rule, fixed)
        board = {r.number: r for r in selectors.leaderboard(drive=drive)}
        for number, row in board.items():
            hands = sat_out.get(number, [])
            played = 6 - len(hands)
            assert (row.played, row.sat_out, row.score) == (
                played,
                len(hands),
                scores[number],
            )
            if rule == "none":
                expected = 0
            elif rule == "fixed":
                expected = 3 * len(hands)
            elif rule == "own_average":
                # score * sat_out / played, rounded half up, in whole numbers.
                expected = (2 * scores[number] * len(hands) + played) // (2 * played)
            else:
                # sum of h / 2 over the hands sat out, rounded half up.
                expected = (sum(hands) + 1) // 2
            assert row.compensation == expected, (rule, number, hands, row)
            assert row.total == scores[number] + expected


def test_room_average_by_hand_for_one_entry():
    """Worked by hand: whoever sat out hand 1 (room average 1/2) and hand 4 (2)."""
    drive = drive_with_players(
        players=10, hands=6, seed=9, sit_out_compensation="room_average"
    )
    play_drive(drive, tricks=lambda deal: 6 + deal.hand)
    sat_out = sat_out_hands(drive)
    number, hands = next((n, h) for n, h in sorted(sat_out.items()) if 1 in h)
    row = next(r for r in selectors.leaderboard(drive=drive) if r.number == number)
    by_hand = {1: 0.5, 2: 1.0, 3: 1.5, 4: 2.0, 5: 2.5, 6: 3.0}
    exact = sum(by_hand[h] for h in hands)
    assert row.compensation == int(exact + 0.5)
    assert row.compensation >= 1  # hand 1 alone is worth 0.5, rounded up to 1


def test_sit_outs_count_only_hands_the_room_has_played():
    drive = drive_with_players(players=10, hands=6, sit_out_compensation="fixed")
    drive = drive_services.drive_update(drive=drive, sit_out_fixed_score=2)
    # Round 1 is seated but has no result: nobody has sat out a played hand yet.
    board = selectors.leaderboard(drive=drive)
    assert all((r.sat_out, r.compensation, r.total) == (0, 0, 0) for r in board)
    play_round(drive)
    board = selectors.leaderboard(drive=drive)
    assert sorted(r.sat_out for r in board) == [0] * 8 + [1, 1]
    assert sorted(r.compensation for r in board) == [0] * 8 + [2, 2]


def test_per_group_leaderboards():
    drive = drive_with_players(players=10, hands=6, seed=5)
    rng = random.Random(3)
    play_drive(drive, tricks=lambda deal: rng.randint(0, 13))
    overall = {r.number: r for r in selectors.leaderboard(drive=drive)}
    groups = dict(drive.entries.values_list("number", "group"))
    for group in "AB":
        board = selectors.leaderboard(drive=drive, group=group)
        assert {r.number for r in board} == {n for n, g in groups.items() if g == group}
        assert [r.total for r in board] == sorted(
            (r.total for r in board), reverse=True
        )
        assert board[0].rank == 1
        for position, row in enumerate(board, start=1):
            assert row.total == overall[row.number].total
            better = sum(1 for other in board if other.total > row.total)
            # The drive is finished: the club's tie-breaks may separate equal totals.
            assert row.rank >= better + 1
            assert row.rank <= position


def test_drive_scores_counts_hands_complete():
    drive = drive_with_players(players=8, hands=6)
    assert selectors.drive_scores(drive=drive).hands_complete == 0
    play_round(drive)
    play_round(drive)
    assert selectors.drive_scores(drive=drive).hands_complete == 2


def _enter_table(drive: Drive, table_number: int) -> None:
    """Table `table_number` sends its result of the drive's current hand."""
    (deal,) = [
        deal
        for deal in hand_plays.deals(drive=drive, round_number=drive.current_round)
        if deal.table == table_number
    ]
    scoring_services.hand_results_submit(
        drive=drive,
        entries=[
            scoring_services.ResultEntry(table=deal.table, hand=deal.hand, ns_tricks=8)
        ],
        by=None,
    )
    drive.refresh_from_db()


def test_a_hand_is_done_on_the_boards_once_every_table_has_sent_it():
    # Ten players: two tables and sit-outs, a hand a round.
    drive = drive_with_players(players=10, hands=4)
    _enter_table(drive, 1)
    # Table 2 still plays hand 1: the boards have not come through it.
    assert selectors.drive_scores(drive=drive).hands_complete == 0
    _enter_table(drive, 2)
    assert selectors.drive_scores(drive=drive).hands_complete == 1
    play_round(drive)
    play_round(drive)
    # The last round: table 1 has sent hand 4, table 2 has not.
    _enter_table(drive, 1)
    scores = selectors.drive_scores(drive=drive)
    assert scores.hands_complete == 3
    assert drive.words.hands_done(scores.hands_complete, drive.hands) == (
        "After 3 of 4 hands."
    )


def test_a_finished_drive_counts_every_hand_with_a_result():
    drive = play_drive(drive_with_players(players=10, hands=4))
    assert selectors.drive_scores(drive=drive).hands_complete == 4
