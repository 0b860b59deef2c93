"""Scoring a hand: every piece of tricks arithmetic in the product is here.

A table records the tricks won by N-S (0..13); E-W won 13 minus that.

- *Odd tricks* (the default): the side with 7 or more tricks scores its tricks
  over six (1..7); the other side scores 0.
- *Total tricks*: each side scores the tricks it won.
- *Won*: a hand is won by the side with 7 or more tricks; a *round* by the side
  with more tricks over its hands, a tie going to the winner of its last hand.

Each player scores their partnership's score. Only the raw tricks are stored,
so a change of rule after the event recomputes everything. The pages, the
printed sheets and the captain's phone show the numbers made here (the phone's
script gets them from the page and does no arithmetic of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache

from drive.movement.types import Side

TRICKS_PER_HAND = 13
BOOK = 6
# What a table can record: N-S tricks, and the odd tricks of the side that won.
TRICK_COUNTS = range(0, TRICKS_PER_HAND + 1)
ODD_TRICK_COUNTS = range(1, TRICKS_PER_HAND - BOOK + 1)


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


def side_tricks(ns_tricks: int, side: Side) -> int:
    """The tricks `side` won, from the N-S tricks."""
    return check_tricks(ns_tricks) if side is Side.NS else ew_tricks(ns_tricks)


def ns_tricks_from_odd(winners: Side | str, odd: int) -> int:
    """The N-S tricks when `winners` made `odd` odd tricks (1..7)."""
    if odd not in ODD_TRICK_COUNTS:
        raise ValueError(f"Odd tricks are from 1 to {ODD_TRICK_COUNTS[-1]}.")
    won = BOOK + odd
    return won if Side(winners) is Side.NS else ew_tricks(won)


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


@dataclass(frozen=True)
class HandLine:
    """One hand as a table checks it: each side's tricks and score."""

    ns_tricks: int
    ew_tricks: int
    ns_score: int
    ew_score: int


def hand_line(ns_tricks: int, rule: Rule | str) -> HandLine:
    ns_score, ew_score = hand_scores(ns_tricks, rule)
    return HandLine(ns_tricks, ew_tricks(ns_tricks), ns_score, ew_score)


def tricks_text(ns_tricks: int) -> str:
    """ "N-S 9, E-W 4": both sides' tricks, as messages quote a result."""
    return f"N-S {ns_tricks}, E-W {ew_tricks(ns_tricks)}"


def side_score(ns_tricks: int, rule: Rule | str, side: Side) -> int:
    ns, ew = hand_scores(ns_tricks, rule)
    return ns if side is Side.NS else ew


# Which side each seat plays for: N-S against E-W.
SIDE_OF_SEAT: dict[str, Side] = {"N": Side.NS, "S": Side.NS, "E": Side.EW, "W": Side.EW}


def seat_tricks(ns_tricks: int, seat: str) -> int:
    """The tricks won by the side of the player in `seat` ("N", "E", "S" or "W")."""
    return side_tricks(ns_tricks, SIDE_OF_SEAT[seat])


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


@cache
def lowest_winning_score(rule: Rule | str) -> int:
    """What the winners of the narrowest win (seven tricks) score under `rule`:
    a hand that scored this or more was won."""
    return side_score(BOOK + 1, rule, Side.NS)


def hand_won(score: int, rule: Rule | str) -> bool:
    return score >= lowest_winning_score(rule)


def round_winner(ns_tricks: Sequence[int]) -> Side:
    """The side that won a round, from the N-S tricks of each of its hands."""
    if len(ns_tricks) == 0:
        raise ValueError("a round needs at least one hand to have a winner")
    ns = sum(check_tricks(tricks) for tricks in ns_tricks)
    ew = sum(ew_tricks(tricks) for tricks in ns_tricks)
    if ns != ew:
        return Side.NS if ns > ew else Side.EW
    return hand_winner(ns_tricks[-1])
