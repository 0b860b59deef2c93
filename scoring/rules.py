"""Scoring a hand.

A table records the tricks won by N-S (0..13); E-W won 13 minus that.

- *Odd tricks* (the default): the side with 7 or more tricks scores its tricks
  over six (1..7); the other side scores 0.
- *Total tricks*: each side scores the tricks it won.

Each player scores their partnership's score. Only the raw tricks are stored,
so a change of rule after the event recomputes everything.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from drive.movement.types import Side

TRICKS_PER_HAND = 13
BOOK = 6


class Rule(str, Enum):
    ODD_TRICKS = "odd"
    TOTAL_TRICKS = "total"


def check_tricks(ns_tricks: int) -> int:
    if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int):
        raise TypeError("Tricks are a whole number.")
    if not 0 <= ns_tricks <= TRICKS_PER_HAND:
        raise ValueError(f"Tricks must be between 0 and {TRICKS_PER_HAND}.")
    return ns_tricks


def ew_tricks(ns_tricks: int) -> int:
    return TRICKS_PER_HAND - check_tricks(ns_tricks)


def odd_tricks(tricks: int) -> int:
    """Tricks over six: 7 tricks make 1 odd trick, 13 make 7; six or fewer make none."""
    return max(0, tricks - BOOK)


def hand_scores(ns_tricks: int, rule: Rule | str) -> tuple[int, int]:
    """(N-S score, E-W score) for one hand."""
    rule = Rule(rule)
    ew = ew_tricks(ns_tricks)
    if rule is Rule.ODD_TRICKS:
        return odd_tricks(ns_tricks), odd_tricks(ew)
    return ns_tricks, ew


def side_score(ns_tricks: int, rule: Rule | str, side: Side) -> int:
    ns, ew = hand_scores(ns_tricks, rule)
    return ns if side is Side.NS else ew


# Which side each seat plays for: N-S against E-W.
SIDE_OF_SEAT: dict[str, Side] = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}


def seat_score(ns_tricks: int, rule: Rule | str, seat: str) -> int:
    """The score of the player in `seat` ("N", "E", "S" or "W") for one hand."""
    return side_score(ns_tricks, rule, SIDE_OF_SEAT[seat])


@cache
def seat_scores(rule: Rule | str) -> dict[tuple[str, int], int]:
    """Every seat's score for every trick count under `rule`, as one table.

    For loops over thousands of seats (the leaderboard, the audit rebuild):
    ``seat_scores(rule)[seat, ns_tricks]`` is ``seat_score(ns_tricks, rule, seat)``.
    """
    return {
        (seat, ns): seat_score(ns, rule, seat)
        for seat in SIDE_OF_SEAT
        for ns in range(TRICKS_PER_HAND + 1)
    }


def hand_winner(ns_tricks: int) -> Side:
    """Thirteen tricks cannot be shared: one side always has seven or more."""
    return Side.NS if check_tricks(ns_tricks) > BOOK else Side.EW
