from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.movement.types import Side
from scoring.rules import (
    ODD_TRICK_COUNTS,
    TRICK_COUNTS,
    Rule,
    deal_winner,
    ew_tricks,
    hand_line,
    hand_scores,
    hand_winner,
    ns_tricks_from_odd,
    odd_tricks,
    round_winner,
    seat_table,
    side_tricks,
    tricks_text,
)
from tests.sources import ROOT, places, product_sources

tricks = st.integers(min_value=0, max_value=13)


@pytest.mark.parametrize(
    ("ns", "expected"),
    [(13, (7, 0)), (7, (1, 0)), (6, (0, 1)), (0, (0, 7)), (9, (3, 0)), (4, (0, 3))],
)
def test_odd_tricks_score_the_tricks_over_six(ns, expected):
    assert hand_scores(ns, Rule.ODD_TRICKS) == expected


@pytest.mark.parametrize(("ns", "expected"), [(13, (13, 0)), (7, (7, 6)), (0, (0, 13))])
def test_total_tricks_score_every_trick(ns, expected):
    assert hand_scores(ns, "total") == expected


@given(tricks)
def test_exactly_one_side_scores_odd_tricks(ns):
    ns_score, ew_score = hand_scores(ns, Rule.ODD_TRICKS)
    assert (ns_score == 0) != (ew_score == 0)
    assert ns_score + ew_score == max(ns, 13 - ns) - 6
    winner = hand_winner(ns)
    scores = dict(zip(Side, (ns_score, ew_score), strict=True))
    assert scores[winner] == odd_tricks(max(ns, 13 - ns)) > 0
    assert scores[winner.other] == 0


@given(tricks)
def test_total_tricks_add_up_to_thirteen(ns):
    assert sum(hand_scores(ns, Rule.TOTAL_TRICKS)) == 13
    assert hand_scores(ns, "total")[0] == ns


@pytest.mark.parametrize("bad", [-1, 14, 100])
def test_tricks_outside_the_hand_are_refused(bad):
    with pytest.raises(ValueError):
        hand_scores(bad, Rule.ODD_TRICKS)


@pytest.mark.parametrize("bad", ["7", 7.0, None, True])
def test_tricks_must_be_whole_numbers(bad):
    with pytest.raises(TypeError):
        hand_scores(bad, Rule.ODD_TRICKS)


@pytest.mark.parametrize("rule", ["odd", Rule.TOTAL_TRICKS])
def test_the_lookup_table_holds_every_seats_score(rule):
    table = seat_table(rule)
    assert len(table) == 14 * 5 * 4  # tricks, honours, revoke
    for ns in range(14):
        ns_score, ew_score = hand_scores(ns, rule)
        assert table[ns, "", ""] == (ns_score, ew_score, ns_score, ew_score)
    assert table[9, "", ""][:2] == ((3, 0) if rule == "odd" else (9, 4))


# --- each side's tricks, the one place they are worked out -----------------------


@given(tricks)
def test_the_two_sides_share_the_thirteen_tricks(ns):
    assert ew_tricks(ns) == 13 - ns
    assert side_tricks(ns, Side.NS) + side_tricks(ns, Side.EW) == 13
    assert tricks_text(ns) == f"N-S {ns}, E-W {13 - ns}"


def test_what_a_table_can_record():
    assert list(TRICK_COUNTS) == list(range(14))
    assert list(ODD_TRICK_COUNTS) == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("rule", list(Rule))
@given(ns=tricks)
def test_a_hand_line_is_both_sides_tricks_and_scores(rule, ns):
    line = hand_line(ns, rule)
    assert (line.ns_tricks, line.ew_tricks) == (ns, 13 - ns)
    assert (line.ns_score, line.ew_score) == hand_scores(ns, rule)


@pytest.mark.parametrize("odd", ODD_TRICK_COUNTS)
def test_odd_tricks_and_the_winners_give_the_tricks(odd):
    assert ns_tricks_from_odd("NS", odd) == 6 + odd
    assert ns_tricks_from_odd(Side.EW, odd) == 13 - (6 + odd)
    for side in Side:
        ns = ns_tricks_from_odd(side, odd)
        assert hand_winner(ns) is side
        scores = dict(zip(Side, hand_scores(ns, Rule.ODD_TRICKS), strict=True))
        assert scores[side] == odd


@pytest.mark.parametrize("bad", [0, 8, -1])
def test_odd_tricks_outside_one_to_seven_are_refused(bad):
    with pytest.raises(ValueError):
        ns_tricks_from_odd("NS", bad)


@pytest.mark.parametrize("rule", list(Rule))
@given(ns=tricks)
def test_the_winners_of_a_hand_and_only_they_won_it(rule, ns):
    winner = hand_winner(ns)
    assert deal_winner(ns, rule) is winner
    scores = dict(zip(Side, hand_scores(ns, rule), strict=True))
    assert scores[winner] > scores[winner.other]
    assert scores[winner] >= (1 if rule == Rule.ODD_TRICKS else 7)


# --- who won a round ----------------------------------------------------------------


def test_round_winner():
    assert round_winner([7]) is Side.NS
    assert round_winner([6]) is Side.EW
    assert round_winner([13, 0, 0]) is Side.EW  # 13 v 26
    assert round_winner([9, 8, 2]) is Side.EW  # 19 v 20
    assert round_winner([0, 13, 7]) is Side.NS  # 20 v 19


def test_round_winner_tie_goes_to_last_hand():
    assert round_winner([13, 0]) is Side.EW  # 13 each; E-W won the last hand
    assert round_winner([0, 13]) is Side.NS
    assert round_winner([5, 8, 6, 7]) is Side.NS  # 26 each; N-S won the last with 7
    assert round_winner([8, 5, 7, 6]) is Side.EW


@pytest.mark.parametrize("bad", [[], [14], [-1], [7, 20]])
def test_round_winner_rejects_bad_input(bad):
    with pytest.raises(ValueError):
        round_winner(bad)


# --- nowhere else ---------------------------------------------------------------------

# Thirteen less something, something less thirteen, six more or less (the book):
# what working out the other side's tricks or the odd tricks looks like.
TRICKS_ARITHMETIC = r"\b13\s*[-+*]|[-+*]\s*13\b|\b6\s*\+|[-+]\s*6\b"


def test_no_tricks_arithmetic_outside_the_rules():
    assert ROOT / "static" / "js" / "captain.js" in product_sources()
    assert places(TRICKS_ARITHMETIC) == []
