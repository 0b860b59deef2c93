"""Checks of a progressive movement's rounds: where each player sits, where
the moves take them, and that a round seats everyone once in the right groups."""

from __future__ import annotations

from drive.movement import Format, Seat, Seating, Side, table_count

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PROG, SEMI = Format.PROGRESSIVE, Format.SEMI_PARTNER

# docs/design.md (Movements), written out per variant: role -> (table offset, seat it ends up in).
EXPECTED_MOVES = {
    (PROG, False): {
        "win_a": (0, N),
        "win_b": (0, W),
        "lose_a": (1, E),
        "lose_b": (-1, S),
    },
    (SEMI, False): {
        "win_a": (0, N),
        "win_b": (0, S),
        "lose_a": (1, E),
        "lose_b": (-1, W),
    },
    (PROG, True): {
        "lose_a": (0, N),
        "lose_b": (0, W),
        "win_a": (1, E),
        "win_b": (-1, S),
    },
    (SEMI, True): {
        "lose_a": (0, N),
        "lose_b": (0, S),
        "win_a": (1, E),
        "win_b": (-1, W),
    },
}


def positions(seating: Seating) -> dict[int, tuple[int, Seat]]:
    return {
        table.player_at(seat): (table.table, seat)
        for table in seating.tables
        for seat in (N, E, S, W)
    }


def expected_positions(
    previous: Seating, winners: dict[int, Side], fmt: Format, winners_move: bool
) -> dict[int, tuple[int, Seat]]:
    """Where docs/design.md sends each player seated in ``previous``."""
    count = len(previous.tables)
    moves = EXPECTED_MOVES[(fmt, winners_move)]
    result = {}
    for table in previous.tables:
        if winners[table.table] is Side.NS:
            roles = {"win_a": N, "win_b": S, "lose_a": E, "lose_b": W}
        else:
            roles = {"win_a": E, "win_b": W, "lose_a": N, "lose_b": S}
        for role, seat in roles.items():
            offset, new_seat = moves[role]
            new_table = (table.table - 1 + offset) % count + 1
            result[table.player_at(seat)] = (new_table, new_seat)
    return result


def check_seating(seating: Seating, a: set[int], b: set[int]) -> None:
    tables = table_count(group_a=len(a), group_b=len(b))
    assert [t.table for t in seating.tables] == list(range(1, tables + 1))
    seated = [p for t in seating.tables for p in t.players()]
    everyone = seated + list(seating.sit_outs)
    assert len(everyone) == len(set(everyone)), "someone has two places"
    assert set(everyone) == a | b, "every active player, and only they, has a place"
    assert list(seating.sit_outs) == sorted(seating.sit_outs)
    for t in seating.tables:
        assert {t.north, t.east} <= a
        assert {t.south, t.west} <= b
    assert len(set(seating.sit_outs) & a) == len(a) - 2 * tables
    assert len(set(seating.sit_outs) & b) == len(b) - 2 * tables
