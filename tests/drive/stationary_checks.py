"""Checks of a stationary movement's rounds: each round seated, group A
staying put, partners spread fairly."""

from __future__ import annotations

from collections import Counter

from drive.movement.sitouts import table_count
from drive.movement.types import Seating
from tests.drive.progressive_checks import positions


def check_round(seating: Seating, a: set[int], b: set[int]) -> None:
    """Shape of one round: tables 1..T, A in N/E, B in S/W, everyone once."""
    tables = table_count(group_a=len(a), group_b=len(b))
    assert [t.table for t in seating.tables] == list(range(1, tables + 1))
    assert list(seating.sit_outs) == sorted(seating.sit_outs)
    seated = [p for t in seating.tables for p in t.players()]
    assert sorted(seated + list(seating.sit_outs)) == sorted(a | b)
    for table in seating.tables:
        assert {table.north, table.east} <= a
        assert {table.south, table.west} <= b
    out = set(seating.sit_outs)
    assert len(out & a) == len(a) - 2 * tables
    assert len(out & b) == len(b) - 2 * tables


def check_a_stays(schedule: list[Seating], a: set[int]) -> None:
    """An A keeps its seat; coming back, it takes the seat of an A now out."""
    for before, after in zip(schedule, schedule[1:], strict=False):
        was, now = positions(before), positions(after)
        holder = {place: p for p, place in was.items()}
        for player in a:
            if player in was and player in now:
                assert now[player] == was[player], (player, was[player], now[player])
            elif player in now:
                # Back from a sit-out (or the first time seated).
                previous = holder.get(now[player])
                assert previous is not None and previous in after.sit_outs


def check_fair(schedule: list[Seating], groups: list[set[int]]) -> None:
    """At every round prefix the sit-out counts in a group differ by <= 1."""
    counts: Counter = Counter()
    for seating in schedule:
        counts.update(seating.sit_outs)
        for group in groups:
            values = [counts[p] for p in group]
            assert max(values) - min(values) <= 1


def check_greedy_fair(
    history: list[Seating], schedule: list[Seating], groups: list[set[int]]
) -> None:
    """Nobody sits out while someone in their group has sat out fewer times."""
    counts: Counter = Counter()
    for seating in history:
        counts.update(seating.sit_outs)
    for seating in schedule:
        out = set(seating.sit_outs)
        for group in groups:
            sitting = [counts[p] for p in group if p in out]
            playing = [counts[p] for p in group if p not in out]
            if sitting and playing:
                assert max(sitting) <= min(playing)
        counts.update(seating.sit_outs)
