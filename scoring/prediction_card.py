"""A prediction whist (Wist) player's card, as plain values: no ORM, no drawing.

A prediction drive plays a game of 8 deals to a round (scoring.prediction_rules),
each player for themselves at tables of four or five, the movement fixed
before play. The player's card has a row per game: the table and seat the
movement gives, the deals the player deals, the others at the table, the
game's points and the running total; the half-time subtotal after its game
(drive.half_time); then the total, and on a filled-in card the adjustments
and the final total (scoring.card_rows.closing_rows). A filled-in card's game
rows also carry each of the game's deals (`GameRow.deals`) for a reader that
shows them one by one: the results page.

The printed card (printing), the results page (prizes) and the e-mailed card
are all made from this card, chosen by the plan's game (scoring.cards.CARDS);
the score sheets and travel slips (printing.prediction) read the same seats
and points from here.

Seats are the database's positions N, E, S, W and F (the fifth), in the order
of play; cards number them 1 to 5 (scoring.prediction_rules.seat_number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from drive import half_time
from drive.trumps import DEALS_PER_GAME
from players.score_text import score_text
from scoring import prediction_rules
from scoring.card_plan import DrivePlan, EntryInfo
from scoring.card_rows import (
    CardRow,
    Columns,
    PlaceKind,
    RowKind,
    closing_rows,
    initials,
)
from scoring.rubber import RubberSettings

SEAT_LETTERS: tuple[str, ...] = tuple(
    seat.value for seat in prediction_rules.SEAT_POSITIONS
)
MOST_PLAYERS = max(prediction_rules.PLAYER_COUNTS)


def games_of(plan: DrivePlan) -> int:
    """The games of the evening: a game to a round."""
    return plan.hands // plan.hands_per_round


def dealer_seat(deal_number: int, players: int) -> int:
    """The seat number (1 to 5) dealing deal `deal_number` of a game."""
    return prediction_rules.seat_number(prediction_rules.dealer(deal_number, players))


def deals_dealt(seat: int, players: int) -> tuple[int, ...]:
    """The deals of a game seat number `seat` deals: seat 1 deals the first."""
    return tuple(
        number
        for number in range(1, DEALS_PER_GAME + 1)
        if dealer_seat(number, players) == seat
    )


def number_text(value: int | None) -> str:
    """A figure as the card prints it: "−5" with the true minus (players.score_text)."""
    return score_text(value)


def evening_total(points: Mapping[int, int], game: int) -> int:
    """A player's points over the games up to and including `game`."""
    return sum(value for played, value in points.items() if played <= game)


CARD_COLUMNS: Columns = (
    ("round", pgettext_lazy("prediction whist", "Game"), 0.08),
    # The game's deals ("1–8"): Italian says smazzate for prediction whist's
    # deals, mani for a drive's hands (locale/GLOSSARY.md).
    ("hands", pgettext_lazy("prediction card column: a game's deals", "Deals"), 0.09),
    ("table", gettext_lazy("Table"), 0.08),
    ("seat", gettext_lazy("Seat"), 0.07),
    ("deals", gettext_lazy("You deal"), 0.10),
    ("opponents", gettext_lazy("At the table"), 0.17),
    ("score", gettext_lazy("Game points"), 0.12),
    ("total", gettext_lazy("Total"), 0.10),
    ("initials", gettext_lazy("Initials"), 0.19),
)
CARD_KEYS = tuple(key for key, _title, _share in CARD_COLUMNS)


@dataclass(frozen=True)
class DealLine:
    """One deal of a game on a filled-in card: the drive's hand, the deal's
    number in its game, where the player was (`place`: seated, sits out,
    absent, or not played yet), and when played the table, the seat number,
    the player's place in the predicting (1 first), prediction, tricks and
    points, and the running total after it."""

    hand: int
    number: int
    place: str
    table: int | None = None
    seat: int | None = None
    order: int | None = None
    prediction: int | None = None
    tricks: int | None = None
    points: int | None = None
    running_total: int | None = None

    @property
    def kind(self) -> prediction_rules.DealKind:
        return prediction_rules.deal_kind(self.number)


@dataclass(frozen=True)
class GameRow(CardRow):
    """A game on a player's card: `round` is the game, `hand` and
    `last_hand` its hands, `seat` the seat number, `opponents` the others at
    the table in seat order, `dealt` the deals the player deals, `score` the
    game's points and `running_total` the evening's so far; on a filled-in
    card, `deals` each of the game's deals."""

    dealt: tuple[int, ...] = ()
    deals: tuple[DealLine, ...] = ()

    def texts(self) -> dict[str, str]:
        if self.kind != RowKind.ROUND:
            return super().texts()
        texts = dict.fromkeys(CARD_KEYS, "")
        texts["round"] = str(self.round)
        # The game's deals numbered in the game ("1–8"), as the sheets, the
        # phones and the room number them; the drive's running hands are not.
        texts["hands"] = f"1–{self.last_hand - self.hand + 1}"
        if self.place == PlaceKind.SEATED:
            texts["table"] = str(self.table)
            texts["seat"] = self.seat
            texts["deals"] = ", ".join(str(n) for n in self.dealt)
            texts["opponents"] = " ".join(str(n) for n in self.opponents)
        elif self.place == PlaceKind.SITS_OUT:
            texts["table"] = _("sits out")
        elif self.place == PlaceKind.ABSENT:
            texts["table"] = "–"
        texts["score"] = number_text(self.score)
        texts["total"] = number_text(self.running_total)
        texts["initials"] = self.opponents_initials
        return texts


def _place(plan: DrivePlan, number: int, game: int) -> tuple[str, int | None, int]:
    """(place kind, table, seat index) of an entry in a game."""
    stored = plan.rounds.get(game)
    if stored is None:
        return PlaceKind.UNKNOWN, None, 0
    if number in stored.sit_outs:
        return PlaceKind.SITS_OUT, None, 0
    found = stored.place_of(number)
    if found is None:
        return PlaceKind.ABSENT, None, 0
    table, letter = found
    return PlaceKind.SEATED, table, SEAT_LETTERS.index(letter)


def _deal_lines(
    plan: DrivePlan,
    game: int,
    place: str,
    table: int | None,
    index: int,
    players: tuple[int, ...],
    running: int,
) -> tuple[DealLine, ...]:
    """Each deal of game `game` for the player in seat `index` of `table`,
    with the running total from `running` before the game."""
    lines = []
    for hand in plan.hands_of_round(game):
        number = plan.number_in_round(hand)
        deal = (
            plan.predictions.get((table, hand)) if place == PlaceKind.SEATED else None
        )
        if deal is None or deal.players != len(players):
            shown = PlaceKind.UNKNOWN if place == PlaceKind.SEATED else place
            lines.append(DealLine(hand=hand, number=number, place=shown))
            continue
        points = deal.points[index]
        running += points
        lines.append(
            DealLine(
                hand=hand,
                number=number,
                place=PlaceKind.SEATED,
                table=table,
                seat=prediction_rules.seat_number(index),
                order=deal.seat_order(index),
                prediction=deal.predictions[index],
                tricks=deal.tricks[index],
                points=points,
                running_total=running,
            )
        )
    return tuple(lines)


def _half_time_row(game: int, total: int | None) -> GameRow:
    return GameRow(
        kind=RowKind.SUBTOTAL,
        label=_("Half-time (after game %(game)d)") % {"game": game},
        running_total=total,
    )


class PredictionCard:
    """The card of prediction whist: a row per game, the half-time subtotal
    after its game (drive.half_time decides it, a game being a round)."""

    def columns(self, plan: DrivePlan) -> Columns:
        return CARD_COLUMNS

    def rows_per_round(self, plan: DrivePlan) -> int:
        """A game is a round and takes one row."""
        return 1

    def scoring_rows(self, plan: DrivePlan) -> int:
        return games_of(plan)

    def rubber_rules(self, drive: object) -> tuple[RubberSettings | None, str]:
        """(the rules its rubbers are played by, the preset's key): no rubbers."""
        return None, ""

    def _half_time_game(self, plan: DrivePlan) -> int:
        return half_time.half_time_round(
            hands=plan.hands, hands_per_round=plan.hands_per_round
        )

    def rows(
        self,
        plan: DrivePlan,
        entry: EntryInfo,
        *,
        filled: bool,
    ) -> list[CardRow]:
        """One player's rows: each game's table and seat, and when `filled`
        the points of each game played and its deals."""
        mine = plan.game_points.get(entry.number, {})
        played_games = {plan.round_of_hand(hand) for _t, hand in plan.predictions}
        half_time_game = self._half_time_game(plan)
        rows: list[CardRow] = []
        running = 0
        for game in range(1, games_of(plan) + 1):
            hands = plan.hands_of_round(game)
            kind, table, index = _place(plan, entry.number, game)
            seat = ""
            players: tuple[int, ...] = ()
            mates: tuple[int, ...] = ()
            dealt: tuple[int, ...] = ()
            if kind == PlaceKind.SEATED and table is not None:
                players = plan.seated(game, table) or ()
                seat = str(prediction_rules.seat_number(index))
                mates = tuple(n for n in players if n != entry.number)
                if len(players) in prediction_rules.PLAYER_COUNTS:
                    dealt = deals_dealt(
                        prediction_rules.seat_number(index), len(players)
                    )
            score = running_total = None
            mates_initials = ""
            deals: tuple[DealLine, ...] = ()
            if filled:
                deals = _deal_lines(plan, game, kind, table, index, players, running)
                if game in mine:
                    score = mine[game]
                    running += score
                    mates_initials = " ".join(
                        initials(plan.names.get(n, "")) for n in mates
                    )
                if game in played_games:
                    running_total = running
            rows.append(
                GameRow(
                    kind=RowKind.ROUND,
                    hand=hands[0],
                    last_hand=hands[-1],
                    round=game,
                    place=kind,
                    table=table,
                    seat=seat,
                    opponents=mates,
                    opponents_initials=mates_initials,
                    score=score,
                    running_total=running_total,
                    dealt=dealt,
                    deals=deals,
                )
            )
            if game == half_time_game:
                rows.append(_half_time_row(game, running if filled else None))
        return rows + closing_rows(plan, entry, running, filled=filled, row=GameRow)

    def blank_rows(self, plan: DrivePlan) -> list[CardRow]:
        """A walk-in's rows: the games and their hands."""
        rows: list[CardRow] = []
        half_time_game = self._half_time_game(plan)
        for game in range(1, games_of(plan) + 1):
            hands = plan.hands_of_round(game)
            rows.append(
                GameRow(
                    kind=RowKind.ROUND, hand=hands[0], last_hand=hands[-1], round=game
                )
            )
            if game == half_time_game:
                rows.append(_half_time_row(game, None))
        rows.append(GameRow(kind=RowKind.TOTAL, label=_("Total")))
        return rows
