"""Progressive / semi-partner movements and sit-outs (pure Python, no Django)."""

from __future__ import annotations

import copy
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement import (
    Format,
    Seat,
    Seating,
    Side,
    TableSeating,
    apply_movement,
    balance_advice,
    choose_sit_outs,
    first_round,
    next_round,
    sit_out_priority,
    table_count,
)
from tests.drive.progressive_checks import check_seating, expected_positions, positions

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PROG, SEMI = Format.PROGRESSIVE, Format.SEMI_PARTNER


def tbl(number: int, north: int, east: int, south: int, west: int) -> TableSeating:
    return TableSeating(table=number, north=north, east=east, south=south, west=west)


# Three tables: A players 1..6, B players 11..16.
THREE = Seating(
    tables=(tbl(1, 1, 2, 11, 12), tbl(2, 3, 4, 13, 14), tbl(3, 5, 6, 15, 16))
)
THREE_WINNERS = {1: Side.NS, 2: Side.EW, 3: Side.NS}


def advance(previous, winners, fmt, winners_move, **extra):
    a = {p for t in previous.tables for p in (t.north, t.east)}
    b = {p for t in previous.tables for p in (t.south, t.west)}
    kwargs = {"group_a": a, "group_b": b, "sit_out_counts": {}, "seed": 7}
    kwargs.update(extra)
    return next_round(
        previous=previous,
        winners=winners,
        format=fmt,
        winners_move=winners_move,
        **kwargs,
    )


# --- exact moves -----------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "winners_move", "expected"),
    [
        (
            PROG,
            False,
            (tbl(1, 1, 6, 13, 11), tbl(2, 4, 2, 16, 14), tbl(3, 5, 3, 12, 15)),
        ),
        (
            SEMI,
            False,
            (tbl(1, 1, 6, 11, 13), tbl(2, 4, 2, 14, 16), tbl(3, 5, 3, 15, 12)),
        ),
        (
            PROG,
            True,
            (tbl(1, 2, 5, 14, 12), tbl(2, 3, 1, 15, 13), tbl(3, 6, 4, 11, 16)),
        ),
        (
            SEMI,
            True,
            (tbl(1, 2, 5, 12, 14), tbl(2, 3, 1, 13, 15), tbl(3, 6, 4, 16, 11)),
        ),
    ],
)
def test_three_tables_exact_moves(fmt, winners_move, expected):
    result = advance(THREE, THREE_WINNERS, fmt, winners_move)
    assert result == Seating(tables=expected, sit_outs=())
    moved = apply_movement(
        previous=THREE, winners=THREE_WINNERS, format=fmt, winners_move=winners_move
    )
    assert moved.tables == expected


def test_progressive_winners_now_oppose_and_semi_winners_stay_partners():
    prog = advance(THREE, THREE_WINNERS, PROG, False)
    semi = advance(THREE, THREE_WINNERS, SEMI, False)
    # Table 1 was won by N-S (1 and 11); table 2 by E-W (4 and 14).
    assert (prog.tables[0].north, prog.tables[0].west) == (1, 11)
    assert (semi.tables[0].north, semi.tables[0].south) == (1, 11)
    assert (prog.tables[1].north, prog.tables[1].west) == (4, 14)
    assert (semi.tables[1].north, semi.tables[1].south) == (4, 14)


def test_one_table_wraps_onto_itself():
    one = Seating(tables=(tbl(1, 1, 2, 11, 12),))
    assert advance(one, {1: Side.NS}, PROG, False).tables == (tbl(1, 1, 2, 12, 11),)
    assert advance(one, {1: Side.EW}, PROG, False).tables == (tbl(1, 2, 1, 11, 12),)
    assert advance(one, {1: Side.NS}, SEMI, False).tables == (tbl(1, 1, 2, 11, 12),)
    assert advance(one, {1: Side.NS}, PROG, True).tables == (tbl(1, 2, 1, 11, 12),)


def test_two_tables_wrap_onto_the_other_table():
    two = Seating(tables=(tbl(1, 1, 2, 11, 12), tbl(2, 3, 4, 13, 14)))
    result = advance(two, {1: Side.NS, 2: Side.EW}, PROG, False)
    assert result.tables == (tbl(1, 1, 3, 13, 11), tbl(2, 4, 2, 12, 14))
    result = advance(two, {1: Side.NS, 2: Side.EW}, SEMI, True)
    assert result.tables == (tbl(1, 2, 4, 12, 14), tbl(2, 3, 1, 13, 11))


def test_missing_or_unknown_winner_is_an_error():
    with pytest.raises(ValueError, match=r"table\(s\) \[3\]"):
        advance(THREE, {1: Side.NS, 2: Side.NS}, PROG, False)
    with pytest.raises(ValueError, match="unknown"):
        advance(THREE, {**THREE_WINNERS, 4: Side.NS}, PROG, False)


# --- table count and balance -----------------------------------------------


def test_table_count():
    assert table_count(group_a=10, group_b=6) == 3
    assert table_count(group_a=5, group_b=5) == 2
    assert table_count(group_a=7, group_b=1) == 0


@pytest.mark.parametrize(
    ("a", "b", "advice"),
    [
        (10, 6, -2),  # 8/8 fills 4 tables
        (6, 10, 2),
        (5, 5, 0),
        (8, 8, 0),
        (7, 1, -3),  # 4/4
        (1, 7, 3),
        (9, 7, -1),  # 3 tables; 8/8 fills 4
        (0, 0, 0),
        (3, 0, 0),
        (4, 0, -2),
    ],
)
def test_balance_advice(a, b, advice):
    assert balance_advice(group_a=a, group_b=b) == advice
    after = table_count(group_a=a + advice, group_b=b - advice)
    assert after == (a + b) // 4


@given(st.integers(0, 80), st.integers(0, 80))
@settings(max_examples=200, deadline=None)
def test_balance_advice_is_a_smallest_move(a, b):
    k = balance_advice(group_a=a, group_b=b)
    assert a + k >= 0 and b - k >= 0
    assert table_count(group_a=a + k, group_b=b - k) == (a + b) // 4
    for smaller in range(-abs(k) + 1, abs(k)):
        if a + smaller < 0 or b - smaller < 0:
            continue
        assert table_count(group_a=a + smaller, group_b=b - smaller) < (a + b) // 4


# --- sit-out choice --------------------------------------------------------


def test_sit_out_priority_is_stable_and_seeded():
    ranks = {sit_out_priority(seed=1, player=p) for p in range(50)}
    assert len(ranks) == 50
    assert [sit_out_priority(seed=1, player=p) for p in range(10)] != [
        sit_out_priority(seed=2, player=p) for p in range(10)
    ]
    digest = hashlib.sha256(b"1:5").digest()
    assert sit_out_priority(seed=1, player=5) == int.from_bytes(digest[:8], "big")


def test_choose_sit_outs_order():
    players = [1, 2, 3, 4]
    counts = {1: 1, 2: 0, 3: 1, 4: 0}
    assert choose_sit_outs(players=players, count=2, sit_out_counts=counts, seed=3) == (
        2,
        4,
    )
    # Equal counts: the previous round's sit-out is spared.
    chosen = choose_sit_outs(
        players=players, count=3, sit_out_counts={}, seed=3, sat_out_last=[4]
    )
    assert chosen == (1, 2, 3)
    with pytest.raises(ValueError):
        choose_sit_outs(players=players, count=5, sit_out_counts={}, seed=3)


# --- first round -----------------------------------------------------------


def test_first_round_is_a_deterministic_draw():
    a, b = list(range(1, 12)), list(range(101, 110))
    first = first_round(group_a=a, group_b=b, seed=42)
    assert first == first_round(group_a=a, group_b=b, seed=42)
    assert first == first_round(group_a=a[::-1], group_b=b[::-1], seed=42)
    assert len(first.tables) == 4
    assert [t.table for t in first.tables] == [1, 2, 3, 4]
    assert first.players() == set(a) | set(b)
    assert len(first.sit_outs) == 3 + 1
    assert list(first.sit_outs) == sorted(first.sit_outs)
    others = {first_round(group_a=a, group_b=b, seed=s) for s in range(5)}
    assert len(others) > 1


def test_first_round_needs_a_table():
    with pytest.raises(ValueError, match="each table needs 2 of each"):
        first_round(group_a=[1, 2, 3], group_b=[4], seed=0)
    with pytest.raises(ValueError, match="both groups"):
        first_round(group_a=[1, 2], group_b=[2, 3], seed=0)


# --- sit-outs, arrivals and withdrawals between rounds ---------------------


def test_withdrawn_player_seat_taken_by_sit_out():
    previous = Seating(
        tables=(tbl(1, 1, 2, 11, 12), tbl(2, 3, 4, 13, 14)), sit_outs=(5,)
    )
    winners = {1: Side.NS, 2: Side.NS}
    # Player 2 (losing A at table 1, bound for table 2 East) withdraws.
    result = next_round(
        previous=previous,
        winners=winners,
        format=PROG,
        winners_move=False,
        group_a=[1, 3, 4, 5],
        group_b=[11, 12, 13, 14],
        sit_out_counts={5: 1},
        seed=0,
    )
    assert result.tables == (tbl(1, 1, 4, 14, 11), tbl(2, 3, 5, 12, 13))
    assert result.sit_outs == ()


def test_late_arrival_and_fair_sit_out():
    previous = Seating(tables=(tbl(1, 1, 2, 11, 12),), sit_outs=(3,))
    # 3 sat out; 4 arrives. Four A players, one table: 1, 2 have count 0,
    # 3 has count 1, 4 (new) has count 0 -> two of 1, 2, 4 sit out.
    result = next_round(
        previous=previous,
        winners={1: Side.NS},
        format=PROG,
        winners_move=False,
        group_a=[1, 2, 3, 4],
        group_b=[11, 12],
        sit_out_counts={3: 1},
        seed=0,
    )
    assert 3 not in result.sit_outs
    assert len(result.sit_outs) == 2
    assert set(result.sit_outs) < {1, 2, 4}
    assert result.players() == {1, 2, 3, 4, 11, 12}


def test_more_tables_when_players_arrive():
    result = advance(
        THREE,
        THREE_WINNERS,
        PROG,
        False,
        group_a=[1, 2, 3, 4, 5, 6, 7, 8],
        group_b=[11, 12, 13, 14, 15, 16, 17, 18],
    )
    assert len(result.tables) == 4
    moved = expected_positions(THREE, THREE_WINNERS, PROG, False)
    now = positions(result)
    assert all(now[p] == moved[p] for p in moved)
    assert {result.tables[3].north, result.tables[3].east} == {7, 8}
    assert {result.tables[3].south, result.tables[3].west} == {17, 18}


def test_fewer_tables_when_players_leave():
    result = advance(
        THREE,
        THREE_WINNERS,
        SEMI,
        False,
        group_a=[1, 2, 3, 5],
        group_b=[11, 12, 14, 16],
    )
    assert len(result.tables) == 2
    assert result.players() == {1, 2, 3, 5, 11, 12, 14, 16}
    assert result.sit_outs == ()


def test_next_round_does_not_mutate_inputs():
    counts = {1: 1}
    winners = dict(THREE_WINNERS)
    group_a = [1, 2, 3, 4, 5, 6, 7]
    before = (copy.deepcopy(counts), copy.deepcopy(winners), list(group_a))
    first = advance(THREE, winners, PROG, False, group_a=group_a, sit_out_counts=counts)
    assert (counts, winners, group_a) == before
    assert first == advance(
        THREE, winners, PROG, False, group_a=group_a, sit_out_counts=counts
    )


# --- properties over whole drives ------------------------------------------


@st.composite
def drives(draw, balanced=False):
    if balanced:
        tables = draw(st.integers(1, 15))
        n_a = n_b = 2 * tables
    else:
        total = draw(st.integers(4, 60))
        n_a = draw(st.integers(2, total - 2))
        n_b = total - n_a
    return {
        "a": set(range(1, n_a + 1)),
        "b": set(range(1001, 1001 + n_b)),
        "format": draw(st.sampled_from([PROG, SEMI])),
        "winners_move": draw(st.booleans()),
        "seed": draw(st.integers(0, 2**32)),
        "rounds": draw(st.integers(2, 7)),
        "churn": False if balanced else draw(st.booleans()),
        # The caller may pass the drive's seed every round, or vary it.
        "seed_per_round": draw(st.booleans()),
    }


def churn(data, a: set[int], b: set[int], next_id: list[int]) -> tuple[set, set, bool]:
    changed = False
    for group in (a, b):
        if data.draw(st.integers(0, 3)) == 0:
            for _ in range(data.draw(st.integers(1, 3))):
                group.add(next_id[0])
                next_id[0] += 1
            changed = True
        if len(group) > 2 and data.draw(st.integers(0, 3)) == 0:
            leaving = data.draw(
                st.lists(
                    st.sampled_from(sorted(group)), max_size=len(group) - 2, unique=True
                )
            )
            group.difference_update(leaving)
            changed = changed or bool(leaving)
    return a, b, changed


def run_drive(data, drive) -> None:
    a, b = set(drive["a"]), set(drive["b"])
    fmt, winners_move, seed = drive["format"], drive["winners_move"], drive["seed"]
    veterans = a | b  # present in every round so far
    counts: dict[int, int] = {}
    seating = first_round(group_a=sorted(a), group_b=sorted(b), seed=seed)
    check_seating(seating, a, b)
    for p in seating.sit_outs:
        counts[p] = counts.get(p, 0) + 1
    next_id = [5000]
    for number in range(2, drive["rounds"] + 1):
        previous, prev_a, prev_b = seating, set(a), set(b)
        winners = {
            t.table: data.draw(st.sampled_from([Side.NS, Side.EW]))
            for t in previous.tables
        }
        changed = False
        if drive["churn"]:
            a, b, changed = churn(data, a, b, next_id)
        veterans &= a | b
        counts_before = dict(counts)
        seating = next_round(
            previous=previous,
            winners=winners,
            format=fmt,
            winners_move=winners_move,
            group_a=a,
            group_b=b,
            sit_out_counts=counts_before,
            seed=seed + number if drive["seed_per_round"] else seed,
        )
        assert counts_before == counts, "inputs must not be mutated"
        check_seating(seating, a, b)
        tables = len(seating.tables)

        # Sit-outs are the fewest-count players of each group.
        out = set(seating.sit_outs)
        for group in (a, b):
            sat = [counts.get(p, 0) for p in group & out]
            played = [counts.get(p, 0) for p in group - out]
            if sat and played:
                assert max(sat) <= min(played)

        # Everyone who moved to a seat that still exists, and plays, keeps it.
        moved = expected_positions(previous, winners, fmt, winners_move)
        now = positions(seating)
        for player, (table, seat) in moved.items():
            if player in (a | b) and player not in out and table <= tables:
                assert now[player] == (table, seat), f"player {player} moved wrongly"

        # No churn and nobody sitting out: docs/design.md holds at every table.
        if not changed and not previous.sit_outs and not seating.sit_outs:
            assert now == moved

        for p in seating.sit_outs:
            counts[p] = counts.get(p, 0) + 1

        if not drive["churn"]:
            # Nobody sits out twice running unless the numbers force it.
            for group, prev_group in ((a, prev_a), (b, prev_b)):
                twice = group & out & set(previous.sit_outs)
                if twice:
                    n_now = len(group & out)
                    n_before = len(prev_group & set(previous.sit_outs))
                    assert n_now + n_before > len(group)

        # Fairness among players present since round 1.
        for group in (a, b):
            seen = [counts.get(p, 0) for p in group & veterans]
            if seen:
                assert max(seen) - min(seen) <= 1


@given(data=st.data(), drive=drives())
@settings(max_examples=150, deadline=None)
def test_drive_properties(data, drive):
    run_drive(data, drive)


@given(data=st.data(), drive=drives(balanced=True))
@settings(max_examples=60, deadline=None)
def test_balanced_drive_follows_design_moves_every_round(data, drive):
    run_drive(data, drive)


def test_empty_seats_filled_by_priority_then_tables_in_order():
    previous = Seating(tables=(tbl(1, 1, 2, 11, 12),), sit_outs=(3, 4))
    # 1 and 2 withdraw; 3 and 4 come back. At seed 2, 3 ranks before 4.
    assert sit_out_priority(seed=2, player=3) < sit_out_priority(seed=2, player=4)
    result = next_round(
        previous=previous,
        winners={1: Side.NS},
        format=PROG,
        winners_move=False,
        group_a=[3, 4],
        group_b=[11, 12],
        sit_out_counts={3: 1, 4: 1},
        seed=2,
    )
    assert result == Seating(tables=(tbl(1, 3, 4, 12, 11),))


def test_next_round_needs_a_table():
    with pytest.raises(ValueError, match="each table needs 2 of each"):
        advance(THREE, THREE_WINNERS, PROG, False, group_b=[11])
