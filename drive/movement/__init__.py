"""Movements: who sits where in each round of a drive. Pure Python, no Django
but its translation functions (for the words a person reads).

Words:

- *Player*: a plain int (the drive's entry id).
- *Group*: A sits North and East, B sits South and West; every partnership is
  one A and one B, and a player keeps their group.
- *Table*: numbered 1..T, four seats N, E, S, W; N-S play E-W. Tables wrap:
  "up" from T is 1, "down" from 1 is T.
- *Seating*: one round: the tables in order and the sorted sit-outs (byes).
- *Winners*: the side (NS or EW) that won the round at a table.
- *Progressive* / *semi-partner*: after a round one pair at each table stays
  and the other splits, A up a table, B down (``progressive``).
- *Sit-out*: an active player with no seat this round; chosen fairly within a
  group (``sitouts``).
"""

from __future__ import annotations

from .progressive import apply_movement, first_round, next_round
from .sitouts import balance_advice, choose_sit_outs, sit_out_priority, table_count
from .types import (
    SEAT_GROUP,
    SEAT_SIDE,
    SEATS,
    Format,
    Group,
    Seat,
    Seating,
    Side,
    TableSeating,
)

__all__ = [
    "SEATS",
    "SEAT_GROUP",
    "SEAT_SIDE",
    "Format",
    "Group",
    "Seat",
    "Seating",
    "Side",
    "TableSeating",
    "apply_movement",
    "balance_advice",
    "choose_sit_outs",
    "first_round",
    "next_round",
    "sit_out_priority",
    "table_count",
]
