from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import (
    Compensation,
    EntryRecord,
    compensation,
    room_averages,
    round_half_up,
    sat_out_scores,
    standings,
)
from tests.sources import places


def record(number, scores, sat_out=(), adjustments=0, group="A"):
    return EntryRecord(
        entry=number,
        number=number,
        name=f"Player {number}",
        group=group,
        hand_scores=dict(enumerate(scores, start=1)),
        sat_out_hands=tuple(sat_out),
        adjustments=adjustments,
    )


def test_ties_share_a_rank_and_the_next_rank_skips():
    rows = standings(
        [record(1, [3, 2]), record(2, [5]), record(3, [4, 1]), record(4, [1])],
        rule=Compensation.NONE,
    )
    assert [(r.number, r.total, r.rank) for r in rows] == [
        (1, 5, 1),
        (2, 5, 1),
        (3, 5, 1),
        (4, 1, 4),
    ]


def test_rank_order_is_by_total_then_entry_number():
    rows = standings(
        [record(5, [1]), record(2, [1]), record(9, [4]), record(1, [], adjustments=2)],
        rule=Compensation.NONE,
    )
    assert [r.number for r in rows] == [9, 1, 2, 5]
    assert [r.rank for r in rows] == [1, 2, 3, 3]


def test_group_standings_rank_within_the_group():
    records = [
        record(1, [7], group="A"),
        record(2, [5], group="B"),
        record(3, [6], group="B"),
    ]
    rows = standings(records, rule=Compensation.NONE, group="B")
    assert [(r.number, r.rank) for r in rows] == [(3, 1), (2, 2)]


def test_fixed_compensation_is_per_hand_sat_out():
    entry = record(1, [3, 0, 2], sat_out=[4, 5])
    assert compensation(entry, rule="fixed", fixed_score=2) == 4
    assert compensation(entry, rule="none", fixed_score=2) == 0


def test_own_average_is_rounded_once_halves_up():
    # 5 points over 2 hands played, 1 hand sat out: 2.5 -> 3.
    assert compensation(record(1, [2, 3], sat_out=[3]), rule="own_average") == 3
    # 7 points over 3 hands, 2 sat out: 4.67 -> 5.
    assert compensation(record(1, [3, 4, 0], sat_out=[4, 5]), rule="own_average") == 5
    # Nothing played yet: nothing to average.
    assert compensation(record(1, [], sat_out=[1]), rule="own_average") == 0


def test_room_average_uses_the_hands_sat_out():
    averages = room_averages({1: [3, 3, 0, 0], 2: [1, 1, 0, 0, 2, 2, 0, 0]})
    assert averages == {1: Fraction(3, 2), 2: Fraction(3, 4)}
    # 1.5 + 0.75 = 2.25 -> 2
    assert (
        compensation(
            record(1, [], sat_out=[1, 2]), rule="room_average", averages=averages
        )
        == 2
    )


def test_adjustment_column_holds_compensation_and_organiser_adjustments():
    (row,) = standings(
        [record(1, [2, 3], sat_out=[3], adjustments=-1)], rule=Compensation.OWN_AVERAGE
    )
    assert (row.score, row.compensation, row.adjustments) == (5, 3, -1)
    assert (row.adjustment, row.total, row.played, row.sat_out) == (2, 7, 2, 1)


@given(st.fractions(min_value=0, max_value=1000))
def test_round_half_up_is_nearest_whole_number(value):
    rounded = round_half_up(value)
    assert abs(value - rounded) <= Fraction(1, 2)
    assert value - rounded != Fraction(1, 2)


@given(
    st.lists(
        st.tuples(
            st.lists(st.integers(0, 7), max_size=12),
            st.lists(st.integers(13, 20), max_size=3, unique=True),
            st.integers(-10, 10),
        ),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from(list(Compensation)),
)
def test_totals_are_scores_plus_adjustments_and_ranks_are_consistent(players, rule):
    records = [record(i + 1, s, sat, adj) for i, (s, sat, adj) in enumerate(players)]
    rows = standings(records, rule=rule, fixed_score=1, averages={13: Fraction(5, 2)})
    by_number = {r.number: r for r in records}
    for row in rows:
        source = by_number[row.number]
        assert row.score == sum(source.hand_scores.values())
        assert row.total == row.score + row.compensation + source.adjustments
    for better, worse in zip(rows, rows[1:], strict=False):
        assert better.total >= worse.total
        assert (better.rank == worse.rank) == (better.total == worse.total)
    assert rows[0].rank == 1


@given(
    st.lists(st.integers(0, 13), max_size=8),
    st.lists(st.integers(9, 16), max_size=5, unique=True),
    st.sampled_from(list(Compensation)),
    st.integers(0, 7),
    st.dictionaries(st.integers(9, 16), st.fractions(0, 13), max_size=8),
)
def test_the_compensation_is_the_hands_sat_out_added_up_and_rounded_once(
    scores, sat_out, rule, fixed, averages
):
    entry = record(1, scores, sat_out)
    worth = sat_out_scores(entry, rule=rule, fixed_score=fixed, averages=averages)
    assert set(worth) <= set(sat_out)
    assert compensation(
        entry, rule=rule, fixed_score=fixed, averages=averages
    ) == round_half_up(sum(worth.values(), Fraction(0)))


def test_the_compensation_rules_are_applied_in_one_place():
    # The total's compensation and count-back's hands sat out both come from
    # sat_out_scores: no other module reads the rules.
    assert {place.partition(":")[0] for place in places(r"\bCompensation\.[A-Z]")} == {
        "scoring/standings.py"
    }
