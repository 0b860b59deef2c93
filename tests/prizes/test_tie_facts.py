"""A prize won on a tie-break knows who else was level and on what (Award.tie):
the prize engine says it from its own ranking, as plain values, for the MC
(prizes.giving). A prize nobody was level for, a shared one and one waiting
for a draw have none."""

from __future__ import annotations

from prizes.engine import AwardStatus, Tie, Winner, award_prizes
from prizes.prize_list import Contest, PrizeKind, PrizeSpec
from scoring.tiebreaks import Rule
from tests.prizes.competitors import evening, player

LEVEL = [
    player(1, "A", [2, 2, 2, 0]),  # 6, nothing on the last hand
    player(2, "B", [0, 2, 2, 2]),  # 6, 2 on the last hand: ahead on count-back
    player(3, "A", [3, 0, 0, 0]),  # 3
    player(4, "B", [1, 0, 0, 0]),  # 1
]


def test_the_winner_and_the_runner_up_on_count_back_each_know_the_other():
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 1),
        PrizeSpec(PrizeKind.OVERALL, 2),
        PrizeSpec(PrizeKind.OVERALL, 3),
    ]
    first, second, third = award_prizes(specs, evening(LEVEL))
    assert first.tie == Tie(
        rule=Rule.COUNT_BACK,
        on_score=True,
        others=(Winner(1, 1, "P1", 6, group="A"),),
    )
    assert [w.number for w in first.winners] == [2]
    assert second.tie == Tie(
        rule=Rule.COUNT_BACK,
        on_score=True,
        others=(Winner(2, 2, "P2", 6, group="B"),),
    )
    assert third.tie is None  # nobody else on 3


def test_three_level_name_the_two_others_in_the_order_placed():
    players = [*LEVEL, player(5, "A", [2, 2, 1, 1])]  # 6 too, 1 on the last hand
    (first,) = award_prizes([PrizeSpec(PrizeKind.OVERALL, 1)], evening(players))
    assert [w.number for w in first.winners] == [2]
    assert first.tie is not None
    assert [(w.number, w.total) for w in first.tie.others] == [(5, 6), (1, 6)]


def test_a_shared_prize_and_a_cut_still_to_make_have_no_tie_facts():
    specs = [PrizeSpec(PrizeKind.OVERALL, 1)]
    (shared,) = award_prizes(specs, evening(LEVEL, order=[Rule.SHARED]))
    assert shared.status is AwardStatus.SHARED and shared.tie is None
    (waiting,) = award_prizes(specs, evening(LEVEL, order=[Rule.DRAW]))
    assert waiting.status is AwardStatus.AWAITING_DRAW and waiting.tie is None
    drawn = {Contest.FINAL: {frozenset({1, 2}): 1}}
    (cut,) = award_prizes(specs, evening(LEVEL, order=[Rule.DRAW], draws=drawn))
    assert cut.tie is not None
    assert (cut.tie.rule, [w.number for w in cut.tie.others]) == (Rule.DRAW, [2])


def test_the_booby_is_decided_against_the_other_lowest():
    players = [*LEVEL, player(5, "A", [0, 0, 0, 1])]  # 1, like 4, but on the last
    (booby,) = award_prizes([PrizeSpec(PrizeKind.BOOBY)], evening(players))
    assert [w.number for w in booby.winners] == [4]
    assert booby.tie is not None
    assert [(w.number, w.total) for w in booby.tie.others] == [(5, 1)]


def test_most_hands_won_is_level_on_the_hands_not_on_the_score():
    players = [
        player(1, "A", [2, 2, 0, 0], won={1, 2}),  # 4, 2 hands won
        player(2, "B", [1, 0, 0, 1], won={1, 4}),  # 2, 2 hands won, the last
        player(3, "A", [5, 0, 0, 0], won={1}),
    ]
    (award,) = award_prizes([PrizeSpec(PrizeKind.MOST_HANDS_WON)], evening(players))
    assert [w.number for w in award.winners] == [2]
    assert award.tie == Tie(
        rule=Rule.COUNT_BACK,
        on_score=False,
        others=(Winner(1, 1, "P1", 4, group="A"),),
        beside="2 hands won",
    )
