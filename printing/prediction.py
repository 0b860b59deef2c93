"""What a prediction whist (Wist) drive's printed sheets say, as plain values:
no ORM, no drawing (printing.prediction_pdf draws them).

A prediction drive plays a game of 8 deals to a round (scoring.prediction_rules), each
player for themselves at tables of four or five, the movement fixed before
play. Its paper is:

- *Score sheet* (the traditional Wist grid): one table's game. The players of
  the table down the side in seat order (seat 1 to 5, the order of play),
  a column per deal headed with its kind, its trumps and its dealer, each cell
  split: the prediction above, the points below; then the game's total and
  each player's evening total after the game. Printed before play with the
  names the movement gives (blank when the round is not seated yet), and
  filled after play from the confirmed results.
- *Travel slip*: the same table and game as the paper record of play: each
  player's entry number, and under each deal a prediction column (P) and a
  tricks column (T) to fill in, the game's points, a box for initials, and a
  row adding up each deal's tricks (13, or 10 at a table of five).
- *Player's score card*: a row per game (scoring.prediction_card, the card
  every reader shares; printing.pdf draws it).
- *Table card* (printing.table_cards): the table number and its captain
  link, the deals of a game, and the seat order in plain words.

Seats are the database's positions N, E, S, W and F (the fifth), in the order
of play; sheets number them 1 to 5 (scoring.prediction_rules.seat_number).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from drive.trumps import DEALS_PER_GAME, Trump
from scoring import prediction_rules
from scoring.card_plan import DrivePlan
from scoring.prediction_card import (
    MOST_PLAYERS,
    dealer_seat,
    evening_total,
    games_of,
    number_text,
)


def prediction_text(prediction: int | None) -> str:
    return "" if prediction is None else prediction_rules.prediction_words(prediction)


# --- the score sheet (Wist grid) and the travel slip ------------------------------


@dataclass(frozen=True)
class DealHeading:
    """A deal's column: the drive's hand, the deal's number in its game, and
    the seat number dealing it (None while the table's size is not known)."""

    hand: int
    number: int
    dealer: int | None = None

    @property
    def kind(self) -> prediction_rules.DealKind:
        return prediction_rules.deal_kind(self.number)

    @property
    def trumps(self) -> Trump:
        return self.kind.trumps

    def lines(self) -> tuple[str, str, str]:
        """ "1 Hearts", "♥ trumps" (or "No trumps"), "dealer: seat 1"."""
        kind = self.kind
        if kind.trumps is Trump.NO_TRUMPS:
            trumps = _("No trumps")
        else:
            trumps = _("%(suit)s trumps") % {"suit": kind.trumps.symbol}
        dealer = (
            _("dealer: seat %(seat)s") % {"seat": self.dealer}
            if self.dealer is not None
            else ""
        )
        return f"{self.number} {kind.label}", trumps, dealer


@dataclass(frozen=True)
class SheetPlayer:
    """A player's line on a score sheet or slip: seat number, entry number and
    name (None and "" when not known), and for each deal the prediction and
    the second figure (the points on a score sheet, the tricks on a slip),
    None where the deal is not played yet."""

    seat: int
    number: int | None = None
    name: str = ""
    predictions: tuple[int | None, ...] = (None,) * DEALS_PER_GAME
    seconds: tuple[int | None, ...] = (None,) * DEALS_PER_GAME
    game_total: int | None = None
    evening_total: int | None = None

    def prediction_texts(self) -> tuple[str, ...]:
        return tuple(prediction_text(p) for p in self.predictions)

    def second_texts(self) -> tuple[str, ...]:
        return tuple(number_text(value) for value in self.seconds)


def rule_numbers() -> dict[str, int]:
    """The numbers the printed rules give, from scoring.prediction_rules: the tricks (and
    cards each) at a table of four and of five, the bonus for a prediction
    made, Wist made at four and five, and Wist failed's loss a trick."""
    return {
        "four": prediction_rules.cards_per_player(4),
        "five": prediction_rules.cards_per_player(5),
        "bonus": prediction_rules.MADE_BONUS,
        "wist_four": prediction_rules.wist_made_points(4),
        "wist_five": prediction_rules.wist_made_points(5),
        "failed": prediction_rules.WIST_FAILED_PER_TRICK,
    }


def points_words() -> str:
    """How a deal scores, in a sentence."""
    return (
        _(
            "Points: the tricks taken, and %(bonus)d more for a prediction made "
            "exactly. Wist made scores %(wist_four)d (%(wist_five)d at a table "
            "of five); Wist failed loses %(failed)d for each trick taken."
        )
        % rule_numbers()
    )


def grid_notes() -> tuple[str, ...]:
    return (
        _(
            "In each deal's box: the prediction above, the points below. Seat 1 "
            "deals the first deal; the deal moves one seat on each deal, and the "
            "player after the dealer predicts first."
        ),
        points_words(),
    )


def slip_notes() -> tuple[str, ...]:
    return (
        _(
            "P: each player's prediction, in turn from the player after the "
            "dealer (Blind: before looking at the cards; Tickets: written down and "
            "opened after the deal; Wist: everyone Wist). T: the tricks taken."
        ),
        _(
            "The tricks add up to %(four)d, or %(five)d at a table of five (the 2 "
            "of clubs and the 2 of spades out). The dealer may not bring the "
            "predictions to that total, except on Tickets and Wist."
        )
        % rule_numbers(),
    )


@dataclass(frozen=True)
class GameSheet:
    """One table's game: a score sheet (the Wist grid) or, when `slip`, the
    table's travel slip for the game. `table` and `game` are None on a blank
    sheet for a table formed on the night."""

    club: str
    drive: str
    date: str
    table: int | None
    game: int | None
    games: int
    deals: tuple[DealHeading, ...]
    players: tuple[SheetPlayer, ...]
    slip: bool = False
    filled: bool = False
    notes: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return _("Travel slip") if self.slip else _("Score sheet")

    @property
    def game_text(self) -> str:
        """ "Game 2 of 3 · deals 1–8": a game's deals numbered in the game,
        as its columns, the phones and the room number them."""
        if self.game is None:
            return _("Game ___ of %(games)s") % {"games": self.games}
        first, last = self.deals[0].number, self.deals[-1].number
        return _("Game %(game)s of %(games)s · deals %(first)s–%(last)s") % {
            "game": self.game,
            "games": self.games,
            "first": first,
            "last": last,
        }

    def tricks_totals(self) -> tuple[str, ...]:
        """A slip's check row: each deal's tricks added up, where played."""
        totals = []
        for index in range(len(self.deals)):
            taken = [p.seconds[index] for p in self.players]
            known = [t for t in taken if t is not None]
            totals.append(str(sum(known)) if known else "")
        return tuple(totals)


def _headings(
    plan: DrivePlan, game: int, players: int | None
) -> tuple[DealHeading, ...]:
    return tuple(
        DealHeading(
            hand=hand,
            number=plan.number_in_round(hand),
            dealer=dealer_seat(plan.number_in_round(hand), players)
            if players in prediction_rules.PLAYER_COUNTS
            else None,
        )
        for hand in plan.hands_of_round(game)
    )


def game_sheet(
    plan: DrivePlan, table: int, game: int, *, slip: bool = False, filled: bool = True
) -> GameSheet | None:
    """Table `table`'s sheet (or slip) for game `game`, with its players from
    the movement; filled from the plan's confirmed deals when `filled`. None
    when the table has no game then."""
    seated = plan.seated(game, table)
    if seated == ():
        return None
    names = plan.names
    deals = plan.predictions
    points = plan.game_points
    count = len(seated) if seated else None
    rows = []
    for index in range(count or MOST_PLAYERS):
        number = seated[index] if seated else None
        predictions: list[int | None] = []
        seconds: list[int | None] = []
        for hand in plan.hands_of_round(game):
            deal = deals.get((table, hand)) if filled else None
            if deal is None or deal.players != count:
                predictions.append(None)
                seconds.append(None)
                continue
            predictions.append(deal.predictions[index])
            seconds.append(deal.tricks[index] if slip else deal.points[index])
        played = any(p is not None for p in predictions)
        game_total = evening = None
        if played and number is not None:
            game_total = points.get(number, {}).get(game, 0)
            evening = evening_total(points.get(number, {}), game)
        rows.append(
            SheetPlayer(
                seat=prediction_rules.seat_number(index),
                number=number,
                name=names.get(number, "") if number is not None else "",
                predictions=tuple(predictions),
                seconds=tuple(seconds),
                game_total=game_total,
                evening_total=evening,
            )
        )
    return GameSheet(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        game=game,
        games=games_of(plan),
        deals=_headings(plan, game, count),
        players=tuple(rows),
        slip=slip,
        filled=filled,
        notes=slip_notes() if slip else grid_notes(),
    )


def game_sheets(
    plan: DrivePlan, *, slip: bool = False, filled: bool = True
) -> list[GameSheet]:
    """Every table's sheet (or slip) for every game, game by game."""
    sheets = []
    for game in range(1, games_of(plan) + 1):
        for table in plan.tables:
            sheet = game_sheet(plan, table, game, slip=slip, filled=filled)
            if sheet is not None:
                sheets.append(sheet)
    return sheets


# --- the rules, in words (the results sheet and the workbook) ----------------------


def rules_lines() -> list[tuple[str, str]]:
    """(term, words) for each rule a prediction drive is scored by."""
    return [
        (
            pgettext("prediction whist", "Game"),
            _(
                "8 deals: Hearts, Diamonds, Clubs and Spades trumps, then Free, "
                "Blind, Tickets and Wist without trumps"
            ),
        ),
        (
            _("Points"),
            _(
                "the tricks taken, and %(bonus)d more for a prediction made "
                "exactly; Wist made scores %(wist_four)d (%(wist_five)d at a "
                "table of five), Wist failed loses %(failed)d for each trick taken"
            )
            % rule_numbers(),
        ),
        (
            _("Evening score"),
            _("each player's points over the deals they played"),
        ),
    ]


__all__ = [
    "DealHeading",
    "GameSheet",
    "SheetPlayer",
    "game_sheet",
    "game_sheets",
    "rules_lines",
]
