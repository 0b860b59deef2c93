"""A travel slip, as plain values: no ORM, no drawing (printing.slip_pdf draws it).

One table's paper record for the whole drive: a row per hand with the four
seats by entry number where known, N-S and E-W tricks, and a box for an
initial from each side; the Honours and Revoke columns where the drive needs
them, as on the score cards (scoring.card_rows.with_marks). A rubber drive's
slip also has each side's game score after the hand (a game's winning score
in brackets: "(5)"), and after each round a row for the value of the round's
rubbers to each pair. Which slip a drive gets is its game's (``SLIPS``); a
prediction whist drive's slip is a game's (printing.prediction.game_sheets).

A seat missing from a stored table is the dummy hand of a three-handed table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drive import rubber_rules
from drive.games import per_game
from drive.movement.types import Game, Side
from drive.seat_letters import SEAT_LETTERS
from drive.trumps import Trump
from players.score_text import score_text
from scoring import rubber
from scoring.card_plan import DrivePlan
from scoring.card_rows import (
    HONOURS_COLUMN,
    REVOKE_COLUMN,
    Columns,
    RowKind,
    honours_text,
    revoke_text,
    trump_text,
    with_marks,
)
from scoring.cards import SEAT_ORDER
from scoring.rubber import RubberSettings
from scoring.rules import TRICKS_PER_HAND, ew_tricks

SLIP_COLUMNS: Columns = (
    ("hand", gettext_lazy("Hand"), 0.07),
    ("trumps", gettext_lazy("Trumps"), 0.16),
    # Each seat's letter as the score cards print it (Russian С, В, Ю, З).
    *((seat, SEAT_LETTERS[seat], 0.08) for seat in SEAT_ORDER),
    ("ns_tricks", gettext_lazy("N-S tricks"), 0.105),
    ("ew_tricks", gettext_lazy("E-W tricks"), 0.105),
    ("ns_initials", gettext_lazy("N-S initials"), 0.12),
    ("ew_initials", gettext_lazy("E-W initials"), 0.12),
)
# A rubber drive's slip: each side's game score after the hand.
GAME_COLUMNS: Columns = (
    ("ns_game", gettext_lazy("Game N-S"), 0.09),
    ("ew_game", gettext_lazy("Game E-W"), 0.09),
)
SLIP_KEYS = tuple(
    key for key, _, _ in (*SLIP_COLUMNS, HONOURS_COLUMN, REVOKE_COLUMN, *GAME_COLUMNS)
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
    honours: str = ""
    revoke: str = ""
    # A rubber drive's hand as its game saw it (None: not played, or another drive).
    game: rubber.Hand | None = None
    kind: str = RowKind.HAND

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)

    def texts(self) -> dict[str, str]:
        texts = dict.fromkeys(SLIP_KEYS, "")
        texts["hand"] = str(self.hand)
        texts["trumps"] = trump_text(self.trumps)
        for seat in SEAT_ORDER:
            if self.in_play is False:
                texts[seat] = "–"
            else:
                value = self.seats.get(seat)
                texts[seat] = "" if value is None else str(value)
        if self.in_play is False:
            # Translators: a travel slip's tricks cell where the table has no game.
            texts["ns_tricks"] = _("no play")
        if self.ns_tricks is not None:
            texts["ns_tricks"] = str(self.ns_tricks)
            texts["ew_tricks"] = str(self.ew_tricks)
        if self.in_play is not False:
            texts["honours"] = honours_text(self.honours, self.trumps)
            texts["revoke"] = revoke_text(self.revoke)
        if self.game is not None:
            texts["ns_game"], texts["ew_game"] = game_texts(self.game)
        return texts


def game_texts(hand: rubber.Hand) -> tuple[str, str]:
    """(N-S, E-W): the game score after `hand`, the winner's in brackets when
    the hand won the game, as a player circles it on paper."""
    texts = [score_text(points) for points in hand.after]
    if hand.game_to is not None:
        index = 0 if hand.game_to is Side.NS else 1
        texts[index] = f"({texts[index]})"
    return texts[0], texts[1]


@dataclass(frozen=True)
class SlipRoundRow:
    """After a rubber drive's round on its slip: what the round's rubbers are
    worth to each pair (blank until played)."""

    round: int
    values: tuple[int, int] | None = None
    kind: str = RowKind.SUBTOTAL
    trumps: None = None

    @property
    def hand(self) -> None:
        return None

    def texts(self) -> dict[str, str]:
        texts = dict.fromkeys(SLIP_KEYS, "")
        texts["hand"] = _("Round %(round)d: the rubbers' value") % {"round": self.round}
        if self.values is not None:
            texts["ns_game"], texts["ew_game"] = (score_text(v) for v in self.values)
        return texts


SLIP_NOTE = gettext_lazy(
    "Write the tricks each side won: N-S and E-W make 13. "
    "One player from each side initials each hand."
)


def slip_notes(plan: DrivePlan) -> tuple[str, ...]:
    """What the foot of a slip asks the table to write."""
    notes = [str(SLIP_NOTE)]
    if plan.honours_column:
        notes.append(
            _(
                "Honours: NS 3, NS 4, EW 3 or EW 4 for the side that held "
                "3 or 4 of the trump A, K, Q, J."
            )
        )
    if plan.revoke_column:
        notes.append(
            _("Revoke: NS, EW, or both (then the hand is void: nobody scores).")
        )
    notes += SLIPS[plan.game].game_notes(plan)
    return tuple(notes)


def game_notes(settings: RubberSettings) -> list[str]:
    """What a rubber drive's slip asks the table to keep: the game score, and
    the value of the round's rubbers."""
    target = settings.target
    return [
        _(
            "Game N-S, E-W: each side's points in the game after the hand "
            "(tricks over six, then honours)."
        )
        if settings.honours_counted
        else _(
            "Game N-S, E-W: each side's points in the game after the hand "
            "(tricks over six)."
        ),
        ngettext(
            "The first side to %(target)d point wins the game: circle its score; "
            "the next hand starts a new game at 0-0.",
            "The first side to %(target)d points wins the game: circle its score; "
            "the next hand starts a new game at 0-0.",
            target,
        )
        % {"target": target},
        ngettext(
            "After each round: each pair's game bonuses and %(bonus)d for each "
            "rubber won (best of three games); a game cut by the bell scores nothing.",
            "After each round: each pair's game bonuses and %(bonus)d for each "
            "rubber won (best of three games); a game cut by the bell scores nothing.",
            settings.rubber_bonus,
        )
        % {"bonus": settings.rubber_bonus},
        *(
            [capfirst(rubber_rules.settlement_text(settings.settlement)) + "."]
            if settings.settlement == "net"
            else []
        ),
        _("Revoke: %(words)s.")
        % {
            "words": rubber_rules.rubber_revoke_text(
                settings.revoke_penalty, settings.revoke_tricks
            )
        },
    ]


@dataclass(frozen=True)
class TravelSlip:
    club: str
    drive: str
    date: str
    table: int
    rows: tuple[SlipRow | SlipRoundRow, ...]
    hands_per_round: int = 1
    columns: Columns = SLIP_COLUMNS
    notes: tuple[str, ...] = (SLIP_NOTE,)
    # (key, text): the widest a table writes by hand in a column's blank
    # cells, which the column keeps room for (printing.grid_pdf.Written).
    written: tuple[tuple[str, str], ...] = ()


def written_in(plan: DrivePlan) -> tuple[tuple[str, str], ...]:
    """What a slip's blank cells are written in with, the widest of each
    column: a seat, the drive's highest entry number (the rounds to come are
    seated as they are played); a side's tricks, a whole hand's."""
    highest = max((entry.number for entry in plan.entries), default=0)
    seats = tuple((seat, str(highest)) for seat in SEAT_ORDER if highest)
    tricks = str(TRICKS_PER_HAND)
    return (*seats, ("ns_tricks", tricks), ("ew_tricks", tricks))


def slip_columns(plan: DrivePlan) -> Columns:
    """A slip's columns: the game's (a rubber drive's have the game score),
    with the honours and revoke columns where the drive needs them."""
    return with_marks(
        SLIPS[plan.game].columns(),
        after="ew_tricks",
        honours=plan.honours_column,
        revoke=plan.revoke_column,
    )


def hand_row(
    plan: DrivePlan, table: int, hand: int, game: rubber.Hand | None = None
) -> SlipRow:
    """A hand's row of table `table`'s slip (`game`: the hand as a rubber
    drive's game saw it)."""
    round_number = plan.round_of_hand(hand)
    stored = plan.rounds.get(round_number)
    seats: dict[str, int | str | None] = dict.fromkeys(SEAT_ORDER)
    in_play: bool | None = None
    if stored is not None:
        at_table = stored.tables.get(table)
        in_play = at_table is not None
        if at_table is not None:
            seats = {s: at_table.get(s, DUMMY) for s in SEAT_ORDER}
    honours, revoke = plan.marks_of(table, hand)
    return SlipRow(
        hand=hand,
        round=round_number,
        trumps=plan.trumps_of(hand),
        in_play=in_play,
        seats=seats,
        ns_tricks=plan.ns_tricks.get((table, hand)),
        honours=honours,
        revoke=revoke,
        game=game,
    )


class HandSlip:
    """The slip of a drive that plays hands: a row per hand."""

    def columns(self) -> Columns:
        return SLIP_COLUMNS

    def game_notes(self, plan: DrivePlan) -> list[str]:
        """What the slip's foot says of the game beyond the tricks: nothing more."""
        return []

    def round_rows(
        self, plan: DrivePlan, table: int, round_number: int, hands: list[int]
    ) -> list[SlipRow | SlipRoundRow]:
        """The rows of table `table`'s round `round_number`, whose `hands`
        the drive plays."""
        return [hand_row(plan, table, hand) for hand in hands]


class RubberSlip(HandSlip):
    """A rubber drive's slip: each side's game score after each hand, and
    after each round the value of its rubbers to each pair."""

    def columns(self) -> Columns:
        room = 1 - sum(share for _key, _title, share in GAME_COLUMNS)
        widened: list[tuple[str, str, float]] = []
        for key, title, share in SLIP_COLUMNS:
            widened.append((key, title, share * room))
            if key == "ew_tricks":
                widened += GAME_COLUMNS
        return tuple(widened)

    def game_notes(self, plan: DrivePlan) -> list[str]:
        assert plan.rubber_rules is not None  # every rubber drive's plan has them
        return game_notes(plan.rubber_rules)

    def round_rows(
        self, plan: DrivePlan, table: int, round_number: int, hands: list[int]
    ) -> list[SlipRow | SlipRoundRow]:
        played = plan.rubbers_at.get((table, round_number))
        games = played.by_hand() if played is not None else {}
        rows: list[SlipRow | SlipRoundRow] = [
            hand_row(plan, table, hand, games.get(hand)) for hand in hands
        ]
        if hands[-1] == plan.hands_of_round(round_number)[-1]:  # a whole round
            rows.append(
                SlipRoundRow(
                    round_number, played.values if played is not None else None
                )
            )
        return rows


# A prediction whist drive prints a game's slip (printing.prediction); the
# plan's hands, row by row, are all this slip knows of it.
SLIPS = per_game(
    "printing.slips",
    {Game.HANDS: HandSlip(), Game.RUBBERS: RubberSlip(), Game.PREDICTIONS: HandSlip()},
)


def travel_slip(plan: DrivePlan, table: int) -> TravelSlip:
    slip = SLIPS[plan.game]
    rows: list[SlipRow | SlipRoundRow] = []
    for round_number in range(1, plan.round_of_hand(plan.hands) + 1):
        hands = [h for h in plan.hands_of_round(round_number) if h <= plan.hands]
        rows += slip.round_rows(plan, table, round_number, hands)
    return TravelSlip(
        club=plan.club,
        drive=plan.drive,
        date=plan.date_text,
        table=table,
        rows=tuple(rows),
        hands_per_round=plan.hands_per_round,
        columns=slip_columns(plan),
        notes=slip_notes(plan),
        written=written_in(plan),
    )


def travel_slips(plan: DrivePlan) -> list[TravelSlip]:
    return [travel_slip(plan, table) for table in plan.tables]
