"""Tie-break rules on crafted contenders: no database."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from scoring.standings import Compensation, EntryRecord, sat_out_scores, standings
from scoring.tiebreaks import (
    DEFAULT_ORDER,
    Contender,
    DriveTieBreaks,
    Outcome,
    Rule,
    TieBreakError,
    check_order,
    count_back,
    format_order,
    parse_order,
    rank,
)

CB, HW, BH, SH, DR = (
    Rule.COUNT_BACK,
    Rule.HANDS_WON,
    Rule.BEST_HAND,
    Rule.SHARED,
    Rule.DRAW,
)


def who(key, scores, *, won=0, sat_out=None):
    """A contender whose hand scores are `scores` (hand 1 first); value = their sum."""
    hand_scores = dict(enumerate(scores, start=1))
    sat = sat_out or {}
    return Contender(
        key=key,
        value=sum(hand_scores.values()) + sum(sat.values()),
        hand_scores=hand_scores,
        sat_out_scores=sat,
        hands_won=won,
        number=key,
    )


def order_of(placings):
    return [(p.key, p.rank) for p in placings]


def test_count_back_sums_from_the_last_hand_backwards():
    assert count_back(who(1, [1, 2, 3]), 3) == (3, 5, 6)
    # A hand sat out counts at its compensation.
    c = who(1, [4, 0, 2], sat_out={2: Fraction(3, 2)})
    assert count_back(c, 3) == (2, Fraction(7, 2), Fraction(15, 2))
    # Half-time: count back from the half-way hand, ignoring later hands.
    assert count_back(who(1, [1, 2, 3, 4]), 2) == (2, 3)


def test_count_back_decides_on_the_last_hand():
    a = who(1, [3, 0, 1])  # 4, last hand 1
    b = who(2, [0, 2, 2])  # 4, last hand 2
    placings = rank([a, b], order=[CB], last_hand=3)
    assert order_of(placings) == [(2, 1), (1, 2)]
    assert placings[0].decided_by is CB
    assert placings[0].outcome is Outcome.DECIDED
    assert placings[0].block == (2,)


def test_count_back_goes_back_to_the_last_two_hands_then_three():
    # Level on the last hand (2 each); last two: a 2+1=3, b 2+0=2.
    a = who(1, [1, 1, 2])
    b = who(2, [2, 0, 2])
    c = who(3, [0, 2, 2])  # last two: 4: best
    assert order_of(rank([a, b, c], order=[CB], last_hand=3)) == [
        (3, 1),
        (1, 2),
        (2, 3),
    ]


def test_identical_hands_pass_to_the_next_rule():
    a = who(1, [2, 2], won=2)
    b = who(2, [2, 2], won=1)
    placings = rank([b, a], order=[CB, HW], last_hand=2)
    assert order_of(placings) == [(1, 1), (2, 2)]
    assert placings[0].decided_by is HW


def test_most_hands_won_then_best_single_hand():
    a = who(1, [1, 1, 1, 3], won=4)
    b = who(2, [3, 3, 0, 0], won=2)
    c = who(3, [0, 0, 6, 0], won=1)
    # Without count-back: most hands won decides.
    assert [p.key for p in rank([a, b, c], order=[HW], last_hand=4)] == [1, 2, 3]
    # Best single hand: 6 beats 3 and 3.
    placings = rank([a, b, c], order=[BH], last_hand=4)
    assert [p.key for p in placings] == [3, 1, 2]
    # a and b both have a best hand of 3: level, shared.
    assert placings[1].rank == placings[2].rank == 2
    assert placings[1].outcome is Outcome.SHARED


def test_best_single_hand_ignores_hands_sat_out():
    a = who(1, [2, 2], sat_out={3: Fraction(5)})
    b = who(2, [3, 1, 5])  # total 9 = 2 + 2 + 5
    assert a.value == b.value
    placings = rank([a, b], order=[BH], last_hand=3)
    assert [p.key for p in placings] == [2, 1]


def test_shared_stops_the_list():
    a, b = who(1, [3, 1]), who(2, [1, 3])
    placings = rank([a, b], order=[SH], last_hand=2)
    assert order_of(placings) == [(1, 1), (2, 1)]
    assert all(p.outcome is Outcome.SHARED for p in placings)
    assert placings[0].block == (1, 2)


def test_a_draw_is_awaited_then_decides():
    a, b, c = who(1, [2, 2]), who(2, [2, 2]), who(3, [2, 2])
    waiting = rank([a, b, c], order=[CB, DR], last_hand=2)
    assert {p.rank for p in waiting} == {1}
    assert all(p.outcome is Outcome.AWAITING_DRAW for p in waiting)
    # 2 won the cut between all three; 1 and 3 are still level and cut again.
    placings = rank(
        [a, b, c], order=[CB, DR], last_hand=2, draws={frozenset({1, 2, 3}): 2}
    )
    assert order_of(placings) == [(2, 1), (1, 2), (3, 2)]
    assert placings[0].decided_by is DR
    assert placings[1].outcome is Outcome.AWAITING_DRAW
    placings = rank(
        [a, b, c],
        order=[CB, DR],
        last_hand=2,
        draws={frozenset({1, 2, 3}): 2, frozenset({1, 3}): 3},
    )
    assert order_of(placings) == [(2, 1), (3, 2), (1, 3)]
    assert all(p.outcome is Outcome.DECIDED for p in placings)


def test_a_draw_for_another_tie_does_not_apply():
    a, b = who(1, [2, 2]), who(2, [2, 2])
    placings = rank([a, b], order=[DR], last_hand=2, draws={frozenset({1, 3}): 1})
    assert all(p.outcome is Outcome.AWAITING_DRAW for p in placings)


def test_rules_running_out_leave_the_tie_shared():
    a, b = who(1, [2, 2]), who(2, [2, 2])
    assert all(
        p.outcome is Outcome.SHARED for p in rank([a, b], order=[CB], last_hand=2)
    )
    assert all(p.outcome is Outcome.SHARED for p in rank([a, b], order=[], last_hand=2))


def test_competition_ranks_after_the_rules():
    players = [who(1, [5]), who(2, [3]), who(3, [3]), who(4, [1])]
    placings = rank(players, order=[SH], last_hand=1)
    assert order_of(placings) == [(1, 1), (2, 2), (3, 2), (4, 4)]
    assert [p.position for p in placings] == [1, 2, 3, 4]
    # Different values are never reordered by a tie-break.
    placings = rank(players, order=DEFAULT_ORDER, last_hand=1)
    assert [p.key for p in placings][0] == 1 and placings[-1].key == 4


def test_check_order_refuses_what_cannot_work():
    assert check_order(["count_back", "draw"]) == (CB, DR)
    with pytest.raises(TieBreakError, match="listed twice"):
        check_order(["count_back", "count_back"])
    with pytest.raises(TieBreakError, match="Nothing can come after"):
        check_order(["shared", "count_back"])
    with pytest.raises(TieBreakError, match="Nothing can come after"):
        check_order(["draw", "shared"])
    with pytest.raises(TieBreakError, match="not a tie-break rule"):
        check_order(["coin_toss"])
    assert parse_order(format_order(DEFAULT_ORDER)) == DEFAULT_ORDER
    assert parse_order("") == ()


def test_sat_out_scores_for_each_compensation():
    record = EntryRecord(
        entry=1,
        number=1,
        name="A",
        group="A",
        hand_scores={1: 3, 2: 0},
        sat_out_hands=(3,),
    )
    assert sat_out_scores(record, rule="none") == {}
    assert sat_out_scores(record, rule="fixed", fixed_score=2) == {3: 2}
    assert sat_out_scores(record, rule="own_average") == {3: Fraction(3, 2)}
    assert sat_out_scores(
        record, rule="room_average", averages={3: Fraction(5, 4)}
    ) == {3: Fraction(5, 4)}


def test_drive_tie_breaks_reorder_standings_and_keep_totals():
    records = [
        EntryRecord(1, 1, "Ann", "A", {1: 3, 2: 0}),  # 3, last hand 0
        EntryRecord(2, 2, "Bob", "B", {1: 0, 2: 3}),  # 3, last hand 3
        EntryRecord(3, 3, "Cy", "A", {1: 1, 2: 0}),
    ]
    rows = standings(records, rule=Compensation.NONE)
    assert [(r.number, r.rank) for r in rows] == [(1, 1), (2, 1), (3, 3)]
    breaks = DriveTieBreaks(order=DEFAULT_ORDER, last_hand=2, compensation="none")
    broken = breaks.apply(rows, records)
    assert [(r.number, r.rank, r.total) for r in broken] == [
        (2, 1, 3),
        (1, 2, 3),
        (3, 3, 1),
    ]


def test_a_copy_for_another_last_hand_works_its_contenders_out_afresh():
    records = [
        EntryRecord(1, 1, "Ann", "A", {1: 0, 2: 3}, won_hands=frozenset({2})),
        EntryRecord(2, 2, "Bob", "B", {1: 3, 2: 0}, won_hands=frozenset({1})),
    ]
    rows = standings(records, rule=Compensation.NONE)
    whole = DriveTieBreaks(order=(HW,), last_hand=2, compensation="none")
    # One hand won each over two hands: the place is shared.
    assert [(r.number, r.rank) for r in whole.apply(rows, records)] == [(1, 1), (2, 1)]
    # Up to hand 1 only Bob has won a hand.
    first = dataclasses.replace(whole, last_hand=1)
    assert [(r.number, r.rank) for r in first.apply(rows, records)] == [(2, 1), (1, 2)]
