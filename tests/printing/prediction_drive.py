"""A prediction whist drive for the printing tests: started, optionally with a
table of five seated by hand, and played through the scoring service with
random legal deals, keeping what was entered so the tests can check the
sheets against the rules (scoring.prediction_rules) on their own."""

from __future__ import annotations

import random
from dataclasses import dataclass

from drive.models import Drive, DriveState, SeatAssignment
from scoring import prediction_rules
from scoring.services import ResultEntry, hand_results_submit
from tests.factories import legal_deal

SEAT_LETTERS = tuple(seat.value for seat in prediction_rules.SEAT_POSITIONS)


def seats_of(drive: Drive, game: int) -> dict[int, tuple[int, ...]]:
    """Table number -> the entry numbers at it in game `game`, in seat order."""
    at: dict[int, dict[str, int]] = {}
    for table, position, number in SeatAssignment.objects.filter(
        round__drive=drive, round__number=game, table__isnull=False
    ).values_list("table__number", "position", "entry__number"):
        at.setdefault(table, {})[position] = number
    return {
        table: tuple(seats[s] for s in SEAT_LETTERS if s in seats)
        for table, seats in at.items()
    }


@dataclass(frozen=True)
class Entered:
    """A deal as the test entered it, with the entry numbers in seat order."""

    table: int
    hand: int
    numbers: tuple[int, ...]
    predictions: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.numbers)


def play_predictions(drive: Drive, seed: int = 7) -> list[Entered]:
    """Play every game left through hand_results_submit; what was entered."""
    rng = random.Random(seed)
    entered: list[Entered] = []
    while drive.state == DriveState.IN_PLAY:
        game = drive.current_round
        batch = []
        for table, numbers in sorted(seats_of(drive, game).items()):
            for hand in drive.hands_of_round(game):
                predictions, tricks = legal_deal(hand, len(numbers), rng)
                entered.append(Entered(table, hand, numbers, predictions, tricks))
                batch.append(
                    ResultEntry(
                        table=table, hand=hand, predictions=predictions, tricks=tricks
                    )
                )
        hand_results_submit(drive=drive, entries=batch, by=None)
        drive.refresh_from_db()
    return entered


def expected_rows(entered: list[Entered]) -> list[tuple]:
    """The Predictions sheet's rows as the rules make them, worked out here
    from what was entered: Game, Deal, Kind, Table, No., Seat order,
    Prediction, Tricks, Points."""
    rows = []
    for deal in entered:
        number = (deal.hand - 1) % 8 + 1
        dealer = (number - 1) % deal.players  # seat 0 deals the first deal
        for place in range(1, deal.players + 1):
            seat = (dealer + place) % deal.players  # the dealer's next seat first
            rows.append(
                (
                    (deal.hand - 1) // 8 + 1,
                    number,
                    prediction_rules.KIND_NAMES[number - 1],
                    deal.table,
                    deal.numbers[seat],
                    place,
                    deal.predictions[seat],
                    deal.tricks[seat],
                    points(deal.predictions[seat], deal.tricks[seat], deal.players),
                )
            )
    return rows


def points(prediction: int, tricks: int, players: int) -> int:
    """The text's scoring, written out again for the tests."""
    if prediction == 0:
        return (25 if players == 4 else 20) if tricks == 0 else -5 * tricks
    return tricks + (10 if tricks == prediction else 0)


def totals(entered: list[Entered]) -> dict[int, int]:
    """Entry number -> points over the evening."""
    out: dict[int, int] = {}
    for row in expected_rows(entered):
        out[row[4]] = out.get(row[4], 0) + row[8]
    return out
