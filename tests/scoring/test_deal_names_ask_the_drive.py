"""Every page that names a prediction deal by its game asks the drive
(Drive.hand_named), the one place that knows how many deals a game has:
the phone's answers, the room's, the grids' forms and rows and the room's
tables. A drive of games of 4 deals (not one a
club can make: the database holds prediction whist to 8) shows that none
counts the deals itself. Plain values: no database."""

from __future__ import annotations

from drive.models import Drive, Table
from drive.movement.types import Game
from drive.trumps import Trump
from scoring import prediction_rules, prediction_words
from scoring.deal_games import GAMES
from scoring.forms import PredictionDealForm, PredictionPlace
from scoring.models import HandResult, ResultStatus
from scoring.table_games import TABLES
from scoring.table_state import HandState, SeatPlace, TableState
from scoring.views.phone_games import PHONES
from scoring.views.prediction_sheet import PredictionColumn, PredictionRow
from scoring.views.room_games import ROOMS

# Hand 6 of games of 4 deals: deal 2 of game 2 (of games of 8, deal 6 of game 1).
HAND = 6


def small_games() -> Drive:
    return Drive(format="prediction", hands=8, hands_per_round=4)


def result(status: str = ResultStatus.PENDING) -> HandResult:
    return HandResult(
        hand=HAND,
        ns_tricks=0,
        predictions="3,4,3,2",
        tricks="3,5,3,2",
        status=status,
        source="organiser",
    )


def test_the_phone_and_the_room_name_the_deal_as_the_drive_does():
    drive = small_games()
    said = GAMES[Game.PREDICTIONS].entered(drive, result(), pending=True)
    assert said.startswith("Deal 2 of game 2: ")
    recorded = PHONES[Game.PREDICTIONS].recorded(
        Table(drive=drive, number=1), result(ResultStatus.CONFIRMED), HAND
    )
    assert recorded.startswith("Deal 2 of game 2 was recorded by the organiser")
    kind = prediction_rules.deal_kind(2).label
    assert prediction_words.deal_name(drive, HAND) == f"deal 2 of game 2 ({kind})"
    settled = ROOMS[Game.PREDICTIONS].settled(drive, 3, HAND, "predictions 3")
    assert settled == f"Table 3, deal 2 of game 2 ({kind}): predictions 3 stands."


def test_the_grids_form_and_rows_number_the_deal_as_the_drive_does():
    drive = small_games()
    places = [PredictionPlace(seat, seat + 1, f"P{seat}") for seat in range(4)]
    form = PredictionDealForm(drive=drive, hand=HAND, table=3, places=places)
    assert form.number == 2
    assert form.kind == prediction_rules.deal_kind(2)
    label = form.fields["k0"].widget.attrs["aria-label"]
    assert label.startswith("Table 3, deal 2 of game 2, seat 1")
    assert PredictionColumn(HAND, form, None).number == 2
    row = PredictionRow(None, HAND, None, drive.hand_named(HAND))
    assert (row.game, row.number) == (2, 2)


def test_the_rooms_table_numbers_its_deals_as_the_drive_does():
    seats = tuple(SeatPlace(seat, n, f"P{n}", True) for n, seat in enumerate("NESW"))
    hands = tuple(HandState(hand, Trump.CLUBS, ()) for hand in (5, 6))
    state = TableState(1, 1, "key", seats, hands)
    game = TABLES[Game.PREDICTIONS].prediction_game(small_games(), state)
    assert [deal.number for deal in game.deals] == [1, 2]
    assert [deal.kind for deal in game.deals] == [
        prediction_rules.deal_kind(1),
        prediction_rules.deal_kind(2),
    ]
