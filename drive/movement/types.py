"""The words of a movement, as plain values.

A *seating* says, for one round, who sits where: tables numbered 1..T, each
with four seats (N, E, S, W), and the players who sit out (the byes). Players
are plain integers (the drive's entry ids); groups are A (sits North and East)
and B (sits South and West), so every partnership is one A and one B.
N-S play E-W; the *winners* of a round at a table are a side, NS or EW.

The *formats* and what each is are defined here once (``FORMATS``); the
drive's model, the forms, the engine, the plain-words rules and the printed
sheets all take them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from drive.format_words import GameWords, PartnerWords, RoundWords, RubberWords


class Seat(str, Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    # Prediction whist's table of five: the fifth seat in the order of play
    # (N, E, S, W, then F). Never in SEATS: the four partnership seats.
    FIFTH = "F"


SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Side(str, Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Group(str, Enum):
    A = "A"
    B = "B"


# Group A sits North and East, group B sits South and West.
SEAT_GROUP: dict[Seat, Group] = {
    Seat.NORTH: Group.A,
    Seat.EAST: Group.A,
    Seat.SOUTH: Group.B,
    Seat.WEST: Group.B,
}
SEAT_SIDE: dict[Seat, Side] = {
    Seat.NORTH: Side.NS,
    Seat.SOUTH: Side.NS,
    Seat.EAST: Side.EW,
    Seat.WEST: Side.EW,
}


class Format(str, Enum):
    PROGRESSIVE = "progressive"
    SEMI_PARTNER = "semi-partner"
    STATIONARY = "stationary"
    PARTNERS = "partners"
    INDIVIDUAL = "individual"
    RUBBER = "rubber"
    PREDICTION = "prediction"


class Game(str, Enum):
    """What a table plays in a round, which decides how it is scored.

    Each app that scores, shows or prints a game keeps one class per game
    and picks it from a dict by this value: nobody branches on the format."""

    # Hands scored by odd tricks (scoring.rules): every format that moves
    # players between hands or rounds.
    HANDS = "hands"
    # Rubbers at each table (scoring.rubber): a rubber round's score is more
    # than a sum of hands.
    RUBBERS = "rubbers"
    # Prediction whist (Wist, scoring.prediction_rules): each for themselves at tables of
    # four or five; a round is a game of 8 deals.
    PREDICTIONS = "predictions"


@dataclass(frozen=True)
class FormatInfo:
    """What one format is."""

    # How the set-up form offers it, and how a sentence names it (translated
    # when read). The name stands alone in a sentence, after a colon or in
    # brackets ("Riverside drive: Progressive, losers move.", "(Rubber
    # whist)"), so it has its own context ("a format's name inside a
    # sentence"): a noun phrase no label has to agree with, in lower case
    # where the language writes it so (Russian «прогрессивный турнир», after
    # the label «Формат»); a sentence it starts is capitalised where it is
    # made (drive.movement.describe.format_rule).
    choice: str
    name: str
    # Fixed: the whole movement is planned before play (so cards can be printed
    # with every table); otherwise each round's results decide the next moves.
    fixed: bool
    # Grouped: two groups, each in its own seats (A North and East, B South and West).
    grouped: bool
    # Pairs: partners registered together who play together all evening.
    pairs: bool = False
    # What a table plays in a round (``Game``).
    game: Game = Game.HANDS
    # Card check: the organiser's check of a player's paper card against the
    # scores (scoring.card_check) reads the card scoring.cards makes, a row
    # per hand or per round of rubbers; not prediction whist's card, a row
    # per game, made by printing.
    card_check: bool = True
    # Desk slips: a table's travel slip is typed at the desk as the N-S tricks
    # of each hand of the round (scoring.paper_slips). A rubber round's hands
    # (as many as the table played before the bell) and a prediction deal's
    # numbers for every seat go in the score grid instead.
    desk_slips: bool = True
    # Tables free: a table's number says nothing from one round to the next
    # (everyone moves every round), so each round's tables may be numbered
    # afresh, as the staying players (``stays``) need, at no cost.
    tables_free: bool = False
    # Cards in at the end: the drive can be scored from each card's total,
    # typed as the cards come in (scoring.card_totals). Not a format whose
    # score is more than a sum of hands (rubbers), nor one whose rank is read
    # from every game at every table (prediction whist's share).
    cards_in: bool = True
    # Why not, in a sentence for the organiser ("" where it can). A lazy
    # text, never tested for truth here: that would translate it at import.
    cards_in_refusal: str = ""

    # What the format calls a round and a hand, and the sentences built on
    # them (drive.format_words).
    words: RoundWords = RoundWords()

    @property
    def hand_word(self) -> str:
        """What a hand is called, capitalised for a column head or a chart's axis."""
        return self.words.hand_word


FORMATS: dict[Format, FormatInfo] = {
    Format.PROGRESSIVE: FormatInfo(
        choice=_("Progressive"),
        name=pgettext_lazy("a format's name inside a sentence", "Progressive"),
        fixed=False,
        grouped=True,
    ),
    Format.SEMI_PARTNER: FormatInfo(
        choice=_("Semi-partner"),
        name=pgettext_lazy("a format's name inside a sentence", "Semi-partner"),
        fixed=False,
        grouped=True,
    ),
    Format.STATIONARY: FormatInfo(
        choice=_("Stationary (group A stays put)"),
        name=pgettext_lazy("a format's name inside a sentence", "Stationary"),
        fixed=True,
        grouped=True,
    ),
    Format.PARTNERS: FormatInfo(
        choice=_("Partners (fixed pairs)"),
        name=pgettext_lazy(
            "a format's name inside a sentence", "Partners (fixed pairs)"
        ),
        fixed=True,
        grouped=False,
        pairs=True,
        words=PartnerWords(),
    ),
    Format.INDIVIDUAL: FormatInfo(
        choice=_("Individual (everyone's schedule made in advance)"),
        name=pgettext_lazy("a format's name inside a sentence", "Individual"),
        fixed=True,
        grouped=False,
        tables_free=True,
    ),
    Format.RUBBER: FormatInfo(
        choice=_("Rubber whist (fixed pairs play rubbers; pairs move as in Partners)"),
        name=pgettext_lazy("a format's name inside a sentence", "Rubber whist"),
        fixed=True,
        grouped=False,
        pairs=True,
        game=Game.RUBBERS,
        desk_slips=False,
        cards_in=False,
        cards_in_refusal=_(
            "A rubber whist drive cannot take its cards in at the end: a pair's "
            "score is the rubbers its hands make, which a card's total does not "
            "show. Enter its hands during play."
        ),
        words=RubberWords(),
    ),
    Format.PREDICTION: FormatInfo(
        choice=_(
            "Prediction whist (Wist: each for themselves, tables of four or five)"
        ),
        name=pgettext_lazy("a format's name inside a sentence", "Prediction whist"),
        fixed=True,
        grouped=False,
        game=Game.PREDICTIONS,
        card_check=False,
        desk_slips=False,
        tables_free=True,
        cards_in=False,
        cards_in_refusal=_(
            "A prediction whist drive cannot take its cards in at the end: its "
            "ranking and checks read every deal at every table, which a card's "
            "total does not show. Enter its deals during play."
        ),
        words=GameWords(),
    ),
}
FIXED: frozenset[Format] = frozenset(f for f, info in FORMATS.items() if info.fixed)
GROUPED: frozenset[Format] = frozenset(f for f, info in FORMATS.items() if info.grouped)
PAIRED: frozenset[Format] = frozenset(f for f, info in FORMATS.items() if info.pairs)
RUBBERS: frozenset[Format] = frozenset(
    f for f, info in FORMATS.items() if info.game is Game.RUBBERS
)
CARDS_IN: frozenset[Format] = frozenset(
    f for f, info in FORMATS.items() if info.cards_in
)
PREDICTIONS: frozenset[Format] = frozenset(
    f for f, info in FORMATS.items() if info.game is Game.PREDICTIONS
)

T = TypeVar("T")


def per_format(name: str, table: Mapping[Format, T]) -> Mapping[Format, T]:
    """`table` (an answer for each format, one class or value a format, so the
    code that reads it never tests the format), checked to be whole: a table
    without an answer for a format is refused when its module (`name`) loads,
    so a new format cannot be half added. drive.games.per_game does the same
    by game."""
    missing = [format.value for format in Format if format not in table]
    if missing:
        raise TypeError(f"{name} has no answer for {', '.join(missing)}.")
    return table


@dataclass(frozen=True)
class TableSeating:
    table: int
    north: int
    east: int
    south: int
    west: int
    # A prediction whist table of five: its fifth player (None at a table of four).
    fifth: int | None = None

    def player_at(self, seat: Seat) -> int:
        return {
            Seat.NORTH: self.north,
            Seat.EAST: self.east,
            Seat.SOUTH: self.south,
            Seat.WEST: self.west,
            Seat.FIFTH: self.fifth,
        }[seat]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The table's seats in order: N, E, S, W, and F at a table of five."""
        return SEATS if self.fifth is None else (*SEATS, Seat.FIFTH)

    def players(self) -> tuple[int, ...]:
        """The players in seat order: N, E, S, W (and the fifth, at a table of five)."""
        if self.fifth is None:
            return (self.north, self.east, self.south, self.west)
        return (self.north, self.east, self.south, self.west, self.fifth)


@dataclass(frozen=True)
class Seating:
    """One round: tables in order 1..T, and the sorted tuple of sit-outs."""

    tables: tuple[TableSeating, ...]
    sit_outs: tuple[int, ...] = ()

    def seat_of(self, player: int) -> tuple[int, Seat] | None:
        for table in self.tables:
            for seat in table.seats:
                if table.player_at(seat) == player:
                    return table.table, seat
        return None

    def players(self) -> set[int]:
        seated = {p for table in self.tables for p in table.players()}
        return seated | set(self.sit_outs)


# A seat held by the dummy hand at a three-handed table (``three_handed``):
# real players are positive ints, so 0 never names one.
DUMMY = 0


def real_players(table: TableSeating) -> tuple[int, ...]:
    """The players at ``table`` in seat order N, E, S, W, the dummy hand left out."""
    return tuple(p for p in table.players() if p != DUMMY)
