"""What each printed sheet says, as plain values: no ORM, no drawing.

- *Plan*: what a drive knows that paper needs: its settings, entries, the
  rounds already seated (fixed formats store every round at the start;
  progressive ones only the rounds reached), the confirmed tricks and, after
  play, each entry's totals. ``loading.load_plan`` reads it from the database.
- *Score card*: one entry's card. A row per hand: hand, trumps, table, seat
  and partner where a stored round fixes them (blank where results decide),
  tricks, score, running total and a box for the opponents' initials; a
  half-time subtotal after hand H/2 and the total. A *blank card* has no
  entry (walk-ins); a *filled-in card* carries the entry's real hands.
- *Travel slip*: one table's paper record for the whole drive: a row per hand
  with the four seats by entry number where known, N-S and E-W tricks, and a
  box for an initial from each side.
- *Table card*: the big table number, the captain link (as a QR code), the
  trump sequence and the movement in plain words.
- *Results sheet*: the standings, overall and per group.

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from django.utils.translation import gettext as _

from drive.movement.partners import plays_round_robin
from drive.movement.types import FIXED, GROUPED, Format
from drive.trumps import Trump, trumps_for_hand
from scoring.rules import ew_tricks, seat_score, seat_tricks

SEAT_ORDER = "NESW"
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
NS_SEATS = frozenset("NS")


def long_date(date: datetime.date) -> str:
    return f"{date:%A} {date.day} {date:%B %Y}"


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

    @property
    def date_text(self) -> str:
        return long_date(self.date)

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
        return self.group_a_label if group == "A" else self.group_b_label

    def entry_label(self, entry: EntryInfo) -> str:
        """What the card's Group line says: the group, and the pair in a partners drive."""
        if self.format == Format.INDIVIDUAL:
            return ""
        label = self.group_label(entry.group)
        if self.format == Format.PARTNERS and entry.pair is not None:
            return f"{label}, pair {entry.pair}"
        return label

    @property
    def half_time_hand(self) -> int:
        """The hand after which the card has its half-time subtotal (0: none)."""
        return self.hands // 2 if self.hands >= 2 else 0

    @cached_property
    def names(self) -> dict[int, str]:
        return {entry.number: entry.name for entry in self.entries}


# --- score cards -------------------------------------------------------------------


class RowKind:
    HAND = "hand"
    SUBTOTAL = "subtotal"  # half-time
    TOTAL = "total"  # the sum of the hands
    ADJUSTMENT = "adjustment"  # sit-out compensation and organiser's adjustments
    FINAL = "final"


class PlaceKind:
    SEATED = "seated"
    SITS_OUT = "sits_out"
    ABSENT = "absent"  # the round is seated but this entry does not play it
    UNKNOWN = "unknown"  # the round is not seated yet: results decide


CARD_COLUMNS: tuple[tuple[str, str, float], ...] = (
    # key, heading, share of the width
    ("hand", "Hand", 0.075),
    ("trumps", "Trumps", 0.215),
    ("table", "Table", 0.08),
    ("seat", "Seat", 0.07),
    ("partner", "Partner", 0.095),
    ("tricks", "Tricks", 0.085),
    ("score", "Score", 0.085),
    ("total", "Total", 0.095),
    ("initials", "Opp. initials", 0.20),
)


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

    @property
    def spans(self) -> tuple[tuple[str, int], ...]:
        """ "sits out" takes the table, seat and partner columns."""
        return (("table", 3),) if self.place == PlaceKind.SITS_OUT else ()

    def texts(self) -> dict[str, str]:
        """The text of each column (CARD_COLUMNS), as printed."""
        blank = dict.fromkeys((key for key, _, _ in CARD_COLUMNS), "")
        if self.kind != RowKind.HAND:
            blank["hand"] = self.label
            value = self.running_total
            blank["total"] = "" if value is None else _signed(value, self.kind)
            return blank
        texts = dict(blank)
        texts["hand"] = str(self.hand)
        texts["trumps"] = trump_text(self.trumps) if self.trumps else ""
        if self.place == PlaceKind.SEATED:
            texts["table"] = str(self.table)
            texts["seat"] = self.seat
            if self.partner_is_dummy:
                texts["partner"] = "dummy"
            elif self.partner is not None:
                texts["partner"] = str(self.partner)
        elif self.place == PlaceKind.SITS_OUT:
            texts["table"] = "sits out"
        elif self.place == PlaceKind.ABSENT:
            texts["table"] = "–"
        texts["tricks"] = "" if self.tricks is None else str(self.tricks)
        texts["score"] = "" if self.score is None else str(self.score)
        texts["total"] = "" if self.running_total is None else str(self.running_total)
        texts["initials"] = self.opponents_initials
        return texts


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


def score_card(plan: DrivePlan, entry: EntryInfo, *, filled: bool = False) -> ScoreCard:
    """One entry's card: its seats where stored, and its real hands when `filled`."""
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
                tricks = seat_tricks(ns, seat)
                score = seat_score(ns, plan.rule, seat)
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
            )
        )
        if hand == plan.half_time_hand and hand != plan.hands:
            rows.append(
                CardRow(
                    kind=RowKind.SUBTOTAL,
                    label=f"Half-time (hands 1–{hand})",
                    running_total=running if filled else None,
                )
            )
    rows.append(
        CardRow(
            kind=RowKind.TOTAL,
            label="Total",
            running_total=running if filled else None,
        )
    )
    if filled:
        totals = plan.totals.get(entry.number, EntryTotal(running, 0, running))
        rows.append(
            CardRow(
                kind=RowKind.ADJUSTMENT,
                label="Sit-outs and adjustments",
                running_total=totals.adjustment,
            )
        )
        rows.append(
            CardRow(kind=RowKind.FINAL, label="Final total", running_total=totals.total)
        )
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=entry.number,
        name=entry.name,
        group=plan.entry_label(entry),
        rows=tuple(rows),
        filled=filled,
        hands_per_round=plan.hands_per_round,
    )


def blank_card(plan: DrivePlan) -> ScoreCard:
    """A card for a walk-in: the hands and trumps, nothing else."""
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
                CardRow(kind=RowKind.SUBTOTAL, label=f"Half-time (hands 1–{hand})")
            )
    rows.append(CardRow(kind=RowKind.TOTAL, label="Total"))
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=None,
        name="",
        group="",
        rows=tuple(rows),
        hands_per_round=plan.hands_per_round,
    )


def score_cards(plan: DrivePlan, *, filled: bool = False) -> list[ScoreCard]:
    return [score_card(plan, entry, filled=filled) for entry in plan.entries]


# --- travel slips ------------------------------------------------------------------

SLIP_COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("hand", "Hand", 0.07),
    ("trumps", "Trumps", 0.16),
    ("N", "N", 0.08),
    ("E", "E", 0.08),
    ("S", "S", 0.08),
    ("W", "W", 0.08),
    ("ns_tricks", "N-S tricks", 0.105),
    ("ew_tricks", "E-W tricks", 0.105),
    ("ns_initials", "N-S initials", 0.12),
    ("ew_initials", "E-W initials", 0.12),
)

DUMMY = "dummy"


@dataclass(frozen=True)
class SlipRow:
    hand: int
    round: int
    trumps: Trump
    # None: the round is not seated yet; False: this table has no game that round.
    in_play: bool | None
    seats: Mapping[str, int | str | None]  # entry number, "dummy", or None (not known)
    ns_tricks: int | None = None

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)

    def texts(self) -> dict[str, str]:
        texts = dict.fromkeys((key for key, _, _ in SLIP_COLUMNS), "")
        texts["hand"] = str(self.hand)
        texts["trumps"] = trump_text(self.trumps)
        for seat in SEAT_ORDER:
            if self.in_play is False:
                texts[seat] = "–"
            else:
                value = self.seats.get(seat)
                texts[seat] = "" if value is None else str(value)
        if self.in_play is False:
            texts["ns_tricks"] = "no play"
        if self.ns_tricks is not None:
            texts["ns_tricks"] = str(self.ns_tricks)
            texts["ew_tricks"] = str(self.ew_tricks)
        return texts


@dataclass(frozen=True)
class TravelSlip:
    club: str
    drive: str
    date: str
    table: int
    rows: tuple[SlipRow, ...]
    hands_per_round: int = 1


def travel_slip(plan: DrivePlan, table: int) -> TravelSlip:
    rows = []
    for hand in range(1, plan.hands + 1):
        round_number = plan.round_of_hand(hand)
        stored = plan.rounds.get(round_number)
        seats: dict[str, int | str | None] = dict.fromkeys(SEAT_ORDER)
        in_play: bool | None = None
        if stored is not None:
            at_table = stored.tables.get(table)
            in_play = at_table is not None
            if at_table is not None:
                seats = {s: at_table.get(s, DUMMY) for s in SEAT_ORDER}
        rows.append(
            SlipRow(
                hand=hand,
                round=round_number,
                trumps=plan.trumps_of(hand),
                in_play=in_play,
                seats=seats,
                ns_tricks=plan.ns_tricks.get((table, hand)),
            )
        )
    return TravelSlip(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        rows=tuple(rows),
        hands_per_round=plan.hands_per_round,
    )


def travel_slips(plan: DrivePlan) -> list[TravelSlip]:
    return [travel_slip(plan, table) for table in plan.tables]


# --- table cards -------------------------------------------------------------------


def up_table(table: int, tables: int) -> int:
    return table % tables + 1


def down_table(table: int, tables: int) -> int:
    return (table - 2) % tables + 1


def _partners_instructions(
    *, pairs: int, rounds: int, table: int | None, tables: int
) -> list[str]:
    """The moves of the movement ``partners_schedule`` plays for these pairs and
    rounds; both movements, with when each applies, when the pairs are not known."""
    lines = [_("Partners play together all evening.")]
    if pairs < 2 or rounds < 1:
        lines.append(
            _(
                "With an even number of pairs and no more rounds than tables, "
                "North-South pairs stay at their table and East-West pairs move "
                "up one table after each round."
            )
        )
        lines.append(
            _(
                "Otherwise every pair meets every other pair in turn: "
                "North-South pairs move down one table and East-West pairs up "
                "one table after each round."
            )
        )
        return lines
    here = table is not None and tables > 1
    if not plays_round_robin(pairs=pairs, rounds=rounds):
        lines.append(_("North-South pairs stay at their table all evening."))
        lines.append(_("East-West pairs move up one table after each round."))
        if here:
            assert table is not None
            lines.append(
                _("From table %(table)s the East-West pair goes to table %(up)s.")
                % {"table": table, "up": up_table(table, tables)}
            )
        if tables > 1:
            lines.append(_("Up from table %(tables)s is table 1.") % {"tables": tables})
        return lines
    if pairs == 3:
        lines.append(
            _(
                "After each round the North-South pair sits out, the pair that "
                "sat out comes back East-West and the East-West pair sits "
                "North-South."
            )
        )
        return lines
    odd = pairs % 2 == 1
    lines.append(
        _("Every pair meets every other pair in turn, and sits out in turn.")
        if odd
        else _("Every pair meets every other pair in turn.")
    )
    if odd:
        lines.append(
            _(
                "North-South pairs move down one table after each round; from "
                "table 1 they sit out the next round, then come back East-West "
                "at table 1."
            )
        )
    else:
        lines.append(_("The North-South pair at table 1 stays there all evening."))
        lines.append(
            _(
                "The other North-South pairs move down one table after each "
                "round; from table 2 they go to table 1 and sit East-West."
            )
        )
    lines.append(
        _(
            "East-West pairs move up one table after each round; from table "
            "%(tables)s, the last, they stay there and sit North-South."
        )
        % {"tables": tables}
    )
    if table is not None:
        if table == 1 and odd:
            north_south = _("the North-South pair sits out the next round")
        elif table == 1:
            north_south = _("the North-South pair stays")
        elif table == 2 and not odd:
            north_south = _("the North-South pair goes to table 1 East-West")
        else:
            north_south = _("the North-South pair goes to table %(down)s") % {
                "down": table - 1
            }
        if table == tables:
            east_west = _("the East-West pair stays and sits North-South")
        else:
            east_west = _("the East-West pair goes to table %(up)s") % {"up": table + 1}
        lines.append(
            _("From table %(table)s: %(north_south)s; %(east_west)s.")
            % {"table": table, "north_south": north_south, "east_west": east_west}
        )
    return lines


def movement_instructions(
    *,
    format: str,
    winners_move: bool,
    group_a: str,
    group_b: str,
    hands_per_round: int = 1,
    table: int | None = None,
    tables: int = 0,
    pairs: int = 0,
    rounds: int = 0,
) -> list[str]:
    """The movement in plain words, for a table card (and this table's moves when given).

    A partners drive's movement depends on its ``pairs`` and the evening's
    ``rounds`` (``partners.plays_round_robin``)."""
    lines = [
        "Change tables after every hand."
        if hands_per_round == 1
        else f"Change tables after every {hands_per_round} hands."
    ]
    here = table is not None and tables > 1
    if format not in FIXED:
        movers, stayers = (
            ("Winners", "Losers") if winners_move else ("Losers", "Winners")
        )
        lines.append(
            f"{movers} move: {group_a} up one table, {group_b} down one table."
        )
        if format == Format.PROGRESSIVE:
            lines.append(
                f"{stayers} stay and split: the {group_a} player stays North, "
                f"the {group_b} player moves to West."
            )
            lines.append(
                f"The new arrivals: the {group_a} player sits East, "
                f"the {group_b} player sits South."
            )
        else:
            lines.append(
                f"{stayers} stay together: the {group_a} player North, "
                f"the {group_b} player South."
            )
            lines.append(
                f"The new arrivals partner each other: the {group_a} player East, "
                f"the {group_b} player West."
            )
        if here:
            assert table is not None
            mover = "winning" if winners_move else "losing"
            lines.append(
                f"From table {table}: the {mover} {group_a} player goes to table "
                f"{up_table(table, tables)}, the {mover} {group_b} player to table "
                f"{down_table(table, tables)}."
            )
        if tables > 1:
            lines.append(
                f"Up from table {tables} is table 1; down from table 1 is table {tables}."
            )
    elif format == Format.STATIONARY:
        lines.append(f"{group_a} stay at their table, in the same seat, all evening.")
        lines.append(
            f"{group_b} move after each round to the table and seat on their score card."
        )
    elif format == Format.PARTNERS:
        lines += _partners_instructions(
            pairs=pairs, rounds=rounds, table=table, tables=tables
        )
    elif format == Format.INDIVIDUAL:
        lines.append(
            "Everyone's table and seat for every round is printed on their score card."
        )
        lines.append("After each round, go to the table and seat your card shows.")
    lines.append("Anyone without a seat sits out that round and rejoins the next.")
    return lines


@dataclass(frozen=True)
class TableCard:
    club: str
    drive: str
    date: str
    table: int
    url: str
    is_captain_link: bool
    trumps: tuple[Trump, ...]
    instructions: tuple[str, ...]

    @property
    def trumps_text(self) -> str:
        return ", ".join(trump_text(t) for t in self.trumps)

    @property
    def link_caption(self) -> str:
        if self.is_captain_link:
            return "Table captain: scan to enter this table's scores."
        return "Scan for the drive's page."


def table_card(
    plan: DrivePlan, table: int, *, url: str, is_captain_link: bool
) -> TableCard:
    return TableCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        url=url,
        is_captain_link=is_captain_link,
        trumps=plan.trumps,
        instructions=tuple(
            movement_instructions(
                format=plan.format,
                winners_move=plan.winners_move,
                group_a=plan.group_a_label,
                group_b=plan.group_b_label,
                hands_per_round=plan.hands_per_round,
                table=table,
                tables=len(plan.tables),
                pairs=plan.pairs,
                rounds=plan.hands // plan.hands_per_round,
            )
        ),
    )


# --- results sheet -----------------------------------------------------------------

RESULT_COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("rank", "Rank", 0.08),
    ("number", "No.", 0.07),
    ("name", "Name", 0.33),
    ("group", "Group", 0.12),
    ("played", "Played", 0.09),
    ("sat_out", "Sat out", 0.09),
    ("score", "Score", 0.08),
    ("adjustment", "Adj.", 0.06),
    ("total", "Total", 0.08),
)


@dataclass(frozen=True)
class ResultLine:
    rank: int
    number: int
    name: str
    group: str
    played: int
    sat_out: int
    score: int
    adjustment: int
    total: int

    def texts(self) -> dict[str, str]:
        return {
            "rank": str(self.rank),
            "number": str(self.number),
            "name": self.name,
            "group": self.group,
            "played": str(self.played),
            "sat_out": str(self.sat_out),
            "score": str(self.score),
            "adjustment": f"{self.adjustment:+d}" if self.adjustment else "0",
            "total": str(self.total),
        }


@dataclass(frozen=True)
class ResultsSection:
    title: str
    lines: tuple[ResultLine, ...]


@dataclass(frozen=True)
class PrizeLine:
    """One prize winner on the results sheet (or a prize nobody won)."""

    prize: str
    winner: str
    note: str = ""


@dataclass(frozen=True)
class ResultsSheet:
    club: str
    drive: str
    date: str
    status: str
    sections: tuple[ResultsSection, ...]
    prizes: tuple[PrizeLine, ...] = ()


def results_sheet(
    plan: DrivePlan,
    *,
    status: str,
    sections: Sequence[tuple[str, Sequence[object]]],
    prizes: Sequence[Sequence[object]] = (),
) -> ResultsSheet:
    """`sections`: (title, standings) pairs; a standing has the fields of ResultLine.

    `prizes`: rows of (prize, entry number, name, total, note) in the prize
    list's order, one per winner; number None for a prize nobody won.
    """
    return ResultsSheet(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        status=status,
        prizes=tuple(
            PrizeLine(
                prize=str(prize),
                winner="–" if number is None else f"{number} {name} ({total})",
                note=str(note or ""),
            )
            for prize, number, name, total, note in prizes
        ),
        sections=tuple(
            ResultsSection(
                title,
                tuple(
                    ResultLine(
                        rank=s.rank,
                        number=s.number,
                        name=s.name,
                        group=plan.group_label(s.group) if plan.has_groups else "",
                        played=s.played,
                        sat_out=s.sat_out,
                        score=s.score,
                        adjustment=s.adjustment,
                        total=s.total,
                    )
                    for s in standings
                ),
            )
            for title, standings in sections
        ),
    )
