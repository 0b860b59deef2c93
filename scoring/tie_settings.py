"""Which tie-break rules and draws a finished drive's standings follow.

The standings of a finished drive are ranked by the tie-break rules the club
chose (or the drive kept when it started) and settled by the organiser's draws.
Those are kept by the prizes app, above scoring, which scoring never imports:
prizes hands its reader in when it is ready (prizes.apps), and scoring asks
here. Without one (scoring on its own, in a test), the default rules and no
draws.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from drive.models import Drive
from scoring.tiebreaks import DEFAULT_TIE_BREAKS, Rule, parse_order


@dataclass(frozen=True)
class FinalTies:
    """The rules in order, and the draws of the final standings: who cut -> who won."""

    order: tuple[Rule, ...]
    draws: Mapping[frozenset[int], int] = field(default_factory=dict)


Reader = Callable[[Drive], FinalTies]

_reader: Reader | None = None


def set_reader(reader: Reader) -> None:
    """The app that keeps the rules and draws says how to read them (once, when ready)."""
    global _reader
    _reader = reader


def final_ties(drive: Drive) -> FinalTies:
    if _reader is None:
        return FinalTies(order=parse_order(DEFAULT_TIE_BREAKS))
    return _reader(drive)
