"""The stationary planner's quick ways of working give what the plain ones did.

Planning a large stationary drive used to take a minute (issue #14, item 15):
each way of putting a table into the route was scored afresh, and each
returning player was weighed against every seat partner by partner. The
planner now sweeps, and works out whole rows of costs at once. These tests
hold each quick way to the plain definition it replaces, and pin whole
schedules to the ones the plain planner made, so the speed costs nothing in
the movement. (Speed itself is measured by `make bench`, not here.)
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.stationary import _a_costs, _match, stationary_schedule
from drive.movement.stationary_route import (
    LAYOUT_BYES,
    cycle_cost,
    insertion_costs,
    placement_costs,
    seat_cycle,
)
from drive.movement.types import Seat, Seating


def _with_table(shorter, south: int, gap: int):
    number = len(shorter) // 2 + 1
    cycle = list(shorter[:south]) + [(number, Seat.SOUTH)] + list(shorter[south:])
    cycle.insert(south + gap, (number, Seat.WEST))
    return cycle


@pytest.mark.parametrize("tables", [17, 18, 25, 31, 40])
def test_swept_costs_are_the_cycle_costs(tables):
    shorter = seat_cycle(tables - 1)
    size = len(shorter) + 2
    gaps = list(range(1, size))
    swept = insertion_costs(shorter, gaps)
    for gap in gaps:
        assert swept[gap] == [
            cycle_cost(_with_table(shorter, south, gap), LAYOUT_BYES[:2])
            for south in range(size - gap)
        ]


@pytest.mark.parametrize("tables", range(2, 17))
def test_placement_costs_are_the_cycle_costs(tables):
    shorter = seat_cycle(tables - 1)
    size = len(shorter) + 2
    costs = placement_costs(shorter, range(1, size), LAYOUT_BYES)
    for gap in range(1, size):
        assert costs[gap] == [
            cycle_cost(_with_table(shorter, south, gap), LAYOUT_BYES)
            for south in range(size - gap)
        ]


def _a_cost_by_slot(*, slots, step, ideal, partners_at, unmet, slot):
    """The cost of one slot as the tuple ``_a_costs`` describes."""
    repeats = [(slot - p) % slots for p in partners_at]
    early = sum(i < unmet - 3 for i in repeats)
    skip = step if ideal is None else (ideal - slot) % slots
    return (early, abs(skip - step), slots - min(repeats) if repeats else 0, skip)


@given(data=st.data())
@settings(max_examples=200, deadline=None)
def test_a_costs_order_the_slots_as_the_tuples_do(data):
    slots = data.draw(st.integers(1, 40))
    arguments = {
        "slots": slots,
        # A walk of 2 comes with two byes or more: 4 slots at least.
        "step": data.draw(st.sampled_from([0, 2] if slots >= 4 else [0])),
        "ideal": data.draw(st.none() | st.integers(0, slots - 1)),
        "partners_at": data.draw(
            st.lists(st.integers(0, slots - 1), unique=True, max_size=slots)
        ),
        "unmet": data.draw(st.integers(0, slots + 5)),
    }
    costs = _a_costs(**arguments)
    tuples = [_a_cost_by_slot(slot=s, **arguments) for s in range(slots)]
    base = slots + 1
    for cost, expected in zip(costs, tuples, strict=True):
        digits = []
        for _ in range(4):
            cost, digit = divmod(cost, base)
            digits.append(digit)
        assert cost == 0 and tuple(reversed(digits)) == expected


def _greedy(players, slots, cost):
    """Every pair in order of (cost, rank, slot, player), taken when both are free."""
    pairs = sorted((*cost(p, s), s, p) for p, s in product(players, slots))
    matched: dict[int, int] = {}
    used: set[int] = set()
    for *_, slot, player in pairs:
        if player not in matched and slot not in used:
            matched[player] = slot
            used.add(slot)
    return matched


@pytest.mark.parametrize("seed", range(40))
def test_matching_is_the_greedy_matching_of_every_pair(seed):
    rng = random.Random(seed)
    size = rng.randint(1, 12)
    players = rng.sample(range(1, 100), size)
    slots = rng.sample(range(30), size)
    rank = {p: rng.randint(0, 5) for p in players}
    same = {p for p in players if rng.random() < 0.5}
    rows = {p: {s: rng.randint(0, 4) for s in slots} for p in players}

    def costs(player):
        return None if player in same else rows[player]

    def cost(player, slot):
        return (2 if player in same else rows[player][slot], rank[player])

    assert _match(players, slots, costs=costs, everywhere=2, rank=rank) == _greedy(
        players, slots, cost
    )


def _digest(schedule: list[Seating]) -> str:
    text = json.dumps(
        [
            [[t.table, t.north, t.east, t.south, t.west] for t in s.tables]
            + [list(s.sit_outs)]
            for s in schedule
        ]
    )
    return hashlib.sha256(text.encode()).hexdigest()


# (group A, group B, rounds, seed) and the plan's digest, as the planner made
# them before it was quick (the commit before this file's).
PLAIN_PLANS = [
    (
        (60, 41, 24, 3),
        "fb68829eb1e8eeebdbde4d60714027d84b3f84eddd56bba3fa6d1cda3b2450fc",
    ),
    (
        (41, 60, 24, 4),
        "86ed086d7dc844171c98d5b21387b91612fbcc0fda65894b3c3f41ad53830602",
    ),
    (
        (23, 27, 30, 5),
        "bee3ff1155e39d1a3dffc1feb7fea9dd3fa1aaf32885c96de9ff86c100dd79a1",
    ),
    (
        (501, 502, 24, 7),
        "2964642ba9782c61103c00f267c644cddf5fa421638bcf60e5ccd862d25fc72f",
    ),
    (
        (500, 500, 24, 7),
        "1069474c0cb8f0444ce6e1b7d70bd8d765dcf4f40abc3531ae89c1e11f3f2a75",
    ),
]


@pytest.mark.parametrize(("drive", "digest"), PLAIN_PLANS)
def test_plans_are_the_plain_planners(drive, digest):
    group_a, group_b, rounds, seed = drive
    schedule = stationary_schedule(
        group_a=list(range(1, group_a + 1)),
        group_b=list(range(2001, 2001 + group_b)),
        rounds=rounds,
        seed=seed,
    )
    assert _digest(schedule) == digest


def test_replan_is_the_plain_planners():
    a, b = list(range(1, 41)), list(range(2001, 2041))
    played = stationary_schedule(group_a=a, group_b=b, rounds=10, seed=11)
    rest = stationary_schedule(
        group_a=a[3:], group_b=[*b, 3001, 3002], rounds=14, seed=11, history=played
    )
    assert _digest(played + rest) == (
        "c9eb05df558675135a8bf1db7ac7cb3434ce0d0620c5091617da2e757a750c54"
    )


def test_a_thousand_players_keep_the_promises():
    """1,000 players, 24 rounds: every partner new, A never moves, B a route."""
    a, b = list(range(1, 501)), list(range(2001, 2501))
    schedule = stationary_schedule(group_a=a, group_b=b, rounds=24, seed=7)
    pairs = Counter(
        pair
        for seating in schedule
        for t in seating.tables
        for pair in ((t.north, t.south), (t.east, t.west))
    )
    assert len(pairs) == 24 * 500 and set(pairs.values()) == {1}
    first = {t.north: t.table for t in schedule[0].tables}
    assert all(first[t.north] == t.table for s in schedule for t in s.tables)
    assert all(len(s.tables) == 250 and not s.sit_outs for s in schedule)
