"""A table's state in the current round, as the room and its captain see it:
who sits in each seat, each hand's results with every version kept, and the
state that most needs the organiser's attention.

- *Seat*: North, East, South, West, and the fifth seat of a prediction whist
  table of five; prediction whist names its seats by their number in the
  order of play ("Seat 3").
- *A hand's state*: waiting for a result, entered on a phone (waiting for an
  opponent's confirmation), confirmed, or in conflict (two phones disagree).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive.trumps import Trump
from scoring import prediction_rules
from scoring.models import HandResult, ResultStatus
from scoring.selectors import current_hand

SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "F": gettext_lazy("Fifth seat"),
}
# The seats in the order of play: N, E, S, W, and F at a prediction whist
# table of five, which numbers them 1 up in this order (prediction_rules.seat_number).
PLAY_ORDER = "".join(seat.value for seat in prediction_rules.SEAT_POSITIONS)


def seat_name(seat: str, numbered: bool = False) -> str:
    """ "North"; in prediction whist, whose seats are numbered in the order of
    play, "Seat 3"."""
    if numbered and seat in PLAY_ORDER:
        return _("Seat %(number)d") % {
            "number": prediction_rules.seat_number(PLAY_ORDER.index(seat))
        }
    return str(SEAT_NAMES.get(seat, ""))


class TableStateKind:
    """A table's state for the current round, as the organiser's room shows it."""

    WAITING = "waiting"  # a hand has no result yet
    ENTERED = "entered"  # on a phone, waiting for an opponent's confirmation
    CONFIRMED = "confirmed"  # every hand in
    CONFLICT = "conflict"  # two phones disagree: the organiser settles it


@dataclass(frozen=True)
class SeatPlace:
    """Who sits in one seat; `number` is None for a dummy hand (three-handed
    table). `numbered`: a prediction whist seat, named by its number."""

    seat: str
    number: int | None
    name: str
    numbered: bool = False

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat, self.numbered)

    @property
    def seat_number(self) -> int:
        """The seat's number in the order of play (1 to 5)."""
        return prediction_rules.seat_number(PLAY_ORDER.index(self.seat))


@dataclass(frozen=True)
class HandState:
    """One table's play of one hand of the current round, with every version kept."""

    hand: int
    trumps: Trump
    history: tuple[HandResult, ...]

    @property
    def confirmed(self) -> HandResult | None:
        return next(
            (r for r in self.history if r.status == ResultStatus.CONFIRMED), None
        )

    @property
    def pending(self) -> HandResult | None:
        return next((r for r in self.history if r.status == ResultStatus.PENDING), None)

    @property
    def standing(self) -> HandResult | None:
        return self.confirmed or self.pending

    @property
    def conflicts(self) -> list[HandResult]:
        return [
            r
            for r in self.history
            if r.status == ResultStatus.CONFLICT and r.resolved_at is None
        ]

    @property
    def version(self) -> int:
        """The confirmed version (0 when none): what a correction form has seen."""
        confirmed = self.confirmed
        return confirmed.version if confirmed else 0

    @property
    def state(self) -> str:
        if self.conflicts:
            return TableStateKind.CONFLICT
        if self.confirmed:
            return TableStateKind.CONFIRMED
        if self.pending:
            return TableStateKind.ENTERED
        return TableStateKind.WAITING


_STATE_ORDER = (
    TableStateKind.CONFLICT,
    TableStateKind.WAITING,
    TableStateKind.ENTERED,
    TableStateKind.CONFIRMED,
)


@dataclass(frozen=True)
class TableState:
    table: int
    table_id: int
    captain_key: str
    seats: tuple[SeatPlace, ...]
    hands: tuple[HandState, ...]

    @property
    def state(self) -> str:
        """The state that most needs attention, over the round's hands."""
        states = {h.state for h in self.hands}
        return next(s for s in _STATE_ORDER if s in states)

    @property
    def complete(self) -> bool:
        return all(h.state == TableStateKind.CONFIRMED for h in self.hands)

    @property
    def current(self) -> HandState | None:
        """The hand the table plays now (``current_hand``)."""
        standing = {h.hand for h in self.hands if h.standing is not None}
        number = current_hand((h.hand for h in self.hands), standing)
        return next((h for h in self.hands if h.hand == number), None)

    @property
    def pending(self) -> HandState | None:
        return next((h for h in self.hands if h.pending is not None), None)

    def side(self, side: str) -> tuple[SeatPlace, SeatPlace]:
        by_seat = {s.seat: s for s in self.seats}
        return (
            (by_seat["N"], by_seat["S"])
            if side == "NS"
            else (by_seat["E"], by_seat["W"])
        )

    @property
    def north_south(self) -> tuple[SeatPlace, SeatPlace]:
        return self.side("NS")

    @property
    def east_west(self) -> tuple[SeatPlace, SeatPlace]:
        return self.side("EW")
