"""A player's score card, as plain values: no ORM, no drawing.

- *Plan*: what a drive knows that a card needs (scoring.card_plan).
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

The card of each game (by hand, or a rubber drive's by round) is a class,
chosen by the plan's game (`CARDS[plan.game]`). The printed cards (printing)
and the results page's cards (prizes) are both made from these.

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive import half_time
from drive.games import per_game
from drive.movement.types import Game, Side
from drive.trumps import Trump
from scoring import rubber
from scoring.card_plan import DrivePlan, EntryInfo, EntryTotal
from scoring.prediction_share import share_text
from scoring.rubber import RubberSettings
from scoring.rules import (
    SIDE_CODES,
    Honours,
    Revoke,
    hand_line,
    seat_letter,
)

SEAT_ORDER = "NESW"
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
NS_SEATS = frozenset("NS")


def trump_text(trump: Trump) -> str:
    """ "♥ Hearts"; No trumps has no symbol."""
    if trump is Trump.NO_TRUMPS:
        return trump.label
    return f"{trump.symbol} {trump.label}"


def initials(name: str) -> str:
    """ "Zofia Wąsowicz-Kłos" -> "ZWK": the first letter of each word, at most three."""
    words = name.replace("-", " ").split()
    return "".join(word[0].upper() for word in words[:3])


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


# --- the card of each game -----------------------------------------------------------


class HandsCard:
    """The card by hand: a row per hand, with the half-time subtotal after
    its hand (drive.half_time); rules between the rounds' hands."""

    def columns(self, plan: DrivePlan) -> Columns:
        """The honours and revoke columns where the drive needs them."""
        return with_marks(
            CARD_COLUMNS,
            after="tricks",
            honours=plan.honours_column,
            revoke=plan.revoke_column,
        )

    def rows_per_round(self, plan: DrivePlan) -> int:
        """How many rows a round takes (a rule between the rounds)."""
        return plan.hands_per_round

    def scoring_rows(self, plan: DrivePlan) -> int:
        """How many rows of the card score (scoring.card_check)."""
        return plan.hands

    def rubber_rules(self, drive: object) -> tuple[RubberSettings | None, str]:
        """(the rules its rubbers are played by, the preset's key): no rubbers."""
        return None, ""

    def rows(self, plan: DrivePlan, entry: EntryInfo, *, filled: bool) -> list[CardRow]:
        """One entry's rows: its seats where stored, its real hands when `filled`."""
        names = plan.names
        played_hands = {hand for (_, hand) in plan.ns_tricks}
        rows: list[CardRow] = []
        running = 0
        for hand in range(1, plan.hands + 1):
            round_number = plan.round_of_hand(hand)
            kind, table, seat, partner, dummy, opponents = _seated(
                plan, entry.number, round_number
            )
            tricks = score = running_total = None
            honours = revoke = ""
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
                    partner_is_dummy=dummy,
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
        return rows + closing_rows(plan, entry, running, filled=filled)

    def blank_rows(self, plan: DrivePlan) -> list[CardRow]:
        """A walk-in's rows: the hands and trumps, nothing else."""
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
        return rows


class RubberCard:
    """A rubber drive's card: hands score only as the rubbers they make, so
    a row per round, with the value of the round's rubbers to the entry's
    pair (scoring.rubber); the hands are on the table's travel slip."""

    def columns(self, plan: DrivePlan) -> Columns:
        return RUBBER_CARD_COLUMNS

    def rows_per_round(self, plan: DrivePlan) -> int:
        # A row per round: no round rules between rows.
        return 1

    def scoring_rows(self, plan: DrivePlan) -> int:
        return plan.hands // plan.hands_per_round

    def rubber_rules(self, drive: object) -> tuple[RubberSettings | None, str]:
        return rubber.settings_of(drive), drive.rubber_preset

    def _half_time_round(self, plan: DrivePlan) -> int:
        """The round after which the card has its half-time subtotal (0: none)."""
        return half_time.half_time_round(
            hands=plan.hands, hands_per_round=plan.hands_per_round
        )

    def rows(self, plan: DrivePlan, entry: EntryInfo, *, filled: bool) -> list[CardRow]:
        names = plan.names
        played_rounds = {one.round for one in plan.rubbers}
        half_time_round = self._half_time_round(plan)
        rows: list[CardRow] = []
        running = 0
        for round_number in range(1, self.scoring_rows(plan) + 1):
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
                    games = (played.games_won_by(side), played.games_won_by(side.other))
                    running += score
                    initials_text = " ".join(
                        initials(names.get(n, "")) for n in opponents
                    )
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
            if round_number == half_time_round:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (after round %(round)d)")
                        % {"round": round_number},
                        running_total=running if filled else None,
                    )
                )
        return rows + closing_rows(plan, entry, running, filled=filled)

    def blank_rows(self, plan: DrivePlan) -> list[CardRow]:
        """A walk-in's rows: the rounds and their hands."""
        rows: list[CardRow] = []
        half_time_round = self._half_time_round(plan)
        for round_number in range(1, self.scoring_rows(plan) + 1):
            hands = plan.hands_of_round(round_number)
            rows.append(
                CardRow(
                    kind=RowKind.ROUND,
                    hand=hands[0],
                    last_hand=hands[-1],
                    round=round_number,
                )
            )
            if round_number == half_time_round:
                rows.append(
                    CardRow(
                        kind=RowKind.SUBTOTAL,
                        label=_("Half-time (after round %(round)d)")
                        % {"round": round_number},
                    )
                )
        rows.append(CardRow(kind=RowKind.TOTAL, label=_("Total")))
        return rows


CARDS = per_game(
    "scoring.cards",
    {
        Game.HANDS: HandsCard(),
        Game.RUBBERS: RubberCard(),
        # Prediction whist's own card, a row per game, is printing's
        # (printing.prediction, from closing_rows); the card by hand is what
        # the card check would read (FormatInfo.card_check says it does not).
        Game.PREDICTIONS: HandsCard(),
    },
)


def card_columns(plan: DrivePlan) -> Columns:
    """A card's columns: the honours and revoke columns where the drive needs
    them; a rubber drive's, a row per round (its hands are on the slips)."""
    return CARDS[plan.game].columns(plan)


def score_card(plan: DrivePlan, entry: EntryInfo, *, filled: bool = False) -> ScoreCard:
    """One entry's card: its seats where stored, and its real hands when `filled`."""
    card = CARDS[plan.game]
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=entry.number,
        name=entry.name,
        group=plan.entry_label(entry),
        group_words=plan.entry_words(entry),
        rows=tuple(card.rows(plan, entry, filled=filled)),
        filled=filled,
        hands_per_round=card.rows_per_round(plan),
        columns=card.columns(plan),
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
    """A card for a walk-in: the hands (or a rubber drive's rounds) and
    trumps, nothing else."""
    card = CARDS[plan.game]
    return ScoreCard(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        number=None,
        name="",
        group="",
        rows=tuple(card.blank_rows(plan)),
        hands_per_round=card.rows_per_round(plan),
        columns=card.columns(plan),
        shows_group=plan.cards_show_group,
        group_heading=plan.entry_label_heading,
    )


def score_cards(plan: DrivePlan, *, filled: bool = False) -> list[ScoreCard]:
    return [score_card(plan, entry, filled=filled) for entry in plan.entries]
