"""Partners movement: fixed pairs in a Mitchell movement (pure Python)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.partners import check_pairs, partners_schedule
from drive.movement.types import Seating


def make_pairs(count: int) -> list[tuple[int, int]]:
    return [(i, 100 + i) for i in range(1, count + 1)]


def places(seating: Seating, pairs: list[tuple[int, int]]) -> dict:
    """pair -> ("NS", table) / ("EW", table) / ("EW", T + 1) when sitting out."""
    result = {}
    for table in seating.tables:
        result[(table.north, table.south)] = ("NS", table.table)
        result[(table.east, table.west)] = ("EW", table.table)
    for pair in pairs:
        if set(pair) <= set(seating.sit_outs):
            result[pair] = ("EW", len(seating.tables) + 1)
    return result


def meetings(schedule: list[Seating]) -> Counter:
    found: Counter = Counter()
    for seating in schedule:
        for t in seating.tables:
            found[((t.north, t.south), (t.east, t.west))] += 1
    return found


@given(
    count=st.integers(2, 30),
    rounds=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=80, deadline=None)
def test_mitchell_properties(count, rounds, seed):
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    tables = count // 2
    stations = count - tables
    assert len(schedule) == rounds
    where = [places(seating, pairs) for seating in schedule]
    for seating, place in zip(schedule, where, strict=True):
        assert [t.table for t in seating.tables] == list(range(1, tables + 1))
        # Every pair plays together (or sits out together), A N/E and B S/W.
        assert set(place) == set(pairs)
        players = [p for t in seating.tables for p in t.players()]
        assert sorted(players + list(seating.sit_outs)) == sorted(
            p for pair in pairs for p in pair
        )
        # The odd pair out sits out on the phantom table; an even count: none.
        assert len(seating.sit_outs) == (2 if count % 2 else 0)
    north_south = {pair for pair, (line, _) in where[0].items() if line == "NS"}
    assert len(north_south) == tables
    for place, following in zip(where, where[1:], strict=False):
        for pair in pairs:
            line, table = place[pair]
            assert following[pair][0] == line
            if line == "NS":
                # N-S pairs stay put.
                assert following[pair][1] == table
            else:
                # E-W pairs move up one table, wrapping (via the phantom).
                assert following[pair][1] == table % stations + 1
    # Each E-W pair sits out once every T + 1 rounds with an odd count.
    if count % 2 and rounds >= stations:
        for start in range(rounds - stations + 1):
            window = schedule[start : start + stations]
            out = Counter(p for s in window for p in s.sit_outs)
            assert set(out.values()) == {1}
            assert len(out) == 2 * stations
    # Every E-W pair meets every N-S pair once a cycle, then it repeats.
    met = meetings(schedule[:stations])
    if rounds >= stations:
        assert set(met.values()) == {1}
        assert len(met) == tables * stations
    else:
        assert set(met.values()) <= {1}
    if rounds >= 2 * stations:
        assert meetings(schedule[stations : 2 * stations]) == met


@given(
    count=st.integers(2, 30),
    rounds=st.integers(0, 20),
    cut=st.integers(0, 20),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=40, deadline=None)
def test_replan_with_the_same_pairs_continues_the_plan(count, rounds, cut, seed):
    pairs = make_pairs(count)
    cut = min(cut, rounds)
    whole = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    played = partners_schedule(pairs=pairs, rounds=cut, seed=seed)
    rest = partners_schedule(
        pairs=pairs, rounds=rounds - cut, seed=seed, history=played
    )
    assert played + rest == whole


def test_draw_depends_on_seed_not_on_order():
    pairs = make_pairs(9)
    one = partners_schedule(pairs=pairs, rounds=5, seed=3)
    shuffled = list(pairs)
    random.Random(4).shuffle(shuffled)
    assert partners_schedule(pairs=shuffled, rounds=5, seed=3) == one
    assert partners_schedule(pairs=pairs, rounds=5, seed=4) != one


def test_two_pairs():
    schedule = partners_schedule(pairs=[(1, 11), (2, 12)], rounds=2, seed=0)
    assert [len(s.tables) for s in schedule] == [1, 1]
    assert schedule[0] == schedule[1]


def test_three_pairs_bye_rotates():
    pairs = [(1, 11), (2, 12), (3, 13)]
    schedule = partners_schedule(pairs=pairs, rounds=4, seed=0)
    outs = [s.sit_outs for s in schedule]
    # One N-S pair, two E-W pairs taking turns to sit out.
    assert len(set(outs[:2])) == 2
    assert outs[0] == outs[2] and outs[1] == outs[3]


@pytest.mark.parametrize("change", ["withdraw", "arrive", "withdraw two", "arrive two"])
def test_replan_after_pairs_change(change):
    pairs = make_pairs(10)
    played = partners_schedule(pairs=pairs, rounds=3, seed=5)
    last = places(played[-1], pairs)
    if change == "withdraw":
        now = pairs[1:]
    elif change == "withdraw two":
        now = pairs[2:]
    elif change == "arrive":
        now = [*pairs, (50, 150)]
    else:
        now = [*pairs, (50, 150), (51, 151)]
    rest = partners_schedule(pairs=now, rounds=8, seed=5, history=played)
    tables = len(now) // 2
    stations = len(now) - tables
    first = places(rest[0], now)
    for pair in now:
        if pair in last and last[pair][0] == "NS" and last[pair][1] <= tables:
            # N-S pairs keep their tables while the table is in play.
            assert first[pair] == last[pair]
    assert sum(first[pair][0] == "NS" for pair in now) == tables
    for seating in rest:
        assert len(seating.tables) == tables
        assert len(seating.sit_outs) == 2 * (len(now) % 2)
        assert set(places(seating, now)) == set(now)
    # The E-W pairs that are left carry on round the line where they can.
    carried = [
        pair
        for pair in now
        if pair in last
        and last[pair][0] == "EW"
        and first[pair] == ("EW", (last[pair][1]) % stations + 1)
    ]
    assert len(carried) >= 3


def test_check_pairs_problems():
    assert check_pairs(players=[1, 2, 11, 12], pairs=[(1, 11), (2, 12)]) == []
    problems = check_pairs(
        players=[1, 2, 3, 7, 11, 12, 13],
        pairs=[(1, 11), (2, 12), (2, 13), (3, 14)],
    )
    assert problems == [
        "Player 2 is in 2 pairs (2 & 12 and 2 & 13): keep them in one pair only",
        "Player 14 (partner of 3) is not in the drive: register them or remove the pair",
        "Player 7 has no partner: register them in a pair or withdraw them",
    ]
    assert check_pairs(players=[1, 11], pairs=[(1, 11)]) == [
        "A partners drive needs at least 2 pairs; there is only 1"
    ]
    assert check_pairs(players=[], pairs=[]) == [
        "A partners drive needs at least 2 pairs; there are none"
    ]
    assert check_pairs(players=[1, 2, 12], pairs=[(1, 1), (2, 12)]) == [
        "Player 1 is paired with themselves: pair them with someone else"
    ]
    assert check_pairs(players=[1, 2, 11, 12], pairs=[(1, 11), (2, 0)])[0] == (
        "Pair 2 & 0 is not two player numbers: fix or remove it"
    )


def test_partners_schedule_refuses_bad_pairs():
    with pytest.raises(ValueError, match="Player 2 is in 2 pairs"):
        partners_schedule(pairs=[(1, 11), (2, 12), (2, 13)], rounds=2, seed=0)
    with pytest.raises(ValueError, match="at least 2 pairs"):
        partners_schedule(pairs=[(1, 11)], rounds=2, seed=0)
    with pytest.raises(ValueError, match="rounds"):
        partners_schedule(pairs=[(1, 11), (2, 12)], rounds=-1, seed=0)
