"""Which tie-break rules and draws a finished drive's standings follow.

The standings of a finished drive are ranked by the tie-break rules the club
chose (or the drive kept when it started) and settled by the organiser's draws.
Those are kept by the prizes app, above scoring, which scoring never imports:
prizes hands its reader in when it is ready (prizes.apps), and scoring asks
here. Without one (scoring on its own, in a test), the default rules and no
draws.

A cards-in drive passes over the rules its cards cannot decide
(scoring.card_totals.card_tie_breaks), here, once, for every board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from drive.models import Drive
from scoring.card_totals import card_tie_breaks
from scoring.tiebreaks import DEFAULT_TIE_BREAKS, Rule, parse_order


@dataclass(frozen=True)
class FinalTies:
    """The rules in order, and the draws of the final standings: who cut -> who won."""

    order: tuple[Rule, ...]
    draws: Mapping[frozenset[int], int] = field(default_factory=dict)


Reader = Callable[[Drive], FinalTies]
# The same for many drives at once (by id), in a fixed handful of queries.
ManyReader = Callable[[Sequence[Drive]], dict[int, FinalTies]]

_reader: Reader | None = None
_many_reader: ManyReader | None = None
# Whether a drive's prize list has a prize decided by hands won (prizes says).
_hands_won_prize: Callable[[Drive], bool] | None = None


def set_reader(reader: Reader, many: ManyReader | None = None) -> None:
    """The app that keeps the rules and draws says how to read them (once,
    when ready): for one drive, and for many at once."""
    global _reader, _many_reader
    _reader = reader
    _many_reader = many


def set_hands_won_prize(reader: Callable[[Drive], bool]) -> None:
    global _hands_won_prize
    _hands_won_prize = reader


def final_ties(drive: Drive) -> FinalTies:
    if _reader is None:
        ties = FinalTies(order=parse_order(DEFAULT_TIE_BREAKS))
    else:
        ties = _reader(drive)
    return _for_cards(drive, ties)


def final_ties_of(drives: Sequence[Drive]) -> dict[int, FinalTies]:
    """final_ties of each of `drives` (by id), read at once where the app
    that keeps them can."""
    if _many_reader is None:
        return {drive.pk: final_ties(drive) for drive in drives}
    read = _many_reader(drives)
    return {drive.pk: _for_cards(drive, read[drive.pk]) for drive in drives}


def _for_cards(drive: Drive, ties: FinalTies) -> FinalTies:
    if drive.cards_in:
        return FinalTies(order=card_tie_breaks(ties.order)[0], draws=ties.draws)
    return ties


def asks_hands_won(drive: Drive) -> bool:
    """A cards-in drive's desk asks each card's hands won: a tie-break or a
    prize uses them."""
    order = parse_order(DEFAULT_TIE_BREAKS) if _reader is None else _reader(drive).order
    if Rule.HANDS_WON in order:
        return True
    return bool(_hands_won_prize and _hands_won_prize(drive))
