from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.movement.types import Side
from scoring.rules import (
    Rule,
    hand_scores,
    hand_winner,
    odd_tricks,
    seat_score,
    seat_scores,
    side_score,
)

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
    assert side_score(ns, Rule.ODD_TRICKS, winner) == odd_tricks(max(ns, 13 - ns)) > 0
    assert side_score(ns, Rule.ODD_TRICKS, winner.other) == 0


@given(tricks)
def test_total_tricks_add_up_to_thirteen(ns):
    assert sum(hand_scores(ns, Rule.TOTAL_TRICKS)) == 13
    assert side_score(ns, "total", Side.NS) == ns


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
    table = seat_scores(rule)
    assert len(table) == 4 * 14
    for seat in "NESW":
        for ns in range(14):
            assert table[seat, ns] == seat_score(ns, rule, seat)
    assert table["N", 9] == (3 if rule == "odd" else 9)
    assert table["E", 9] == (0 if rule == "odd" else 4)
