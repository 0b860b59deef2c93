"""Partners movement: fixed pairs in a Mitchell or a round robin (pure Python)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.partners import (
    check_pairs,
    partners_schedule,
    played_mitchell,
    plays_round_robin,
)
from drive.movement.types import Seating


def make_pairs(count: int) -> list[tuple[int, int]]:
    return [(i, 100 + i) for i in range(1, count + 1)]


def places(seating: Seating, pairs: list[tuple[int, int]]) -> dict:
    """pair -> ("NS", table) / ("EW", table) of the pairs seated."""
    result = {}
    for table in seating.tables:
        result[(table.north, table.south)] = ("NS", table.table)
        result[(table.east, table.west)] = ("EW", table.table)
    return result


def meetings(schedule: list[Seating]) -> Counter:
    found: Counter = Counter()
    for seating in schedule:
        for t in seating.tables:
            found[((t.north, t.south), (t.east, t.west))] += 1
    return found


@given(
    tables=st.integers(1, 15),
    data=st.data(),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=80, deadline=None)
def test_mitchell_properties(tables, data, seed):
    """An even number of pairs and no more rounds than tables: a Mitchell."""
    count = 2 * tables
    rounds = data.draw(st.integers(1, tables if tables > 1 else 6))
    assert not plays_round_robin(pairs=count, rounds=rounds)
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    assert len(schedule) == rounds
    where = pair_path(schedule, pairs)
    for seating in schedule:
        assert [t.table for t in seating.tables] == list(range(1, tables + 1))
        assert seating.sit_outs == ()
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
                # E-W pairs move up one table, wrapping.
                assert following[pair][1] == table % tables + 1
    # Every E-W pair meets a different N-S pair each round.
    met = meetings(schedule)
    assert set(met.values()) == ({1} if tables > 1 else {rounds})


def floor_moves(count: int) -> dict:
    """Where the round robin sends a pair from each place, as the rule says it."""
    tables = count // 2
    moves: dict = {}
    for table in range(1, tables + 1):
        moves[("EW", table)] = ("EW", table + 1) if table < tables else ("NS", table)
        moves[("NS", table)] = ("NS", table - 1) if table > 1 else ("out", None)
    if count % 2:
        moves[("out", None)] = ("EW", 1)
    else:
        # Table 1's N-S pair never moves; the N-S pair from table 2 visits it.
        moves[("NS", 1)] = ("NS", 1)
        if tables > 1:
            moves[("NS", 2)] = ("EW", 1)
    return moves


@given(
    count=st.integers(3, 30),
    rounds=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=80, deadline=None)
def test_round_robin_moves_as_its_rule_says(count, rounds, seed):
    """N-S pairs move down a table, E-W pairs up; the last table's E-W pair
    turns N-S; table 1's N-S pair sits out (odd) or stays all evening (even)."""
    rounds = rounds if plays_round_robin(pairs=count, rounds=rounds) else count
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    moves = floor_moves(count)
    where = pair_path(schedule, pairs)
    for place, following in zip(where, where[1:], strict=False):
        for pair in pairs:
            assert following[pair] == moves[place[pair]], (pair, place[pair])


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
    rest = partners_schedule(
        pairs=pairs, rounds=rounds - cut, seed=seed, history=whole[:cut]
    )
    assert whole[:cut] + rest == whole


def test_the_evening_s_length_decides_the_movement():
    assert not plays_round_robin(pairs=12, rounds=6)
    assert plays_round_robin(pairs=12, rounds=7)
    assert plays_round_robin(pairs=13, rounds=1)
    assert not plays_round_robin(pairs=2, rounds=24)
    assert plays_round_robin(pairs=4, rounds=3)


def test_draw_depends_on_seed_not_on_order():
    for count in (8, 9):
        pairs = make_pairs(count)
        one = partners_schedule(pairs=pairs, rounds=5, seed=3)
        shuffled = list(pairs)
        random.Random(4).shuffle(shuffled)
        assert partners_schedule(pairs=shuffled, rounds=5, seed=3) == one
        assert partners_schedule(pairs=pairs, rounds=5, seed=4) != one


def test_two_pairs():
    schedule = partners_schedule(pairs=[(1, 11), (2, 12)], rounds=2, seed=0)
    assert [len(s.tables) for s in schedule] == [1, 1]
    assert schedule[0] == schedule[1]


def assert_fair_byes_after_a_change(
    played: list[Seating], rest: list[Seating], pairs: list, now: list
) -> None:
    """After a change of pairs the bye goes round the pairs now playing, those
    who sat out least (a late pair: none) first, then every pair in turn."""
    before = Counter(p for s in played for p in pairs if set(p) <= set(s.sit_outs))
    if len(now) % 2:
        first_cycle = [
            next(p for p in now if set(p) <= set(s.sit_outs)) for s in rest[: len(now)]
        ]
        counts = [before[p] for p in first_cycle]
        assert counts == sorted(counts), first_cycle
    assert_bye_rotates(rest, now)


@pytest.mark.parametrize(
    ("count", "played_rounds", "change", "pairs_after"),
    [
        (9, 3, "withdraw", 8),
        (9, 3, "arrive", 10),
        (9, 3, "withdraw two", 7),
        (9, 3, "arrive two", 11),
        (9, 12, "arrive two", 11),
        (20, 3, "withdraw", 19),  # a Mitchell turns into a round robin
        (8, 5, "withdraw", 7),
    ],
)
def test_round_robin_replan_after_pairs_change(
    count, played_rounds, change, pairs_after
):
    pairs = make_pairs(count)
    played = partners_schedule(pairs=pairs, rounds=played_rounds + 5, seed=5)[
        :played_rounds
    ]
    last = pair_path(played, pairs)[-1]
    if change.startswith("withdraw"):
        now = pairs[1:] if change == "withdraw" else pairs[2:]
    else:
        now = [*pairs, (50, 150)] + ([(51, 151)] if change == "arrive two" else [])
    assert len(now) == pairs_after
    rest = partners_schedule(pairs=now, rounds=10, seed=5, history=played)
    assert plays_round_robin(pairs=len(now), rounds=played_rounds + 10)
    for seating in rest:
        assert len(seating.tables) == len(now) // 2
    pair_path(rest, now)  # fixed pairs, one N-S and one E-W pair a table
    assert_fair_byes_after_a_change(played, rest, pairs, now)
    # From here on every pair meets every other as evenly as the rounds allow.
    met = meeting_counts(rest, now)
    assert max(met.values()) - min(met.values()) <= 1
    if change == "arrive two" and played_rounds == 3:
        # The pairs already playing carry on as the rule moves them; the new
        # pairs sit North-South at the last two tables.
        moves = floor_moves(len(now))
        first = pair_path(rest[:1], now)[0]
        for pair in pairs:
            assert first[pair] == moves[last[pair]], pair
        tables = len(now) // 2
        assert {first[(50, 150)], first[(51, 151)]} == {
            ("NS", tables - 1),
            ("NS", tables),
        }


@pytest.mark.parametrize("change", ["withdraw two", "arrive two"])
def test_mitchell_replan_after_pairs_change(change):
    pairs = make_pairs(20)
    played = partners_schedule(pairs=pairs, rounds=8, seed=5)[:3]
    last = places(played[-1], pairs)
    arrivals = [(50, 150), (51, 151)]
    now = pairs[2:] if change == "withdraw two" else [*pairs, *arrivals]
    rest = partners_schedule(pairs=now, rounds=5, seed=5, history=played)
    assert not plays_round_robin(pairs=len(now), rounds=8)
    tables = len(now) // 2
    first = places(rest[0], now)
    for pair in now:
        if pair in last and last[pair][0] == "NS" and last[pair][1] <= tables:
            # N-S pairs keep their tables while the table is in play.
            assert first[pair] == last[pair]
    assert sum(first[pair][0] == "NS" for pair in now) == tables
    for seating in rest:
        assert len(seating.tables) == tables
        assert seating.sit_outs == ()
    pair_path(rest, now)
    # The E-W pairs that are left carry on round the line where they can.
    carried = [
        pair
        for pair in now
        if pair in last
        and last[pair][0] == "EW"
        and first[pair] == ("EW", (last[pair][1]) % tables + 1)
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


# --- fairness: the bye and the meetings (issue #14) ---------------------------


def pair_path(schedule: list[Seating], pairs: list[tuple[int, int]]) -> list[dict]:
    """Each round: pair -> ("NS", table), ("EW", table) or ("out", None).

    Checks on the way that partners never change: every table holds one
    registered pair North-South (A North, B South) and one East-West (A East,
    B West), and every pair plays or sits out together.
    """
    registered = set(pairs)
    everyone = sorted(p for pair in pairs for p in pair)
    path = []
    for seating in schedule:
        where: dict = {}
        for t in seating.tables:
            north_south, east_west = (t.north, t.south), (t.east, t.west)
            assert north_south in registered, (t, "N-S is not a registered pair")
            assert east_west in registered, (t, "E-W is not a registered pair")
            where[north_south] = ("NS", t.table)
            where[east_west] = ("EW", t.table)
        out = set(seating.sit_outs)
        for pair in pairs:
            if set(pair) & out:
                assert set(pair) <= out, (pair, "a pair sits out together")
                where[pair] = ("out", None)
        assert set(where) == registered
        seated = [p for t in seating.tables for p in t.players()]
        assert sorted(seated + list(seating.sit_outs)) == everyone
        path.append(where)
    return path


def meeting_counts(schedule: list[Seating], pairs: list[tuple[int, int]]) -> Counter:
    """How often each two pairs met, every two pairs listed (0: never)."""
    met: Counter = Counter({frozenset(two): 0 for two in combinations(pairs, 2)})
    for seating in schedule:
        for t in seating.tables:
            met[frozenset({(t.north, t.south), (t.east, t.west)})] += 1
    return met


def assert_bye_rotates(schedule: list[Seating], pairs: list[tuple[int, int]]) -> None:
    """Nobody sits out twice before every pair has sat out once."""
    byes = Counter({pair: 0 for pair in pairs})
    for number, where in enumerate(pair_path(schedule, pairs), 1):
        out = [pair for pair, (line, _) in where.items() if line == "out"]
        assert len(out) == len(pairs) % 2
        for pair in out:
            assert byes[pair] == min(byes.values()), (
                f"round {number}: {pair} sits out again while another pair has "
                f"sat out {min(byes.values())} times"
            )
            byes[pair] += 1
    assert max(byes.values()) - min(byes.values()) <= 1


@pytest.mark.parametrize("count", [3, 5, 7, 9, 17])
@pytest.mark.parametrize(("hands", "hands_per_round"), [(24, 1), (24, 4)])
@pytest.mark.parametrize("seed", [0, 11])
def test_an_odd_number_of_pairs_rotates_the_bye_and_meets_evenly(
    count, hands, hands_per_round, seed
):
    pairs = make_pairs(count)
    rounds = hands // hands_per_round
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    assert len(schedule) == rounds
    assert all(len(s.tables) == count // 2 for s in schedule)
    assert_bye_rotates(schedule, pairs)
    # Every pair sits out in turn, the first round's N-S pairs too.
    sat_out = set().union(*(s.sit_outs for s in schedule))
    north_south = {p for t in schedule[0].tables for p in (t.north, t.south)}
    if rounds >= count:
        assert sat_out == {p for pair in pairs for p in pair}
        assert north_south <= sat_out
    # Every pair meets every other as evenly as the rounds allow.
    met = meeting_counts(schedule, pairs)
    assert max(met.values()) - min(met.values()) <= 1, met
    # In every stretch of P rounds, each pair sits out once and meets each
    # other pair once: a round robin.
    for start in range(0, rounds - count + 1):
        window = schedule[start : start + count]
        assert set(meeting_counts(window, pairs).values()) == {1}
        assert sorted(p for s in window for p in s.sit_outs) == sorted(
            p for pair in pairs for p in pair
        )


def test_three_pairs_play_a_round_robin():
    pairs = [(1, 11), (2, 12), (3, 13)]
    schedule = partners_schedule(pairs=pairs, rounds=24, seed=0)
    for start in range(0, 24, 3):
        cycle = schedule[start : start + 3]
        # Each pair sits out once and plays each of the other two once.
        assert sorted(s.sit_outs for s in cycle) == [(1, 11), (2, 12), (3, 13)]
        met = meeting_counts(cycle, pairs)
        assert set(met.values()) == {1}
    for one, other in zip(schedule, schedule[1:], strict=False):
        assert one.sit_outs != other.sit_outs


@pytest.mark.parametrize("count", [2, 4, 6, 8, 10])
@pytest.mark.parametrize("rounds", [6, 24])
def test_few_pairs_of_an_even_number_meet_every_other_pair(count, rounds):
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=5)
    pair_path(schedule, pairs)
    assert all(s.sit_outs == () for s in schedule)
    met = meeting_counts(schedule, pairs)
    assert max(met.values()) - min(met.values()) <= 1, met


@pytest.mark.parametrize(("count", "rounds"), [(12, 6), (20, 10), (50, 24)])
def test_enough_pairs_for_the_rounds_keep_north_south_at_their_tables(count, rounds):
    """With an even number of pairs and no more rounds than E-W pairs, the
    Mitchell already meets every pair at most once: N-S pairs stay put."""
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=2)
    path = pair_path(schedule, pairs)
    for pair in pairs:
        assert len({where[pair] for where in path}) == (
            1 if path[0][pair][0] == "NS" else rounds
        )
    assert max(meeting_counts(schedule, pairs).values()) == 1


@given(
    count=st.integers(2, 30),
    rounds=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=80, deadline=None)
def test_every_partners_drive_is_fair(count, rounds, seed):
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    assert_bye_rotates(schedule, pairs)
    met = meeting_counts(schedule, pairs)
    assert max(met.values()) - min(met.values()) <= 1, met


# --- what a drive's seated rounds played ------------------------------------------


@pytest.mark.parametrize(
    ("count", "rounds", "mitchell"),
    [(8, 4, True), (4, 2, True), (2, 3, True), (8, 7, False), (5, 5, False)],
)
def test_the_seated_rounds_say_which_movement_was_played(count, rounds, mitchell):
    pairs = make_pairs(count)
    schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=3)
    assert plays_round_robin(pairs=count, rounds=rounds) is not mitchell
    assert played_mitchell(schedule) is mitchell
    assert played_mitchell(schedule[:1]) is None  # one round cannot tell
