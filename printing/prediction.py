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
- *Player's score card*: a row per game: the table and seat the movement
  gives, the deals the player deals, the others at the table, the game's
  points and the running total; the total, the adjustments and the final
  total on a filled-in card.
- *Table card* (printing.table_cards): the table number and its captain
  link, the deals of a game, and the seat order in plain words.

Seats are the database's positions N, E, S, W and F (the fifth), in the order
of play; sheets number them 1 to 5 (scoring.prediction_rules.seat_number).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from drive import half_time
from drive.trumps import DEALS_PER_GAME, Trump
from scoring import prediction_rules
from scoring.card_plan import DrivePlan, EntryInfo
from scoring.cards import (
    CardRow,
    Columns,
    PlaceKind,
    RowKind,
    ScoreCard,
    closing_rows,
    initials,
)

# (table number, hand) -> the confirmed deal played there.
Deals = Mapping[tuple[int, int], prediction_rules.PredictionDeal]

SEAT_LETTERS: tuple[str, ...] = tuple(
    seat.value for seat in prediction_rules.SEAT_POSITIONS
)
MOST_PLAYERS = max(prediction_rules.PLAYER_COUNTS)


def games_of(plan: DrivePlan) -> int:
    """The games of the evening: a game to a round."""
    return plan.hands // plan.hands_per_round


def table_players(plan: DrivePlan, game: int, table: int) -> tuple[int, ...] | None:
    """The entry numbers at `table` in game `game`, in seat order; None when
    the game is not seated yet, () when the table has no game then."""
    stored = plan.rounds.get(game)
    if stored is None:
        return None
    seats = stored.tables.get(table, {})
    return tuple(seats[letter] for letter in SEAT_LETTERS if letter in seats)


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


def prediction_text(prediction: int | None) -> str:
    return "" if prediction is None else prediction_rules.prediction_words(prediction)


def number_text(value: int | None) -> str:
    return "" if value is None else str(value)


def game_points(plan: DrivePlan, deals: Deals) -> dict[int, dict[int, int]]:
    """Entry number -> game -> the points of its deals played so far."""
    points: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for (table, hand), deal in deals.items():
        game = prediction_rules.game_of_hand(hand)
        players = table_players(plan, game, table) or ()
        if len(players) != deal.players:
            continue  # seats changed after the result: the boards say so
        for number, scored in zip(players, deal.points, strict=True):
            points[number][game] += scored
    return points


def evening_total(points: Mapping[int, int], game: int) -> int:
    """A player's points over the games up to and including `game`."""
    return sum(value for played, value in points.items() if played <= game)


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
        """ "Game 2 of 3 · hands 9–16"."""
        if self.game is None:
            return _("Game ___ of %(games)s") % {"games": self.games}
        first, last = self.deals[0].hand, self.deals[-1].hand
        return _("Game %(game)s of %(games)s · hands %(first)s–%(last)s") % {
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
            number=prediction_rules.deal_in_game(hand),
            dealer=dealer_seat(prediction_rules.deal_in_game(hand), players)
            if players in prediction_rules.PLAYER_COUNTS
            else None,
        )
        for hand in plan.hands_of_round(game)
    )


def game_sheet(
    plan: DrivePlan,
    deals: Deals,
    table: int,
    game: int,
    *,
    slip: bool = False,
    filled: bool = True,
    points: Mapping[int, Mapping[int, int]] | None = None,
) -> GameSheet | None:
    """Table `table`'s sheet (or slip) for game `game`, with its players from
    the movement; filled from `deals` when `filled`. None when the table has
    no game then."""
    seated = table_players(plan, game, table)
    if seated == ():
        return None
    names = plan.names
    points = points if points is not None else game_points(plan, deals)
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
    plan: DrivePlan, deals: Deals, *, slip: bool = False, filled: bool = True
) -> list[GameSheet]:
    """Every table's sheet (or slip) for every game, game by game."""
    points = game_points(plan, deals)
    sheets = []
    for game in range(1, games_of(plan) + 1):
        for table in plan.tables:
            sheet = game_sheet(
                plan, deals, table, game, slip=slip, filled=filled, points=points
            )
            if sheet is not None:
                sheets.append(sheet)
    return sheets


# --- a player's score card: a row per game ---------------------------------------

CARD_COLUMNS: Columns = (
    ("round", gettext_lazy("Game"), 0.08),
    ("hands", gettext_lazy("Hands"), 0.09),
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
class GameRow(CardRow):
    """A game on a player's card: `round` is the game, `hand` and
    `last_hand` its hands, `seat` the seat number, `opponents` the others at
    the table in seat order, `dealt` the deals the player deals, `score` the
    game's points and `running_total` the evening's so far."""

    dealt: tuple[int, ...] = ()

    def texts(self) -> dict[str, str]:
        if self.kind != RowKind.ROUND:
            return super().texts()
        texts = dict.fromkeys(CARD_KEYS, "")
        texts["round"] = str(self.round)
        texts["hands"] = f"{self.hand}–{self.last_hand}"
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


def _half_time_game(plan: DrivePlan) -> int:
    """The game after which a card has its half-time subtotal (0: none): a
    game is a round, and drive.half_time decides it for every format."""
    return half_time.half_time_round(
        hands=plan.hands, hands_per_round=plan.hands_per_round
    )


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


def score_card(
    plan: DrivePlan,
    deals: Deals,
    entry: EntryInfo,
    *,
    filled: bool = False,
    points: Mapping[int, Mapping[int, int]] | None = None,
) -> ScoreCard:
    """One player's card: each game's table and seat, and when `filled` the
    points of each game played."""
    points = points if points is not None else game_points(plan, deals)
    mine = points.get(entry.number, {})
    played_games = {prediction_rules.game_of_hand(hand) for _table, hand in deals}
    half_time = _half_time_game(plan)
    rows: list[CardRow] = []
    running = 0
    for game in range(1, games_of(plan) + 1):
        hands = plan.hands_of_round(game)
        kind, table, index = _place(plan, entry.number, game)
        seat = ""
        mates: tuple[int, ...] = ()
        dealt: tuple[int, ...] = ()
        if kind == PlaceKind.SEATED and table is not None:
            players = table_players(plan, game, table) or ()
            seat = str(prediction_rules.seat_number(index))
            mates = tuple(n for n in players if n != entry.number)
            if len(players) in prediction_rules.PLAYER_COUNTS:
                dealt = deals_dealt(prediction_rules.seat_number(index), len(players))
        score = running_total = None
        mates_initials = ""
        if filled:
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
            )
        )
        if game == half_time:
            rows.append(_half_time_row(game, running if filled else None))
    rows += closing_rows(plan, entry, running, filled=filled, row=GameRow)
    return _card(plan, rows, entry=entry, filled=filled)


def _card(
    plan: DrivePlan,
    rows: list[CardRow],
    *,
    entry: EntryInfo | None = None,
    filled: bool = False,
) -> ScoreCard:
    """A player's card of `rows` (a walk-in's blank card without `entry`):
    a prediction whist player has no group or pair to show."""
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=entry.number if entry is not None else None,
        name=entry.name if entry is not None else "",
        group="",
        shows_group=False,
        rows=tuple(rows),
        filled=filled,
        columns=CARD_COLUMNS,
    )


def _half_time_row(game: int, total: int | None) -> GameRow:
    return GameRow(
        kind=RowKind.SUBTOTAL,
        label=_("Half-time (after game %(game)d)") % {"game": game},
        running_total=total,
    )


def score_cards(
    plan: DrivePlan, deals: Deals, *, filled: bool = False
) -> list[ScoreCard]:
    points = game_points(plan, deals)
    return [
        score_card(plan, deals, entry, filled=filled, points=points)
        for entry in plan.entries
    ]


def blank_card(plan: DrivePlan) -> ScoreCard:
    """A player's card for a walk-in: the games and their hands."""
    rows: list[CardRow] = []
    half_time = _half_time_game(plan)
    for game in range(1, games_of(plan) + 1):
        hands = plan.hands_of_round(game)
        rows.append(
            GameRow(kind=RowKind.ROUND, hand=hands[0], last_hand=hands[-1], round=game)
        )
        if game == half_time:
            rows.append(_half_time_row(game, None))
    rows.append(GameRow(kind=RowKind.TOTAL, label=_("Total")))
    return _card(plan, rows)


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
    "Deals",
    "DealHeading",
    "EntryInfo",
    "GameSheet",
    "SheetPlayer",
    "blank_card",
    "game_sheet",
    "game_sheets",
    "rules_lines",
    "score_card",
    "score_cards",
]
