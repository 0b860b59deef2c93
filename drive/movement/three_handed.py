"""Three-handed table: a drive option for a round with exactly three leftovers.

Rule: when exactly three players are left over in a round, they play at a
three-handed table with a dummy hand instead of sitting out. The dummy hand is
dealt as usual and its partner plays both hands; the dummy seat (``DUMMY``)
scores nothing; the three players score as usual.

The three-handed table is numbered T + 1, after the round's T tables. Each of
the three sits in a seat of their own group where possible (A North or East,
B South or West) and the dummy takes the seat left over:

- two A and one B: the A players sit North and East, the B South, and the
  dummy West, so the East player partners the dummy;
- one A and two B: the B players sit South and West, the A North, and the
  dummy East, so the West player partners the dummy;
- three of one group: two sit in their group's seats and the third in the
  other group's seat on the North-South side (South for three A, North for
  three B); the dummy fills the East or West seat that is left.

Who partners the dummy, among those the seating allows: the player who has
sat out most often (``sit_out_counts``, a missing player counts 0), as a small
amends, then the lowest player number.
"""

from __future__ import annotations

from collections.abc import Mapping

from .types import DUMMY, Group, Seating, TableSeating


def with_three_handed_table(
    *,
    seating: Seating,
    groups: Mapping[int, Group],
    sit_out_counts: Mapping[int, int] | None = None,
) -> Seating:
    """``seating`` with its three sit-outs at a three-handed table.

    Seatings with any other number of sit-outs are returned unchanged.
    ``groups`` maps each player to their group (only the sit-outs are looked
    up).
    """
    if len(seating.sit_outs) != 3:
        return seating
    counts = sit_out_counts or {}
    three = list(seating.sit_outs)
    group_of: dict[int, Group] = {}
    for player in three:
        if player == DUMMY:
            raise ValueError("the dummy hand cannot sit out")
        if player not in groups:
            raise ValueError(f"player {player} has no group")
        group_of[player] = Group(groups[player])

    def order(players: list[int]) -> list[int]:
        # The dummy's partner first: most sit-outs, then lowest number.
        return sorted(players, key=lambda p: (-counts.get(p, 0), p))

    a = order([p for p in three if group_of[p] is Group.A])
    b = order([p for p in three if group_of[p] is Group.B])
    if len(a) == 2:
        north, east, south, west = a[1], a[0], b[0], DUMMY
    elif len(b) == 2:
        north, east, south, west = a[0], DUMMY, b[1], b[0]
    elif len(a) == 3:
        north, east, south, west = a[1], a[0], a[2], DUMMY
    else:
        north, east, south, west = b[2], DUMMY, b[1], b[0]
    extra = TableSeating(
        table=len(seating.tables) + 1,
        north=north,
        east=east,
        south=south,
        west=west,
    )
    return Seating(tables=(*seating.tables, extra), sit_outs=())
