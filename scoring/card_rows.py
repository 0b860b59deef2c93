"""What a score card holds, as plain values: its rows (a hand, a round of
rubbers, a game of prediction whist, the subtotals), its columns and their
texts as printed. The card of each game is made from these (scoring.cards,
scoring.prediction_card); printing draws them, prizes and the e-mail read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive.seat_letters import seat_letter
from drive.trumps import Trump
from players.pair_names import joined_pair
from players.score_text import score_text, signed_text
from scoring.card_plan import DrivePlan, EntryInfo, EntryTotal
from scoring.prediction_share import share_text
from scoring.rules import (
    SIDE_CODES,
    Honours,
    Revoke,
)


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
    # Translators: the column where the opponents initial each hand. No word
    # may read as another (ru "против." as "against", it "avv." as "avvocato").
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
            texts["opponents"] = joined_pair(self.opponents)
        texts["tricks"] = "" if self.tricks is None else str(self.tricks)
        if self.kind == RowKind.HAND and self.place not in (
            PlaceKind.SITS_OUT,
            PlaceKind.ABSENT,
        ):
            texts["honours"] = honours_text(self.honours, self.trumps)
        texts["revoke"] = revoke_text(self.revoke)
        texts["score"] = score_text(self.score)
        texts["total"] = score_text(self.running_total)
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
    """A summary row's figure: an adjustment with its sign ("+3", "−2"),
    a total as it is ("−5"), with the true minus (players.score_text)."""
    return signed_text(value) if kind == RowKind.ADJUSTMENT else score_text(value)


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
