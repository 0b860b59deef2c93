"""The prizes clubs give (issue 19) on hand-computed examples: lowest per group,
second half, most hands of N or more tricks, the consolation draw, and their
lines in the typed list. No database."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from prizes.competitors import Competitor, pairs_of
from prizes.consolation import (
    consolation_blockers,
    consolation_number,
    consolation_pool,
    draw_consolation,
)
from prizes.engine import (
    AwardStatus,
    ConsolationDrawn,
    Evening,
    award_prizes,
    open_draws,
)
from prizes.prize_list import (
    Contest,
    PrizeKind,
    PrizeListError,
    PrizeSpec,
    parse_prize_list,
)
from scoring.tiebreaks import DEFAULT_ORDER, Rule

LABELS = {"A": "Ladies", "B": "Gents"}
GROUPS = {"ladies": "A", "gents": "B", "a": "A", "b": "B"}


def player(key, group, scores, *, tricks=(), sat_out=None, second_sat_out=None):
    """Entry `key` (also its number): hand h scored scores[h-1] (None: sat out)
    and its side took tricks[h-1] tricks."""
    hand_scores = {h: s for h, s in enumerate(scores, start=1) if s is not None}
    sat_out = sat_out or {}
    return Competitor(
        key=key,
        number=key,
        name=f"P{key}",
        group=group,
        total=sum(hand_scores.values()) + round(sum(sat_out.values())),
        hand_scores=hand_scores,
        sat_out_scores=sat_out,
        won_hands=frozenset(h for h, s in hand_scores.items() if s > 0),
        tricks=dict(enumerate(tricks, start=1)),
        second_sat_out_scores=second_sat_out,
    )


def evening(players, **options):
    options.setdefault("last_hand", 4)
    options.setdefault("order", DEFAULT_ORDER)
    return Evening(competitors=players, **options)


def winners(award):
    return [w.number for w in award.winners]


FIELD = [
    player(1, "A", [3, 2, 0, 4]),  # 9
    player(2, "B", [2, 2, 2, 2]),  # 8
    player(3, "A", [1, 1, 3, 2]),  # 7
    player(4, "B", [0, 1, 1, 1]),  # 3
    player(5, "A", [0, 0, 1, 0]),  # 1
    player(6, "B", [4, 1, 0, 1]),  # 6
]


# --- lowest ---------------------------------------------------------------------


def test_lowest_of_each_group_and_overall():
    specs = [
        PrizeSpec(PrizeKind.LOWEST, group="A"),
        PrizeSpec(PrizeKind.LOWEST, group="B"),
        PrizeSpec(PrizeKind.LOWEST),
    ]
    awards = award_prizes(specs, evening(FIELD))
    # Ladies 9, 7, 1: 5. Gents 8, 3, 6: 4. Everyone: 5 (1).
    assert [winners(a) for a in awards] == [[5], [4], [5]]
    assert [a.title for a in awards] == [
        "Lowest Ladies",
        "Lowest Gents",
        "Lowest overall",
    ]
    assert awards[1].winners[0].total == 3
    assert all(a.contest is Contest.FINAL for a in awards)


def test_lowest_level_goes_to_the_loser_of_count_back_and_one_prize_each():
    players = [*FIELD, player(7, "B", [1, 1, 1, 0])]  # 3, last hand 0
    awards = award_prizes([PrizeSpec(PrizeKind.LOWEST, group="B")], evening(players))
    # 4 and 7 both 3; on the last hand 4 scored 1 and 7 scored 0: 7 is lower.
    assert winners(awards[0]) == [7]
    assert awards[0].note == "decided by count-back"
    # Shared when the club shares ties.
    shared = award_prizes(
        [PrizeSpec(PrizeKind.LOWEST, group="B")],
        evening(players, order=[Rule.SHARED]),
    )
    assert shared[0].status is AwardStatus.SHARED and winners(shared[0]) == [4, 7]
    # One prize per person: the booby (5) is skipped by Lowest Ladies: 3 (7).
    specs = [PrizeSpec(PrizeKind.BOOBY), PrizeSpec(PrizeKind.LOWEST, group="A")]
    awards = award_prizes(specs, evening(FIELD, one_prize_per_person=True))
    assert [winners(a) for a in awards] == [[5], [3]]


# --- second half ------------------------------------------------------------------


SECOND = [
    player(1, "A", [5, 5, 1, 1]),  # second half 2
    player(2, "B", [0, 0, 3, 2]),  # second half 5, last hand 2
    player(3, "A", [1, 0, 2, 3]),  # second half 5, last hand 3: ahead of 2
    # Sat out hand 3 at the room's average 3/2, played hand 4 for 2: 2 + 2 = 4.
    player(4, "B", [4, 4, None, 2], sat_out={3: Fraction(3, 2)}),
]


def test_second_half_best_score_after_half_time():
    assert [c.second_half_total(2) for c in SECOND] == [2, 5, 5, 4]
    specs = [
        PrizeSpec(PrizeKind.SECOND_HALF),
        PrizeSpec(PrizeKind.SECOND_HALF, group="A"),
        PrizeSpec(PrizeKind.SECOND_HALF, group="B"),
    ]
    awards = award_prizes(specs, evening(SECOND, half_hand=2, half_time_reached=True))
    assert [winners(a) for a in awards] == [[3], [3], [2]]
    assert awards[0].note == (
        "decided by count-back; the hands after half-time (after hand 2)"
    )
    assert awards[0].winners[0].total == 5  # the second half's score
    assert awards[0].contest is Contest.SECOND_HALF
    assert [a.title for a in awards] == [
        "Second half",
        "Second half Ladies",
        "Second half Gents",
    ]
    # The first half counts for nothing: 1 (12 in all) and 4 (14) win nothing.
    assert awards[2].winners[0].total == 5


def test_second_half_ties_drawn_and_compensated_over_the_second_half_only():
    # 2 and 3 level, and the club's next rule is a draw: in its own contest.
    order = [Rule.DRAW]
    awards = award_prizes(
        [PrizeSpec(PrizeKind.SECOND_HALF)],
        evening(SECOND, half_hand=2, half_time_reached=True, order=order),
    )
    assert awards[0].status is AwardStatus.AWAITING_DRAW
    assert open_draws(awards) == [(Contest.SECOND_HALF, (2, 3), "Second half")]
    drawn = {Contest.SECOND_HALF: {frozenset({2, 3}): 2}}
    awards = award_prizes(
        [PrizeSpec(PrizeKind.SECOND_HALF)],
        evening(SECOND, half_hand=2, half_time_reached=True, order=order, draws=drawn),
    )
    assert winners(awards[0]) == [2]
    # Own average: over the whole drive 10 a hand sat out, over the second
    # half 1 (hand 4's score): the second half counts 1 + 1 = 2, not 11.
    own = player(
        5, "A", [10, 10, None, 1], sat_out={3: Fraction(7)}, second_sat_out={3: 1}
    )
    assert own.second_half_total(2) == 2
    awards = award_prizes(
        [PrizeSpec(PrizeKind.SECOND_HALF)],
        evening([*SECOND, own], half_hand=2, half_time_reached=True),
    )
    assert winners(awards[0]) == [3]


def test_second_half_waits_for_half_time_and_needs_one():
    specs = [PrizeSpec(PrizeKind.SECOND_HALF)]
    pending = award_prizes(specs, evening(SECOND, half_hand=2))
    assert pending[0].status is AwardStatus.PENDING
    assert pending[0].note == "the hands after half-time (after hand 2)"
    none = award_prizes(specs, evening(SECOND))
    assert none[0].status is AwardStatus.NONE
    assert none[0].note == "this drive has no half-time"
    # Half-time reached but no hand after it played yet: pending.
    first_half = [player(1, "A", [3, 2]), player(2, "B", [1, 1])]
    early = award_prizes(
        specs, evening(first_half, half_hand=2, half_time_reached=True)
    )
    assert early[0].status is AwardStatus.PENDING


# --- most hands of N or more tricks ------------------------------------------------


TRICKS = [
    player(1, "A", [3, 1, 2, 0], tricks=[9, 7, 8, 5]),  # 8+: 2; 9+: 1
    player(2, "B", [0, 0, 0, 2], tricks=[4, 6, 5, 8]),  # 8+: 1; 9+: 0
    player(3, "A", [2, 2, 4, 0], tricks=[8, 8, 10, 2]),  # 8+: 3; 9+: 1
    player(4, "B", [0, 2, 0, 5], tricks=[5, 8, 3, 11]),  # 8+: 2; 9+: 1
]


def test_most_hands_of_n_or_more_tricks_overall_and_per_group():
    specs = [
        PrizeSpec(PrizeKind.MOST_TRICKS, 8),
        PrizeSpec(PrizeKind.MOST_TRICKS, 8, "A"),
        PrizeSpec(PrizeKind.MOST_TRICKS, 8, "B"),
    ]
    awards = award_prizes(specs, evening(TRICKS))
    assert [winners(a) for a in awards] == [[3], [3], [4]]
    assert awards[0].note == "3 hands of 8 or more tricks"
    assert awards[2].note == "2 hands of 8 or more tricks"
    assert awards[0].title == "Most hands of 8 or more tricks"
    assert awards[2].title == "Most hands of 8 or more tricks Gents"
    assert awards[0].contest is Contest.TRICKS_8
    assert awards[0].winners[0].total == 8  # the player's total, as most hands won


def test_most_hands_of_tricks_ties_follow_the_tie_breaks():
    spec = [PrizeSpec(PrizeKind.MOST_TRICKS, 9)]
    # 1, 3 and 4 each took 9 or more in one hand. Count-back: hand 4's scores
    # 0, 0, 5: 4 first; then 1 and 3 over hands 3-4: 2 and 4: 3.
    awards = award_prizes(spec, evening(TRICKS))
    assert winners(awards[0]) == [4]
    assert awards[0].note == "decided by count-back; 1 hand of 9 or more tricks"
    shared = award_prizes(spec, evening(TRICKS, order=[Rule.SHARED]))
    assert shared[0].status is AwardStatus.SHARED
    assert winners(shared[0]) == [1, 3, 4]
    waiting = award_prizes(spec, evening(TRICKS, order=[Rule.DRAW]))
    assert open_draws(waiting) == [
        (Contest.TRICKS_9, (1, 3, 4), "Most hands of 9 or more tricks")
    ]
    # A cut for 9 or more settles nothing for 8 or more.
    drawn = {Contest.TRICKS_9: {frozenset({1, 3, 4}): 1}}
    both = award_prizes(
        [
            *spec,
            PrizeSpec(PrizeKind.MOST_TRICKS, 11),
            PrizeSpec(PrizeKind.MOST_TRICKS, 8, "B"),
        ],
        evening(TRICKS, order=[Rule.DRAW], draws=drawn),
    )
    assert winners(both[0]) == [1] and both[0].note.startswith("decided by a draw")
    assert winners(both[1]) == [4]  # alone with 11
    assert winners(both[2]) == [4]  # 2 hands against 1


def test_most_hands_of_tricks_in_prediction_whist_and_without_groups():
    specs = [
        PrizeSpec(PrizeKind.MOST_TRICKS, 7),
        PrizeSpec(PrizeKind.MOST_TRICKS, 7, "A"),
        PrizeSpec(PrizeKind.LOWEST, group="B"),
        PrizeSpec(PrizeKind.SECOND_HALF, group="A"),
    ]
    awards = award_prizes(specs, evening(TRICKS, has_tricks=False, has_groups=False))
    assert [a.status for a in awards] == [AwardStatus.NONE] * 4
    assert awards[0].note == (
        "prediction whist has no sides and no N-S tricks: nobody can win it"
    )
    assert awards[1].note == awards[2].note == "this drive has no groups"


def test_pairs_keep_their_tricks_and_second_half():
    a = player(1, "", [1, 1, 2, 2], tricks=[7, 7, 9, 9])
    b = player(2, "", [1, 1, 2, 2], tricks=[7, 7, 9, 9])
    c = player(3, "", [3, 3, 0, 1], tricks=[10, 10, 4, 7])
    d = player(4, "", [3, 3, 0, 1], tricks=[10, 10, 4, 7])
    pairs = pairs_of([a, b, c, d], {1: 1, 2: 1, 3: 2, 4: 2})
    specs = [
        PrizeSpec(PrizeKind.SECOND_HALF),
        PrizeSpec(PrizeKind.MOST_TRICKS, 9),
        PrizeSpec(PrizeKind.LOWEST),
    ]
    awards = award_prizes(
        specs, evening(pairs, half_hand=2, half_time_reached=True, has_groups=False)
    )
    # Second half: pair 1&2 4, pair 3&4 1. 9 or more: 2 hands each; count-back
    # on the last hand's score: 2 against 1. Lowest: 6 against 7.
    assert [[w.numbers_text for w in aw.winners] for aw in awards] == [
        ["1 & 2"],
        ["1 & 2"],
        ["1 & 2"],
    ]


# --- the consolation draw ---------------------------------------------------------


LIST = [
    PrizeSpec(PrizeKind.OVERALL, 1),
    PrizeSpec(PrizeKind.CONSOLATION),
    PrizeSpec(PrizeKind.GROUP, 1, "A"),
    PrizeSpec(PrizeKind.GROUP, 1, "B"),
    PrizeSpec(PrizeKind.BOOBY),
    PrizeSpec(PrizeKind.CONSOLATION, name="Box of fudge"),
]


def test_the_pool_is_everyone_without_a_prize_and_the_draw_is_repeatable():
    awards = award_prizes(LIST, evening(FIELD))
    # 1st overall 1, Highest Ladies 1, Highest Gents 2, booby 5: 3, 4, 6 left.
    assert [a.status for a in awards][1] is AwardStatus.PENDING
    assert awards[1].note == ("not drawn yet: drawn once every other prize is decided")
    assert consolation_blockers(awards) == []
    assert consolation_number(awards, 2) == 1
    assert consolation_number(awards, 6) == 2
    assert consolation_number(awards, 1) is None
    pool = consolation_pool(awards, FIELD, 1)
    assert [c.number for c in pool] == [3, 4, 6]
    chosen = draw_consolation(pool, 2026)
    # random.Random(2026).choice([3, 4, 6]) is 3, on any machine.
    assert chosen.number == random.Random(2026).choice([3, 4, 6]) == 3
    assert draw_consolation(list(reversed(pool)), 2026).number == 3
    with pytest.raises(ValueError, match="nobody to draw"):
        draw_consolation([], 1)


def test_a_recorded_draw_is_shown_and_the_second_draws_from_the_rest():
    drawn = {1: ConsolationDrawn(winner=3, seed=2026, pool=(3, 4, 6), when="at 21:40")}
    awards = award_prizes(LIST, evening(FIELD, consolations=drawn))
    assert winners(awards[1]) == [3] and awards[1].status is AwardStatus.WON
    assert awards[1].note == (
        "drawn by the site at 21:40 from 3 entries without a prize; seed 2026"
    )
    assert awards[1].title == "Consolation draw"
    assert awards[5].title == "Box of fudge"
    pool = consolation_pool(awards, FIELD, 2)
    assert [c.number for c in pool] == [4, 6]
    # The second draw's own winner is left out of nobody's pool but the later.
    drawn[2] = ConsolationDrawn(winner=6, seed=7, pool=(4, 6), when="at 21:41")
    awards = award_prizes(LIST, evening(FIELD, consolations=drawn))
    assert winners(awards[5]) == [6]
    assert awards[5].note.endswith("from 2 entries without a prize; seed 7")
    # One prize per person never skips a consolation winner for another prize,
    # wherever the draw stands on the list.
    awards = award_prizes(
        LIST, evening(FIELD, consolations=drawn, one_prize_per_person=True)
    )
    # Highest Ladies skips 1 (1st overall) and goes to 3, the draw's winner;
    # the draw's note then says 3 has won another prize since.
    assert winners(awards[2]) == [3]
    assert "has since won another prize" in awards[1].note


def test_the_draw_waits_for_undecided_prizes_and_a_correction_shows():
    specs = [PrizeSpec(PrizeKind.MYSTERY), PrizeSpec(PrizeKind.CONSOLATION)]
    awards = award_prizes(specs, evening(FIELD))
    assert [a.title for a in consolation_blockers(awards)] == ["Mystery score"]
    # Drawn before a correction gave 3 the booby: the note says so.
    players = [*FIELD[:2], player(3, "A", [0, 0, 0, 0]), *FIELD[3:]]
    drawn = {1: ConsolationDrawn(winner=3, seed=1, pool=(3,), when="")}
    awards = award_prizes(
        [PrizeSpec(PrizeKind.BOOBY), PrizeSpec(PrizeKind.CONSOLATION)],
        evening(players, consolations=drawn),
    )
    assert winners(awards[0]) == [3]
    assert "has since won another prize" in awards[1].note


# --- the typed lines ---------------------------------------------------------------


def test_parse_the_new_lines_and_read_them_as_the_rows_post_them():
    text = """Lowest Ladies
    Lowest overall: Wooden spoon
    lowest of the gents
    Second half
    Second-half leader Gents
    Most hands of 8 or more tricks
    Most hands of 13+ tricks in Ladies
    Consolation draw: Box of fudge
    Lowest total"""
    specs = parse_prize_list(text, groups=GROUPS, labels=LABELS)
    assert specs == [
        PrizeSpec(PrizeKind.LOWEST, group="A"),
        PrizeSpec(PrizeKind.LOWEST, name="Wooden spoon"),
        PrizeSpec(PrizeKind.LOWEST, group="B"),
        PrizeSpec(PrizeKind.SECOND_HALF),
        PrizeSpec(PrizeKind.SECOND_HALF, group="B"),
        PrizeSpec(PrizeKind.MOST_TRICKS, 8),
        PrizeSpec(PrizeKind.MOST_TRICKS, 13, "A"),
        PrizeSpec(PrizeKind.CONSOLATION, name="Box of fudge"),
        PrizeSpec(PrizeKind.BOOBY),
    ]
    # As the rows of selects post them: each prize's English line.
    written = "\n".join(spec.line(LABELS) for spec in specs)
    assert written.splitlines()[6] == "Most hands of 13 or more tricks Ladies"
    assert parse_prize_list(written, groups=GROUPS, labels=LABELS) == specs


def test_new_lines_that_mean_nothing_say_why():
    with pytest.raises(PrizeListError) as caught:
        parse_prize_list(
            "Lowest\nLowest Juniors\nMost hands of 6 or more tricks\n"
            "Most hands of 14 or more tricks\nSecond half Seniors",
            groups=GROUPS,
            labels=LABELS,
        )
    assert caught.value.problems == [
        "Line 1: say whose: “Lowest overall”, or “Lowest” and a group's name.",
        "Line 2: “juniors” is not a group. The groups are Ladies and Gents.",
        "Line 3: “Most hands of N or more tricks” takes N from 7 to 13.",
        "Line 4: “Most hands of N or more tricks” takes N from 7 to 13.",
        "Line 5: “seniors” is not a group. The groups are Ladies and Gents.",
    ]


def test_a_drive_without_groups_or_tricks_refuses_them_with_words():
    with pytest.raises(PrizeListError) as caught:
        parse_prize_list(
            "Lowest overall\nLowest Ladies\nSecond half gents\n"
            "Most hands of 9 or more tricks Ladies",
            groups=GROUPS,
            labels=LABELS,
            has_groups=False,
        )
    no_groups = (
        "this drive has no groups (an individual or pairs drive), so a prize per "
        "group makes no sense here: write it without “{}”."
    )
    assert caught.value.problems == [
        "Line 2: " + no_groups.format("ladies"),
        "Line 3: " + no_groups.format("gents"),
        "Line 4: " + no_groups.format("ladies"),
    ]
    # Without groups, the lines for everyone are fine.
    assert parse_prize_list(
        "Lowest overall\nSecond half\nMost hands of 9 or more tricks",
        groups=GROUPS,
        labels=LABELS,
        has_groups=False,
    ) == [
        PrizeSpec(PrizeKind.LOWEST),
        PrizeSpec(PrizeKind.SECOND_HALF),
        PrizeSpec(PrizeKind.MOST_TRICKS, 9),
    ]
    with pytest.raises(PrizeListError) as caught:
        parse_prize_list(
            "Most hands won\nMost hands of 7 or more tricks",
            groups=GROUPS,
            labels=LABELS,
            has_groups=False,
            has_tricks=False,
        )
    assert caught.value.problems == [
        "Line 2: prediction whist has no sides and no N-S tricks, so “Most hands "
        "of 7 or more tricks” cannot be awarded in this drive; “Most hands won” "
        "counts the predictions made exactly."
    ]
