"""A prediction whist game's score sheet or travel slip made by hand, for the
tests of how its headings and notes are set: no database, the game's deals
dealt in turn (scoring.prediction_card.dealer_seat)."""

from __future__ import annotations

from collections.abc import Callable

from printing import prediction
from printing.prediction import DealHeading, GameSheet, SheetPlayer
from scoring.prediction_card import dealer_seat


def wist_sheet(
    players: int, slip: bool, table: int, name: Callable[[int], str]
) -> GameSheet:
    """Game 2 of 3 at `table` for `players` players, `name(seat)` in each
    seat: its slip (`slip`) or its score sheet, with the notes each prints."""
    return GameSheet(
        club="Riverside",
        drive="Wist night",
        date="27.11.2026",
        table=table,
        game=2,
        games=3,
        deals=tuple(
            DealHeading(hand=8 + deal, number=deal, dealer=dealer_seat(deal, players))
            for deal in range(1, 9)
        ),
        players=tuple(
            SheetPlayer(seat=seat, number=table * 5 + seat, name=name(seat))
            for seat in range(1, players + 1)
        ),
        slip=slip,
        notes=prediction.slip_notes() if slip else prediction.grid_notes(),
    )
