"""Checks of an individual movement's rounds: each round seated, and partners
and opponents spread fairly."""

from __future__ import annotations

from drive.movement.types import Seating


def check_rounds(
    schedule: list[Seating], players: list[int], tables: int | None = None
) -> None:
    """Everyone once per round, tables 1..T, the right number of tables."""
    expected_tables = len(players) // 4 if tables is None else tables
    for seating in schedule:
        seated = [p for t in seating.tables for p in t.players()]
        assert len(seated) == len(set(seated)), "a player sits twice"
        assert not set(seated) & set(seating.sit_outs)
        assert sorted(seated + list(seating.sit_outs)) == sorted(players)
        assert [t.table for t in seating.tables] == list(range(1, expected_tables + 1))
        assert list(seating.sit_outs) == sorted(seating.sit_outs)


def check_fair(schedule: list[Seating], players: list[int]) -> None:
    """At every prefix of rounds, sit-out counts differ by at most one."""
    sat = dict.fromkeys(players, 0)
    for seating in schedule:
        for p in seating.sit_outs:
            sat[p] += 1
        assert max(sat.values()) - min(sat.values()) <= 1, sat
