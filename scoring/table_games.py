"""A table's round in each game, as the room and its captain's phone show it.

- *Hands*: the round is its hands, each with its result (scoring.table_state);
  seats are named North, East, South and West.
- *Rubbers*: the round so far as rubbers (scoring.table_rubbers): the game
  and the rubber in progress, the games won and what the rubbers are worth,
  from the hands with a confirmed result, in order.
- *Prediction deals*: the round is a game of 8 deals; each seat is named by
  its number in the order of play and has its points over the deals
  confirmed so far.

One class per game, chosen by the drive's game (`TABLES[drive.game]`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from players.score_text import score_text
from scoring import prediction_rules, rubber
from scoring.models import HandResult
from scoring.services import deal_of
from scoring.table_rubbers import TableRubbers, table_rubbers
from scoring.table_state import HandState, SeatPlace, TableState


@dataclass(frozen=True)
class PredictionDeal:
    """One deal of a prediction whist table's game, as the room shows it: its
    number in its game (1 to 8, Drive.hand_named), its kind and, once a
    result stands (confirmed, or waiting for an opponent), the deal it
    records."""

    hand: HandState
    number: int
    kind: prediction_rules.DealKind
    deal: prediction_rules.PredictionDeal | None

    @property
    def points_words(self) -> str:
        """Each seat's points, in seat order: "points 3, 12, 25, 8"."""
        if self.deal is None:
            return ""
        return _("points %(points)s") % {
            "points": ", ".join(score_text(p) for p in self.deal.points)
        }


@dataclass(frozen=True)
class PredictionGame:
    """A prediction whist table's game (its round): each deal, and each
    seat's points over the deals confirmed so far."""

    game: int
    seats: tuple[SeatPlace, ...]
    deals: tuple[PredictionDeal, ...]
    totals: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def standings(self) -> list[tuple[SeatPlace, int]]:
        """Each seat with its points so far, in seat order."""
        return list(zip(self.seats, self.totals, strict=True))

    @property
    def confirmed(self) -> int:
        """How many of the game's deals are confirmed."""
        return sum(1 for d in self.deals if d.hand.confirmed is not None)


def result_deal(
    hand: int, result: HandResult | None
) -> prediction_rules.PredictionDeal | None:
    """The prediction whist deal a result records (None for no result, or a
    result of another format)."""
    if result is None or not result.predictions:
        return None
    try:
        return prediction_rules.recorded_deal(hand, result.predictions, result.tricks)
    except (TypeError, ValueError):
        # Every result is checked as it is written; one that is not a deal
        # of the game shows as its words alone rather than stopping the page.
        return None


class HandsTable:
    """A table playing hands, each scored on its own."""

    # Whether its seats are named by their number in the order of play.
    numbered = False

    def rubber_score(self, drive: Drive, state: TableState) -> TableRubbers | None:
        """The round so far as rubbers: None, the hands are not rubbers."""
        return None

    def prediction_game(self, drive: Drive, state: TableState) -> PredictionGame | None:
        """The round as a prediction whist game: None in this game."""
        return None


class RubberTable(HandsTable):
    """A table playing rubbers."""

    def rubber_score(self, drive: Drive, state: TableState) -> TableRubbers:
        """The table's rubbers from its confirmed results of the round: the
        hands the boards count (scoring.game_scores.side_scores), so a hand
        missing in the middle is passed over by both alike."""
        results = {
            (state.table, h.hand): deal_of(h.confirmed)
            for h in state.hands
            if h.confirmed is not None
        }
        played = table_rubbers(
            results,
            round_of_hand=drive.round_of_hand,
            settings=rubber.settings_of(drive),
        )
        if played:
            return played[0]
        first = state.hands[0].hand if state.hands else 1
        return TableRubbers(state.table, drive.round_of_hand(first), (), ())


class PredictionTable(HandsTable):
    """A prediction whist table: each for themselves, seats by number."""

    numbered = True

    def prediction_game(self, drive: Drive, state: TableState) -> PredictionGame:
        """Each deal's predictions, tricks and points, and the seats' points
        over the confirmed deals."""
        numbers = {h.hand: drive.hand_named(h.hand)["number"] for h in state.hands}
        deals = tuple(
            PredictionDeal(
                h,
                numbers[h.hand],
                prediction_rules.deal_kind(numbers[h.hand]),
                result_deal(h.hand, h.standing),
            )
            for h in state.hands
        )
        totals = [0] * len(state.seats)
        for item in deals:
            # A deal counts for the seats it was played by (a table's seats and
            # its results agree unless the seating was changed after the deal).
            confirmed = item.hand.confirmed is not None and item.deal is not None
            if confirmed and item.deal.players == len(totals):
                for seat, points in enumerate(item.deal.points):
                    totals[seat] += points
        game = drive.round_of_hand(state.hands[0].hand) if state.hands else 0
        return PredictionGame(game, state.seats, deals, tuple(totals))


TABLES = per_game(
    "scoring.table_games",
    {
        Game.HANDS: HandsTable(),
        Game.RUBBERS: RubberTable(),
        Game.PREDICTIONS: PredictionTable(),
    },
)
