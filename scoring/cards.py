"""A player's score card, as plain values: no ORM, no drawing.

- *Plan*: what a drive knows that a card needs: its settings, entries, the
  rounds already seated (fixed formats store every round at the start;
  progressive ones only the rounds reached), the confirmed tricks and, after
  play, each entry's totals. ``scoring.drive_plan.load_plan`` reads it from the
  database.
- *Score card*: one entry's card. A row per hand: hand, trumps, table, seat
  and partner where a stored round fixes them (blank where results decide),
  tricks, score, running total and a box for the opponents' initials; a
  half-time subtotal (drive.half_time) and the total. A *blank card* has no
  entry (walk-ins); a *filled-in card* carries the entry's real hands.
- *Honours and revokes*: a drive that counts honours has an Honours and a
  Revoke column on every card (empty before play, to fill in by hand; "–"
  for honours on a No-trumps hand); one that does not, only a Revoke column,
  and only once a hand of it had a revoke; one with neither looks as it
  always did. A hand's score is the one scoring.rules gives it, honours and
  penalty included.
- *Rubber drives*: hands score only as the rubbers they make, so a card of a
  rubber drive has a row per round instead of per hand: round, its hands,
  table, seat, partner, opponents, the games won and lost, and the value of
  the round's rubbers to the pair (its games' bonuses and rubber bonuses),
  with the running total. The hands' tricks, honours and game scores are on
  the table's travel slip.

The printed cards (printing) and the results page's cards (prizes) are both
made from these.

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from drive import half_time
from drive.movement.types import GROUPED, PAIRED, Format, Side
from drive.trumps import Trump, trumps_for_hand
from players import dates
from scoring.table_rubbers import TableRubbers
from scoring.rubber import RubberSettings
from scoring.rules import (
    SIDE_CODES,
    Honours,
    Revoke,
    Scoring,
    hand_line,
    seat_letter,
)
from scoring.wist_share import share_text

SEAT_ORDER = "NESW"
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
NS_SEATS = frozenset("NS")


def long_date(date: datetime.date) -> str:
    """ "Thursday 3 December 2026", "Czwartek 3 grudnia 2026": a card's heading."""
    return capfirst(dates.long_date(date))


def trump_text(trump: Trump) -> str:
    """ "♥ Hearts"; No trumps has no symbol."""
    if trump is Trump.NO_TRUMPS:
        return trump.label
    return f"{trump.symbol} {trump.label}"


def initials(name: str) -> str:
    """ "Zofia Wąsowicz-Kłos" -> "ZWK": the first letter of each word, at most three."""
    words = name.replace("-", " ").split()
    return "".join(word[0].upper() for word in words[:3])


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

    @property
    def plays_rubbers(self) -> bool:
        return self.rubber_rules is not None

    @cached_property
    def rubbers_at(self) -> dict[tuple[int, int], TableRubbers]:
        """(table number, round) -> that table's rubbers of the round."""
        return {(one.table, one.round): one for one in self.rubbers}

    @property
    def date_text(self) -> str:
        return long_date(self.date)

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
        return (hand - 1) // self.hands_per_round + 1

    def hands_of_round(self, round_number: int) -> range:
        first = (round_number - 1) * self.hands_per_round + 1
        return range(first, first + self.hands_per_round)

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

    @cached_property
    def names(self) -> dict[int, str]:
        return {entry.number: entry.name for entry in self.entries}


# --- score cards -------------------------------------------------------------------


class RowKind:
    HAND = "hand"
    ROUND = "round"  # a rubber drive's card: one row per round
    SUBTOTAL = "subtotal"  # half-time
    TOTAL = "total"  # the sum of the hands
    ADJUSTMENT = "adjustment"  # sit-out compensation and organiser's adjustments
    FINAL = "final"


# Rows of a card or slip that are totals: shaded, their label across the first columns.
SUMMARY_KINDS = frozenset(
    (RowKind.SUBTOTAL, RowKind.TOTAL, RowKind.ADJUSTMENT, RowKind.FINAL)
)


class PlaceKind:
    SEATED = "seated"
    SITS_OUT = "sits_out"
    ABSENT = "absent"  # the round is seated but this entry does not play it
    UNKNOWN = "unknown"  # the round is not seated yet: results decide


Columns = tuple[tuple[str, str, float], ...]

CARD_COLUMNS: Columns = (
    # key, heading, share of the width
    ("hand", gettext_lazy("Hand"), 0.075),
    ("trumps", gettext_lazy("Trumps"), 0.215),
    ("table", gettext_lazy("Table"), 0.08),
    ("seat", gettext_lazy("Seat"), 0.07),
    ("partner", gettext_lazy("Partner"), 0.095),
    ("tricks", gettext_lazy("Tricks"), 0.085),
    ("score", gettext_lazy("Score"), 0.085),
    ("total", gettext_lazy("Total"), 0.095),
    ("initials", gettext_lazy("Opp. initials"), 0.20),
)
HONOURS_COLUMN = ("honours", gettext_lazy("Honours"), 0.085)
REVOKE_COLUMN = ("revoke", gettext_lazy("Revoke"), 0.075)
# A rubber drive's card: a row per round.
RUBBER_CARD_COLUMNS: Columns = (
    ("round", gettext_lazy("Round"), 0.075),
    ("hands", gettext_lazy("Hands"), 0.09),
    ("table", gettext_lazy("Table"), 0.075),
    ("seat", gettext_lazy("Seat"), 0.065),
    ("partner", gettext_lazy("Partner"), 0.09),
    ("opponents", gettext_lazy("Opponents"), 0.12),
    ("games", gettext_lazy("Games won–lost"), 0.125),
    ("score", gettext_lazy("Rubbers' value"), 0.12),
    ("total", gettext_lazy("Total"), 0.08),
    ("initials", gettext_lazy("Opp. initials"), 0.16),
)
# What an honours cell holds for a No-trumps hand, which has none.
NO_HONOURS = "–"


def with_marks(columns: Columns, *, after: str, honours: bool, revoke: bool) -> Columns:
    """`columns` with the Honours and Revoke columns (those asked for) after
    the column `after`, the others narrowed in proportion to make room."""
    extra = [
        column
        for column, shown in ((HONOURS_COLUMN, honours), (REVOKE_COLUMN, revoke))
        if shown
    ]
    if not extra:
        return columns
    room = 1 - sum(share for _key, _title, share in extra)
    widened: list[tuple[str, str, float]] = []
    for key, title, share in columns:
        widened.append((key, title, share * room))
        if key == after:
            widened += extra
    return tuple(widened)


def honours_text(honours: str, trumps: Trump | None) -> str:
    """ "NS 3" as the cards, slips and workbook write it; "–" on a No-trumps hand."""
    if trumps is Trump.NO_TRUMPS:
        return NO_HONOURS
    return Honours(honours).text


def revoke_text(revoke: str) -> str:
    """ "NS", "EW", "both" in the reader's words (SIDE_CODES), "" for none."""
    revoke = Revoke(revoke)
    if revoke is Revoke.BOTH:
        return _("both")
    offenders = revoke.offenders
    return "" if offenders is None else SIDE_CODES[offenders]


@dataclass(frozen=True)
class CardRow:
    kind: str
    hand: int | None = None
    round: int | None = None
    trumps: Trump | None = None
    place: str = PlaceKind.UNKNOWN
    table: int | None = None
    seat: str = ""
    partner: int | None = None
    partner_is_dummy: bool = False
    opponents: tuple[int, ...] = ()
    opponents_initials: str = ""
    tricks: int | None = None
    score: int | None = None
    running_total: int | None = None
    label: str = ""
    honours: str = ""
    revoke: str = ""
    # A rubber drive's round row: its last hand, and (won, lost) games.
    last_hand: int | None = None
    games: tuple[int, int] | None = None

    @property
    def spans(self) -> tuple[tuple[str, int], ...]:
        """ "sits out" takes the table, seat and partner columns."""
        return (("table", 3),) if self.place == PlaceKind.SITS_OUT else ()

    def texts(self) -> dict[str, str]:
        """The text of each column (CARD_COLUMNS, and the honours and revoke
        columns of a drive that has them), as printed."""
        blank = dict.fromkeys(CARD_KEYS, "")
        if self.kind in SUMMARY_KINDS:
            blank["hand"] = blank["round"] = self.label
            value = self.running_total
            blank["total"] = "" if value is None else _signed(value, self.kind)
            return blank
        texts = dict(blank)
        if self.kind == RowKind.ROUND:
            texts["round"] = str(self.round)
            texts["hands"] = f"{self.hand}–{self.last_hand}"
            if self.games is not None:
                texts["games"] = "–".join(str(n) for n in self.games)
        else:
            texts["hand"] = str(self.hand)
            texts["trumps"] = trump_text(self.trumps) if self.trumps else ""
        if self.place == PlaceKind.SEATED:
            texts["table"] = str(self.table)
            texts["seat"] = seat_letter(self.seat)
            if self.partner_is_dummy:
                texts["partner"] = _("dummy")
            elif self.partner is not None:
                texts["partner"] = str(self.partner)
        elif self.place == PlaceKind.SITS_OUT:
            texts["table"] = _("sits out")
        elif self.place == PlaceKind.ABSENT:
            texts["table"] = "–"
        if self.place == PlaceKind.SEATED and self.kind == RowKind.ROUND:
            texts["opponents"] = " & ".join(str(n) for n in self.opponents)
        texts["tricks"] = "" if self.tricks is None else str(self.tricks)
        if self.kind == RowKind.HAND and self.place not in (
            PlaceKind.SITS_OUT,
            PlaceKind.ABSENT,
        ):
            texts["honours"] = honours_text(self.honours, self.trumps)
        texts["revoke"] = revoke_text(self.revoke)
        texts["score"] = "" if self.score is None else str(self.score)
        texts["total"] = "" if self.running_total is None else str(self.running_total)
        texts["initials"] = self.opponents_initials
        return texts


CARD_KEYS = tuple(
    dict.fromkeys(
        key
        for key, _, _ in (
            *CARD_COLUMNS,
            HONOURS_COLUMN,
            REVOKE_COLUMN,
            *RUBBER_CARD_COLUMNS,
        )
    )
)


def _signed(value: int, kind: str) -> str:
    return f"{value:+d}" if kind == RowKind.ADJUSTMENT and value else str(value)


@dataclass(frozen=True)
class ScoreCard:
    club: str
    drive: str
    date: str
    number: int | None
    name: str
    group: str
    rows: tuple[CardRow, ...]
    filled: bool = False
    hands_per_round: int = 1
    columns: Columns = CARD_COLUMNS
    # The Group box on the card's entry line: left out where there is
    # nothing to write in it (DrivePlan.cards_show_group); its heading
    # (DrivePlan.entry_label_heading).
    shows_group: bool = True
    group_heading: str = ""
    # The box in words beside the name on a page (DrivePlan.entry_words).
    group_words: str = ""

    @property
    def is_blank(self) -> bool:
        return self.number is None

    @property
    def hand_rows(self) -> list[CardRow]:
        return [row for row in self.rows if row.kind == RowKind.HAND]


def _place(
    plan: DrivePlan, number: int, round_number: int
) -> tuple[str, int | None, str, Mapping[str, int]]:
    """(place kind, table, seat, the table's seats) of an entry in a round."""
    stored = plan.rounds.get(round_number)
    if stored is None:
        return PlaceKind.UNKNOWN, None, "", {}
    if number in stored.sit_outs:
        return PlaceKind.SITS_OUT, None, "", {}
    found = stored.place_of(number)
    if found is None:
        return PlaceKind.ABSENT, None, "", {}
    table, seat = found
    return PlaceKind.SEATED, table, seat, stored.tables[table]


def card_columns(plan: DrivePlan) -> Columns:
    """A card's columns: the honours and revoke columns where the drive needs
    them; a rubber drive's, a row per round (its hands are on the slips)."""
    if plan.plays_rubbers:
        return RUBBER_CARD_COLUMNS
    return with_marks(
        CARD_COLUMNS,
        after="tricks",
        honours=plan.honours_column,
        revoke=plan.revoke_column,
    )


def score_card(plan: DrivePlan, entry: EntryInfo, *, filled: bool = False) -> ScoreCard:
    """One entry's card: its seats where stored, and its real hands when `filled`."""
    if plan.plays_rubbers:
        return _rubber_card(plan, entry, filled=filled)
    names = plan.names
    played_hands = {hand for (_, hand) in plan.ns_tricks}
    rows: list[CardRow] = []
    running = 0
    for hand in range(1, plan.hands + 1):
        round_number = plan.round_of_hand(hand)
        kind, table, seat, seats = _place(plan, entry.number, round_number)
        partner = partner_dummy = None
        opponents: tuple[int, ...] = ()
        tricks = score = running_total = None
        honours = revoke = ""
        if kind == PlaceKind.SEATED:
            partner = seats.get(PARTNER_SEAT[seat])
            partner_dummy = partner is None
            opponents = tuple(
                seats[s]
                for s in SEAT_ORDER
                if s in seats and (s in NS_SEATS) != (seat in NS_SEATS)
            )
        if filled:
            ns = plan.ns_tricks.get((table, hand)) if table is not None else None
            if ns is not None:
                honours, revoke = plan.marks_of(table, hand)
                line = hand_line(ns, plan.scoring, honours, revoke)
                north_south = seat in NS_SEATS
                tricks = line.ns_tricks if north_south else line.ew_tricks
                score = line.ns_score if north_south else line.ew_score
                running += score
            if hand in played_hands:
                running_total = running
        rows.append(
            CardRow(
                kind=RowKind.HAND,
                hand=hand,
                round=round_number,
                trumps=plan.trumps_of(hand),
                place=kind,
                table=table,
                seat=seat,
                partner=partner,
                partner_is_dummy=bool(partner_dummy),
                opponents=opponents,
                opponents_initials=(
                    " ".join(initials(names.get(n, "")) for n in opponents)
                    if filled and tricks is not None
                    else ""
                ),
                tricks=tricks,
                score=score,
                running_total=running_total,
                honours=honours,
                revoke=revoke,
            )
        )
        if hand == plan.half_time_hand and hand != plan.hands:
            rows.append(
                CardRow(
                    kind=RowKind.SUBTOTAL,
                    label=_("Half-time (hands 1–%(hand)d)") % {"hand": hand},
                    running_total=running if filled else None,
                )
            )
    rows += closing_rows(plan, entry, running, filled=filled)
    return _card(plan, entry, rows, filled=filled, hands_per_round=plan.hands_per_round)


def _seated(
    plan: DrivePlan, number: int, round_number: int
) -> tuple[str, int | None, str, int | None, bool, tuple[int, ...]]:
    """(place kind, table, seat, partner, partner is the dummy, opponents) of an
    entry in a round."""
    kind, table, seat, seats = _place(plan, number, round_number)
    if kind != PlaceKind.SEATED:
        return kind, table, seat, None, False, ()
    partner = seats.get(PARTNER_SEAT[seat])
    opponents = tuple(
        seats[s]
        for s in SEAT_ORDER
        if s in seats and (s in NS_SEATS) != (seat in NS_SEATS)
    )
    return kind, table, seat, partner, partner is None, opponents


def _half_time_round(plan: DrivePlan) -> int:
    """The round after which a rubber card has its half-time subtotal (0: none)."""
    return half_time.half_time_round(
        hands=plan.hands, hands_per_round=plan.hands_per_round
    )


def _rubber_card(plan: DrivePlan, entry: EntryInfo, *, filled: bool) -> ScoreCard:
    """A rubber drive's card: a row per round, with the value of the round's
    rubbers to the entry's pair (scoring.rubber) when `filled`."""
    names = plan.names
    played_rounds = {one.round for one in plan.rubbers}
    half_time = _half_time_round(plan)
    rows: list[CardRow] = []
    running = 0
    for round_number in range(1, plan.hands // plan.hands_per_round + 1):
        hands = plan.hands_of_round(round_number)
        kind, table, seat, partner, dummy, opponents = _seated(
            plan, entry.number, round_number
        )
        score = running_total = games = None
        initials_text = ""
        if filled:
            played = plan.rubbers_at.get((table, round_number))
            if played is not None:
                side = Side.NS if seat in NS_SEATS else Side.EW
                score = played.values[0 if side is Side.NS else 1]
                games = (played.games_won(side), played.games_won(side.other))
                running += score
                initials_text = " ".join(initials(names.get(n, "")) for n in opponents)
            if round_number in played_rounds:
                running_total = running
        rows.append(
            CardRow(
                kind=RowKind.ROUND,
                hand=hands[0],
                last_hand=hands[-1],
                round=round_number,
                place=kind,
                table=table,
                seat=seat,
                partner=partner,
                partner_is_dummy=dummy,
                opponents=opponents,
                opponents_initials=initials_text,
                score=score,
                games=games,
                running_total=running_total,
            )
        )
        if round_number == half_time:
            rows.append(
                CardRow(
                    kind=RowKind.SUBTOTAL,
                    label=_("Half-time (after round %(round)d)")
                    % {"round": round_number},
                    running_total=running if filled else None,
                )
            )
    rows += closing_rows(plan, entry, running, filled=filled)
    # A row per round: no round rules between rows.
    return _card(plan, entry, rows, filled=filled, hands_per_round=1)


def _card(
    plan: DrivePlan,
    entry: EntryInfo,
    rows: list[CardRow],
    *,
    filled: bool,
    hands_per_round: int,
) -> ScoreCard:
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=entry.number,
        name=entry.name,
        group=plan.entry_label(entry),
        group_words=plan.entry_words(entry),
        rows=tuple(rows),
        filled=filled,
        hands_per_round=hands_per_round,
        columns=card_columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def closing_rows(
    plan: DrivePlan,
    entry: EntryInfo,
    running: int,
    *,
    filled: bool,
    row: type[CardRow] = CardRow,
) -> list[CardRow]:
    """The total, and on a filled-in card the adjustments and the final total
    (rows of the class `row`: a prediction card's GameRow)."""
    rows = [
        row(
            kind=RowKind.TOTAL,
            label=_("Total"),
            running_total=running if filled else None,
        )
    ]
    if filled:
        totals = plan.totals.get(entry.number, EntryTotal(running, 0, running))
        rows.append(
            row(
                kind=RowKind.ADJUSTMENT,
                label=_("Sit-outs and adjustments"),
                running_total=totals.adjustment,
            )
        )
        label = _("Final total")
        if totals.share is not None:
            label = _("Final total (share of the table %(share)s)") % {
                "share": share_text(totals.share, localised=True)
            }
        rows.append(row(kind=RowKind.FINAL, label=label, running_total=totals.total))
    return rows


def blank_card(plan: DrivePlan) -> ScoreCard:
    """A card for a walk-in: the hands and trumps, nothing else."""
    if plan.plays_rubbers:
        return _blank_rubber_card(plan)
    rows: list[CardRow] = []
    for hand in range(1, plan.hands + 1):
        rows.append(
            CardRow(
                kind=RowKind.HAND,
                hand=hand,
                round=plan.round_of_hand(hand),
                trumps=plan.trumps_of(hand),
            )
        )
        if hand == plan.half_time_hand and hand != plan.hands:
            rows.append(
                CardRow(
                    kind=RowKind.SUBTOTAL,
                    label=_("Half-time (hands 1–%(hand)d)") % {"hand": hand},
                )
            )
    rows.append(CardRow(kind=RowKind.TOTAL, label=_("Total")))
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=None,
        name="",
        group="",
        rows=tuple(rows),
        hands_per_round=plan.hands_per_round,
        columns=card_columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def _blank_rubber_card(plan: DrivePlan) -> ScoreCard:
    """A rubber drive's card for a walk-in: the rounds and their hands."""
    rows: list[CardRow] = []
    half_time = _half_time_round(plan)
    for round_number in range(1, plan.hands // plan.hands_per_round + 1):
        hands = plan.hands_of_round(round_number)
        rows.append(
            CardRow(
                kind=RowKind.ROUND,
                hand=hands[0],
                last_hand=hands[-1],
                round=round_number,
            )
        )
        if round_number == half_time:
            rows.append(
                CardRow(
                    kind=RowKind.SUBTOTAL,
                    label=_("Half-time (after round %(round)d)")
                    % {"round": round_number},
                )
            )
    rows.append(CardRow(kind=RowKind.TOTAL, label=_("Total")))
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=None,
        name="",
        group="",
        rows=tuple(rows),
        columns=card_columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def score_cards(plan: DrivePlan, *, filled: bool = False) -> list[ScoreCard]:
    return [score_card(plan, entry, filled=filled) for entry in plan.entries]
