"""What a drive knows that a card needs, as plain values: its settings,
entries, the rounds already seated (fixed formats store every round at the
start; progressive ones only the rounds reached), the confirmed tricks and,
after play, each entry's totals. ``scoring.drive_plan.load_plan`` reads it
from the database; scoring.cards makes the cards from it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext as _

from drive import half_time
from drive.hand_place import hand_place, round_hands
from drive.movement.types import FORMATS, GROUPED, PAIRED, Format, Game
from drive.trumps import Trump, trumps_for_hand
from players import dates
from scoring import prediction_rules
from scoring.prediction_rules import PredictionDeal
from scoring.rubber import RubberSettings
from scoring.rules import Scoring
from scoring.table_rubbers import TableRubbers


def long_date(date: datetime.date) -> str:
    """ "Thursday 3 December 2026", "Czwartek, 3 grudnia 2026": a card's heading."""
    return capfirst(dates.long_date(date))


@dataclass(frozen=True)
class EntryInfo:
    number: int
    name: str
    group: str  # "A" or "B"
    pair: int | None = None


@dataclass(frozen=True)
class EntryTotal:
    score: int
    adjustment: int
    total: int
    # A prediction whist drive ranked by share: the share ranked by.
    share: Fraction | None = None


@dataclass(frozen=True)
class RoundPlan:
    """One stored round: the seats of each table (seat -> entry number) and the sit-outs."""

    number: int
    tables: Mapping[int, Mapping[str, int]]
    sit_outs: frozenset[int] = frozenset()

    @cached_property
    def _places(self) -> dict[int, tuple[int, str]]:
        return {
            seated: (table, seat)
            for table, seats in self.tables.items()
            for seat, seated in seats.items()
        }

    def place_of(self, number: int) -> tuple[int, str] | None:
        return self._places.get(number)


@dataclass(frozen=True)
class DrivePlan:
    club: str
    drive: str
    date: datetime.date
    format: str
    hands: int
    hands_per_round: int
    trumps: tuple[Trump, ...]
    rule: str
    group_a_label: str = "Ladies"
    group_b_label: str = "Gents"
    venue: str = ""
    winners_move: bool = False
    started: bool = False
    entries: tuple[EntryInfo, ...] = ()
    rounds: Mapping[int, RoundPlan] = field(default_factory=dict)
    tables: tuple[int, ...] = ()
    # (table number, hand) -> confirmed N-S tricks.
    ns_tricks: Mapping[tuple[int, int], int] = field(default_factory=dict)
    # Entry number -> totals, for filled-in cards.
    totals: Mapping[int, EntryTotal] = field(default_factory=dict)
    # Partners drives: the pairs the movement is planned for (0: not known).
    pairs: int = 0
    # Honours and revokes: the drive's settings (as Drive names them), and
    # (table number, hand) -> (honours, revoke) of each confirmed result
    # that has either.
    count_honours: bool = False
    honours_values: str = "2-4"
    revoke_penalty: str = "tricks"
    revoke_tricks: int = 3
    deal_marks: Mapping[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    # Rubber drives: the rules the rubbers are played by, the preset's key,
    # and each table's round as rubbers (scoring.selectors.drive_rubbers).
    rubber_rules: RubberSettings | None = None
    rubber_preset: str = ""
    rubbers: tuple[TableRubbers, ...] = ()
    # Prediction whist drives: (table number, hand) -> each confirmed deal.
    predictions: Mapping[tuple[int, int], PredictionDeal] = field(default_factory=dict)

    @property
    def game(self) -> Game:
        """What a table plays in a round: the card is made by game (scoring.cards)."""
        return FORMATS[Format(self.format)].game

    @cached_property
    def rubbers_at(self) -> dict[tuple[int, int], TableRubbers]:
        """(table number, round) -> that table's rubbers of the round."""
        return {(one.table, one.round): one for one in self.rubbers}

    @property
    def date_text(self) -> str:
        """The date heading a card or a line: capitalised."""
        return long_date(self.date)

    @property
    def date_in_line(self) -> str:
        """The date after other words ("Club · Drive · czwartek, 3 grudnia
        2026"): as the language writes it there."""
        return dates.long_date(self.date)

    @property
    def scoring_rule(self) -> str:
        return self.rule

    @property
    def scoring_choices(self) -> tuple[str, str, int]:
        """As Drive.scoring_choices: the plan holds them resolved."""
        return self.honours_values, self.revoke_penalty, self.revoke_tricks

    @cached_property
    def scoring(self) -> Scoring:
        return Scoring.of(self)

    @cached_property
    def has_revokes(self) -> bool:
        return any(revoke for _, revoke in self.deal_marks.values())

    @property
    def honours_column(self) -> bool:
        return self.count_honours

    @property
    def revoke_column(self) -> bool:
        """A drive that counts honours has room for a revoke from the start;
        another, once a hand had one."""
        return self.count_honours or self.has_revokes

    def marks_of(self, table: int | None, hand: int) -> tuple[str, str]:
        """(honours, revoke) of a table's hand ("", "" for neither, or not played)."""
        if table is None:
            return "", ""
        return self.deal_marks.get((table, hand), ("", ""))

    @property
    def has_groups(self) -> bool:
        return self.format in GROUPED

    def round_of_hand(self, hand: int) -> int:
        return hand_place(hand, self.hands_per_round).round

    def number_in_round(self, hand: int) -> int:
        """The hand's place in its round: a prediction whist deal's number in
        its game, 1 to 8 (drive.hand_place)."""
        return hand_place(hand, self.hands_per_round).number

    def hands_of_round(self, round_number: int) -> range:
        return round_hands(round_number, self.hands_per_round)

    def trumps_of(self, hand: int) -> Trump:
        return trumps_for_hand(self.trumps, hand)

    def group_label(self, group: str) -> str:
        """The group's name; "" in a format without groups."""
        if not self.has_groups:
            return ""
        return self.group_a_label if group == "A" else self.group_b_label

    def entry_label(self, entry: EntryInfo) -> str:
        """What the card's entry line says beside the name: the group, or the
        pair's number in a drive of fixed pairs (which has no groups)."""
        if self.has_groups:
            return self.group_label(entry.group)
        if Format(self.format) in PAIRED and entry.pair is not None:
            return str(entry.pair)
        return ""

    def entry_words(self, entry: EntryInfo) -> str:
        """The same beside a name on a page: "Ladies", or "Pair 2"."""
        label = self.entry_label(entry)
        if label and not self.has_groups:
            return _("Pair %(pair)s") % {"pair": label}
        return label

    @property
    def entry_label_heading(self) -> str:
        """The heading of that box: Group, or Pair in a drive of fixed pairs."""
        if self.has_groups:
            return gettext("Group")
        return pgettext("score card box: the pair's number", "Pair")

    @property
    def cards_show_group(self) -> bool:
        """A card has a Group box where there is something to write in it:
        the group, or the pair in a partners drive; not in an individual or
        a prediction whist drive, which have no groups."""
        return self.has_groups or Format(self.format) in PAIRED

    @property
    def half_time_hand(self) -> int:
        """The hand after which the card has its half-time subtotal (0: none):
        drive.half_time decides it, for every format."""
        return half_time.half_time_hand(
            hands=self.hands, hands_per_round=self.hands_per_round
        )

    def seated(self, round_number: int, table: int) -> tuple[int, ...] | None:
        """The entry numbers at `table` in round `round_number`, in the order
        of play (N, E, S, W, then a fifth); None when the round is not seated
        yet, () when the table does not play then."""
        stored = self.rounds.get(round_number)
        if stored is None:
            return None
        seats = stored.tables.get(table, {})
        return tuple(
            seats[seat.value]
            for seat in prediction_rules.SEAT_POSITIONS
            if seat.value in seats
        )

    @cached_property
    def game_points(self) -> dict[int, dict[int, int]]:
        """Prediction whist: entry number -> game -> the points of its deals
        played so far (a game is a round), read once for all the cards."""
        points: dict[int, dict[int, int]] = {}
        for (table, hand), deal in self.predictions.items():
            game = self.round_of_hand(hand)
            players = self.seated(game, table) or ()
            if len(players) != deal.players:
                continue  # seats changed after the result: the boards say so
            for number, scored in zip(players, deal.points, strict=True):
                games = points.setdefault(number, {})
                games[game] = games.get(game, 0) + scored
        return points

    @cached_property
    def names(self) -> dict[int, str]:
        return {entry.number: entry.name for entry in self.entries}
