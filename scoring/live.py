"""Reads of the evening as it happens: the room (every table of the current
round, live), where each player goes next, and what a captain's phone shows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive.models import Drive, DriveState, Round, SeatAssignment, Table
from drive.movement.types import Side
from drive.trumps import Trump, trumps_for_hand
from scoring import rubber, wist
from scoring.hand_scores import table_rubbers
from scoring.models import HandResult, ResultStatus
from scoring.rules import Deal
from scoring.selectors import current_hand, tables_text

# --- the room: every table of the current round, live ------------------------------

SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
    "F": gettext_lazy("Fifth seat"),
}
# The seats in the order of play: N, E, S, W, and F at a prediction whist
# table of five, which numbers them 1 up in this order (wist.seat_number).
PLAY_ORDER = "".join(seat.value for seat in wist.SEAT_POSITIONS)


def seat_name(seat: str, numbered: bool = False) -> str:
    """ "North"; in prediction whist, whose seats are numbered in the order of
    play, "Seat 3"."""
    if numbered and seat in PLAY_ORDER:
        return _("Seat %(number)d") % {
            "number": wist.seat_number(PLAY_ORDER.index(seat))
        }
    return str(SEAT_NAMES.get(seat, ""))


class TableStateKind:
    """A table's state for the current round, as the organiser's room shows it."""

    WAITING = "waiting"  # a hand has no result yet
    ENTERED = "entered"  # on a phone, waiting for an opponent's confirmation
    CONFIRMED = "confirmed"  # every hand in
    CONFLICT = "conflict"  # two phones disagree: the organiser settles it


@dataclass(frozen=True)
class SeatPlace:
    """Who sits in one seat; `number` is None for a dummy hand (three-handed
    table). `numbered`: a prediction whist seat, named by its number."""

    seat: str
    number: int | None
    name: str
    numbered: bool = False

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat, self.numbered)

    @property
    def seat_number(self) -> int:
        """The seat's number in the order of play (1 to 5)."""
        return wist.seat_number(PLAY_ORDER.index(self.seat))


@dataclass(frozen=True)
class HandState:
    """One table's play of one hand of the current round, with every version kept."""

    hand: int
    trumps: Trump
    history: tuple[HandResult, ...]

    @property
    def confirmed(self) -> HandResult | None:
        return next(
            (r for r in self.history if r.status == ResultStatus.CONFIRMED), None
        )

    @property
    def pending(self) -> HandResult | None:
        return next((r for r in self.history if r.status == ResultStatus.PENDING), None)

    @property
    def standing(self) -> HandResult | None:
        return self.confirmed or self.pending

    @property
    def conflicts(self) -> list[HandResult]:
        return [
            r
            for r in self.history
            if r.status == ResultStatus.CONFLICT and r.resolved_at is None
        ]

    @property
    def version(self) -> int:
        """The confirmed version (0 when none): what a correction form has seen."""
        confirmed = self.confirmed
        return confirmed.version if confirmed else 0

    @property
    def state(self) -> str:
        if self.conflicts:
            return TableStateKind.CONFLICT
        if self.confirmed:
            return TableStateKind.CONFIRMED
        if self.pending:
            return TableStateKind.ENTERED
        return TableStateKind.WAITING


_STATE_ORDER = (
    TableStateKind.CONFLICT,
    TableStateKind.WAITING,
    TableStateKind.ENTERED,
    TableStateKind.CONFIRMED,
)


@dataclass(frozen=True)
class TableState:
    table: int
    table_id: int
    captain_key: str
    seats: tuple[SeatPlace, ...]
    hands: tuple[HandState, ...]

    @property
    def state(self) -> str:
        """The state that most needs attention, over the round's hands."""
        states = {h.state for h in self.hands}
        return next(s for s in _STATE_ORDER if s in states)

    @property
    def complete(self) -> bool:
        return all(h.state == TableStateKind.CONFIRMED for h in self.hands)

    @property
    def current(self) -> HandState | None:
        """The hand the table plays now (``current_hand``)."""
        standing = {h.hand for h in self.hands if h.standing is not None}
        number = current_hand((h.hand for h in self.hands), standing)
        return next((h for h in self.hands if h.hand == number), None)

    @property
    def pending(self) -> HandState | None:
        return next((h for h in self.hands if h.pending is not None), None)

    def side(self, side: str) -> tuple[SeatPlace, SeatPlace]:
        by_seat = {s.seat: s for s in self.seats}
        return (
            (by_seat["N"], by_seat["S"])
            if side == "NS"
            else (by_seat["E"], by_seat["W"])
        )

    @property
    def north_south(self) -> tuple[SeatPlace, SeatPlace]:
        return self.side("NS")

    @property
    def east_west(self) -> tuple[SeatPlace, SeatPlace]:
        return self.side("EW")


@dataclass(frozen=True)
class RubberScore:
    """A rubber table's round so far, as its captain and the room see it:
    the drive's hands it counts (those with a confirmed result, in order) and
    the rubbers they made."""

    hands: tuple[int, ...]
    rubbers: tuple[rubber.Rubber, ...]

    def by_hand(self) -> dict[int, rubber.Hand]:
        """The drive's hand number -> how its game saw it."""
        played = [hand for one in self.rubbers for hand in one.hands]
        return dict(zip(self.hands, played, strict=True))

    @property
    def current(self) -> rubber.Rubber | None:
        return self.rubbers[-1] if self.rubbers else None

    @property
    def game_score(self) -> tuple[int, int]:
        """(N-S, E-W) in the game in progress: nothing all after a game ends."""
        current = self.current
        if current is None or current.games[-1].winner is not None:
            return (0, 0)
        return current.games[-1].score

    @property
    def games_won(self) -> tuple[int, int]:
        """(N-S, E-W) games won in the rubber in progress (none after one ends)."""
        current = self.current
        if current is None or current.over:
            return (0, 0)
        return (current.won(Side.NS), current.won(Side.EW))

    @property
    def last_words(self) -> str:
        """What the last hand did: "Game to N-S, 5-2", "Rubber to E-W"..."""
        current = self.current
        return rubber.hand_words(current.hands[-1]) if current else ""

    @property
    def values(self) -> tuple[int, int]:
        """(N-S, E-W): what the round's rubbers are worth so far."""
        return rubber.table_values(self.rubbers)


def rubber_score(drive: Drive, state: TableState) -> RubberScore | None:
    """A rubber table's score from its confirmed results of the round (None
    when the drive does not play rubbers): the hands the boards count
    (scoring.hand_scores), so a hand missing in the middle is passed over by
    both alike."""
    if not drive.plays_rubbers:
        return None
    results = {
        (state.table, h.hand): Deal(
            h.confirmed.ns_tricks, h.confirmed.honours, h.confirmed.revoke
        )
        for h in state.hands
        if h.confirmed is not None
    }
    played = table_rubbers(
        results, round_of_hand=drive.round_of_hand, settings=rubber.settings_of(drive)
    )
    if not played:
        return RubberScore((), ())
    return RubberScore(played[0].hands, played[0].rubbers)


@dataclass(frozen=True)
class PredictionDeal:
    """One deal of a prediction whist table's game, as the room shows it: its
    kind and, once a result stands (confirmed, or waiting for an opponent),
    the deal it records."""

    hand: HandState
    kind: wist.DealKind
    deal: wist.Deal | None

    @property
    def number(self) -> int:
        """The deal's number in its game (1 to 8)."""
        return wist.deal_in_game(self.hand.hand)

    @property
    def points_words(self) -> str:
        """Each seat's points, in seat order: "points 3, 12, 25, 8"."""
        if self.deal is None:
            return ""
        return _("points %(points)s") % {
            "points": ", ".join(str(p) for p in self.deal.points)
        }


@dataclass(frozen=True)
class PredictionGame:
    """A prediction whist table's game (its round): each deal, and each
    seat's points over the deals confirmed so far."""

    game: int
    seats: tuple[SeatPlace, ...]
    deals: tuple[PredictionDeal, ...]
    totals: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def standings(self) -> list[tuple[SeatPlace, int]]:
        """Each seat with its points so far, in seat order."""
        return list(zip(self.seats, self.totals, strict=True))

    @property
    def confirmed(self) -> int:
        """How many of the game's deals are confirmed."""
        return sum(1 for d in self.deals if d.hand.confirmed is not None)


def result_deal(hand: int, result: HandResult | None) -> wist.Deal | None:
    """The prediction whist deal a result records (None for no result, or a
    result of another format)."""
    if result is None or not result.predictions:
        return None
    try:
        return wist.drive_deal(
            hand, wist.decode(result.predictions), wist.decode(result.tricks)
        )
    except (TypeError, ValueError):
        # Every result is checked as it is written; one that is not a deal
        # of the game shows as its words alone rather than stopping the page.
        return None


def prediction_game(drive: Drive, state: TableState) -> PredictionGame | None:
    """A prediction whist table's game from its results of the round (None in
    another drive): each deal's predictions, tricks and points, and the
    seats' points over the confirmed deals."""
    if not drive.plays_predictions:
        return None
    deals = tuple(
        PredictionDeal(
            h,
            wist.deal_kind(wist.deal_in_game(h.hand)),
            result_deal(h.hand, h.standing),
        )
        for h in state.hands
    )
    totals = [0] * len(state.seats)
    for item in deals:
        # A deal counts for the seats it was played by (a table's seats and
        # its results agree unless the seating was changed after the deal).
        confirmed = item.hand.confirmed is not None and item.deal is not None
        if confirmed and item.deal.players == len(totals):
            for seat, points in enumerate(item.deal.points):
                totals[seat] += points
    game = wist.game_of_hand(state.hands[0].hand) if state.hands else 0
    return PredictionGame(game, state.seats, deals, tuple(totals))


@dataclass(frozen=True)
class RoundHand:
    number: int
    trumps: Trump


@dataclass(frozen=True)
class ConflictToSettle:
    """Two results for one table and hand, for the organiser to settle.

    `late`: the hand's round is over (a phone sent its result after the room
    moved on); the moves after it stand whatever the organiser decides.
    """

    table: int
    round: int
    hand: HandState
    late: bool = False


@dataclass(frozen=True)
class Room:
    drive: Drive
    round_number: int
    hands: tuple[RoundHand, ...]
    tables: tuple[TableState, ...]
    sit_outs: tuple[SeatPlace, ...]
    # Open conflicts of hands before this round's.
    late_conflicts: tuple[ConflictToSettle, ...] = ()

    @property
    def conflicts(self) -> list[ConflictToSettle]:
        """Every disagreement to settle: this round's, then any late ones."""
        return [
            ConflictToSettle(t.table, self.round_number, h)
            for t in self.tables
            for h in t.hands
            if h.conflicts
        ] + list(self.late_conflicts)

    @property
    def waiting_tables(self) -> list[int]:
        """Tables still missing a confirmed result, or with a disagreement to settle."""
        return [
            t.table
            for t in self.tables
            if not t.complete or t.state == TableStateKind.CONFLICT
        ]

    @property
    def conflict_tables(self) -> list[int]:
        return [t.table for t in self.tables if t.state == TableStateKind.CONFLICT]

    @property
    def missing_tables(self) -> list[int]:
        """Tables with a result still to come (not those with only a conflict)."""
        return [
            t.table
            for t in self.tables
            if not t.complete and t.state != TableStateKind.CONFLICT
        ]

    @property
    def missing_text(self) -> str:
        return tables_text(self.missing_tables)

    @property
    def conflict_text(self) -> str:
        return tables_text(self.conflict_tables)

    @property
    def all_in(self) -> bool:
        return bool(self.tables) and not self.waiting_tables

    @property
    def in_play(self) -> bool:
        return self.drive.state == DriveState.IN_PLAY

    @property
    def is_last_round(self) -> bool:
        return self.round_number >= self.drive.rounds

    @property
    def first_hand(self) -> int | None:
        """The round's first hand (None before the start)."""
        return self.hands[0].number if self.hands else None

    @property
    def last_hand(self) -> int | None:
        """The round's last hand (None before the start)."""
        return self.hands[-1].number if self.hands else None

    @property
    def next_hand(self) -> RoundHand | None:
        """The first hand of the next round, once this one is done."""
        if not self.hands or self.hands[-1].number >= self.drive.hands:
            return None
        number = self.hands[-1].number + 1
        return RoundHand(number, trumps_for_hand(self.drive.trumps, number))

    def table(self, number: int) -> TableState | None:
        return next((t for t in self.tables if t.table == number), None)


def room(
    *, drive: Drive, round_number: int | None = None, table_number: int | None = None
) -> Room:
    """Every table of a round (the current one unless asked), its seats and each
    hand's results with their history: two queries whatever the size of the room.

    With `table_number`, that table alone (no sit-outs, no late conflicts): what
    its captain's page shows of the room.
    """
    round_number = drive.current_round if round_number is None else round_number
    trumps = drive.trumps
    hand_numbers = list(drive.hands_of_round(round_number)) if round_number else []
    hands = tuple(RoundHand(h, trumps_for_hand(trumps, h)) for h in hand_numbers)
    seats: dict[int, dict[str, SeatPlace]] = defaultdict(dict)
    tables: dict[int, tuple[int, str]] = {}
    sit_outs: list[SeatPlace] = []
    seat_rows = SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number
    )
    if table_number is not None:
        seat_rows = seat_rows.filter(table__number=table_number)
    for seat in seat_rows.select_related("entry__player", "table").order_by(
        "table__number", "position", "entry__number"
    ):
        place = SeatPlace(
            seat.position,
            seat.entry.number,
            seat.entry.player.name,
            numbered=drive.plays_predictions,
        )
        if seat.table is None:
            sit_outs.append(place)
            continue
        tables[seat.table.number] = (seat.table_id, seat.table.captain_key)
        seats[seat.table.number][seat.position] = place
    history: dict[tuple[int, int], list[HandResult]] = defaultdict(list)
    for result in (
        HandResult.objects.filter(
            table_id__in=[table_id for table_id, _key in tables.values()],
            hand__in=hand_numbers,
        )
        .select_related("entered_by", "resolved_by")
        .order_by("version")
    ):
        history[(result.table_id, result.hand)].append(result)
    states = []
    for number, (table_id, key) in sorted(tables.items()):
        by_seat = seats[number]
        states.append(
            TableState(
                table=number,
                table_id=table_id,
                captain_key=key,
                # A seat nobody holds is the dummy hand of a three-handed table;
                # a prediction whist table of five has its fifth seat last.
                seats=tuple(
                    by_seat.get(s) or SeatPlace(s, None, _("dummy hand"))
                    for s in PLAY_ORDER
                    if s != "F" or s in by_seat
                ),
                hands=tuple(
                    HandState(h.number, h.trumps, tuple(history[(table_id, h.number)]))
                    for h in hands
                ),
            )
        )
    return Room(
        drive=drive,
        round_number=round_number,
        hands=hands,
        tables=tuple(states),
        sit_outs=tuple(sorted(sit_outs, key=lambda p: p.number or 0)),
        late_conflicts=(
            _late_conflicts(drive, hand_numbers[0])
            if hand_numbers and table_number is None
            else ()
        ),
    )


def waiting_tables(*, drive: Drive, round_number: int) -> list[int]:
    """The tables of a round still missing a confirmed result for one of its
    hands, or with a disagreement to settle (Room.waiting_tables), in one query."""
    hands = drive.hands_of_round(round_number)
    if not hands:
        return []
    q = connection.ops.quote_name
    table, seat = q(Table._meta.db_table), q(SeatAssignment._meta.db_table)
    round_, result = q(Round._meta.db_table), q(HandResult._meta.db_table)
    id_, table_id, hand, status = q("id"), q("table_id"), q("hand"), q("status")
    of_table = (
        f"FROM {result} h WHERE h.{table_id} = t.{id_} "
        f"AND h.{hand} BETWEEN %s AND %s AND h.{status} = %s"
    )
    sql = (
        f"SELECT t.{q('number')} FROM {table} t WHERE t.{id_} IN ("
        f"SELECT s.{table_id} FROM {seat} s JOIN {round_} r "
        f"ON r.{id_} = s.{q('round_id')} "
        f"WHERE r.{q('drive_id')} = %s AND r.{q('number')} = %s) "
        f"AND ((SELECT COUNT(*) {of_table}) < %s "
        f"OR EXISTS (SELECT 1 {of_table} AND h.{q('resolved_at')} IS NULL)) "
        f"ORDER BY t.{q('number')}"
    )
    first, last = hands[0], hands[-1]
    params = [
        drive.pk,
        round_number,
        first,
        last,
        ResultStatus.CONFIRMED,
        len(hands),
        first,
        last,
        ResultStatus.CONFLICT,
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


def _late_conflicts(drive: Drive, first_hand: int) -> tuple[ConflictToSettle, ...]:
    """Open conflicts of hands before `first_hand`, each with its history: one
    query, and one more only when there are any."""
    places = set(
        HandResult.objects.filter(
            table__drive=drive,
            hand__lt=first_hand,
            status=ResultStatus.CONFLICT,
            resolved_at__isnull=True,
        ).values_list("table_id", "hand")
    )
    if not places:
        return ()
    history: dict[tuple[int, int], list[HandResult]] = defaultdict(list)
    for result in (
        HandResult.objects.filter(
            table_id__in={table_id for table_id, _hand in places},
            hand__in={hand for _table, hand in places},
        )
        .select_related("table", "entered_by", "resolved_by")
        .order_by("version")
    ):
        if (result.table_id, result.hand) in places:
            history[(result.table_id, result.hand)].append(result)
    trumps = drive.trumps
    late = [
        ConflictToSettle(
            table=results[0].table.number,
            round=drive.round_of_hand(hand),
            hand=HandState(hand, trumps_for_hand(trumps, hand), tuple(results)),
            late=True,
        )
        for (_, hand), results in history.items()
    ]
    return tuple(sorted(late, key=lambda c: (c.hand.hand, c.table)))


# --- where each player goes next -------------------------------------------------


class MoveKind:
    STAYS = "stays"
    MOVES = "moves"
    SITS_OUT = "sits_out"
    LEFT = "left"  # withdrawn from the drive


@dataclass(frozen=True)
class Move:
    """Where one player of a table goes in the next round."""

    number: int
    name: str
    kind: str
    table: int | None = None
    seat: str = ""
    # A prediction whist drive names its seats by their numbers.
    numbered: bool = False

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat, self.numbered)

    @property
    def seat_words(self) -> str:
        """The seat in the middle of a sentence: "North", or "seat 3" in
        prediction whist."""
        if self.numbered and self.seat in PLAY_ORDER:
            return _("seat %(number)d") % {
                "number": wist.seat_number(PLAY_ORDER.index(self.seat))
            }
        return self.seat_name

    def __str__(self) -> str:
        values = {
            "who": f"{self.name} ({self.number})",
            "table": self.table,
            "seat": self.seat_words,
        }
        if self.kind == MoveKind.SITS_OUT:
            return _("%(who)s: sits out") % values
        if self.kind == MoveKind.LEFT:
            return _("%(who)s: has left the drive") % values
        if self.kind == MoveKind.STAYS:
            return _("%(who)s: table %(table)s, %(seat)s (stays)") % values
        return _("%(who)s: table %(table)s, %(seat)s") % values


def table_moves(*, drive: Drive, table_number: int, from_round: int) -> list[Move]:
    """Where the players of one table in `from_round` sit in the round after it.

    Empty until that round is seated. A player with no seat next round has
    withdrawn, or sits out.
    """
    # This table's seats in `from_round`, then those players' seats in the
    # round after: a hundred phones ask at once when a round moves on, so not
    # the whole room's.
    if not Round.objects.filter(drive=drive, number=from_round + 1).exists():
        return []
    players = list(
        SeatAssignment.objects.filter(
            round__drive=drive,
            round__number=from_round,
            table__number=table_number,
        ).select_related("entry__player")
    )
    following = {
        s.entry_id: s
        for s in SeatAssignment.objects.filter(
            round__drive=drive,
            round__number=from_round + 1,
            entry_id__in=[s.entry_id for s in players],
        ).select_related("table")
    }
    moves = []
    for seat in sorted(players, key=lambda s: PLAY_ORDER.index(s.position)):
        entry = seat.entry
        after = following.get(entry.pk)
        if after is None:
            kind, table, position = MoveKind.LEFT, None, ""
        elif after.table is None:
            kind, table, position = MoveKind.SITS_OUT, None, ""
        else:
            table, position = after.table.number, after.position
            kind = MoveKind.STAYS if table == table_number else MoveKind.MOVES
        moves.append(
            Move(
                entry.number,
                entry.player.name,
                kind,
                table,
                position,
                numbered=drive.plays_predictions,
            )
        )
    return moves


# --- the captain's phone ---------------------------------------------------------


class CaptainMode:
    NOT_STARTED = "not_started"
    FINISHED = "finished"
    NO_GAME = "no_game"  # this table has nobody in the current round
    CONFIRM = "confirm"  # a result waits for an opponent's confirmation
    ENTER = "enter"  # the current hand needs its result
    WAITING = "waiting"  # this table is in; the room is not


@dataclass(frozen=True)
class CaptainView:
    """Everything one table's captain sees."""

    drive: Drive
    table_number: int
    room: Room  # this table's part of it (room(table_number=...))
    state: TableState | None
    moves: list[Move]
    # The round's tables still waiting for a result or a settlement.
    waiting: list[int]

    @property
    def mode(self) -> str:
        if self.drive.state in (DriveState.DRAFT, DriveState.OPEN):
            return CaptainMode.NOT_STARTED
        if self.drive.state == DriveState.FINISHED:
            return CaptainMode.FINISHED
        if self.state is None:
            return CaptainMode.NO_GAME
        if self.state.pending is not None:
            return CaptainMode.CONFIRM
        if self.state.current is not None:
            return CaptainMode.ENTER
        return CaptainMode.WAITING

    @property
    def polling(self) -> bool:
        """Whether the page updates itself: only while nothing is asked of the table."""
        return self.mode in (
            CaptainMode.NOT_STARTED,
            CaptainMode.NO_GAME,
            CaptainMode.WAITING,
        )

    @property
    def hand(self) -> HandState | None:
        """The hand the page is about: waiting for confirmation, or to be entered."""
        if self.state is None:
            return None
        return self.state.pending or self.state.current

    @property
    def waiting_for(self) -> list[int]:
        return [t for t in self.waiting if t != self.table_number]

    @property
    def settling_here(self) -> bool:
        """This table is in, yet the room waits for it: two of its results
        disagree, and the organiser settles them."""
        return self.table_number in self.waiting

    @property
    def waiting_text(self) -> str:
        return tables_text(self.waiting_for)

    @cached_property
    def rubber(self) -> RubberScore | None:
        """A rubber table's game and rubber score (None in other drives)."""
        if self.state is None:
            return None
        return rubber_score(self.drive, self.state)

    @property
    def entered(self) -> list[HandState]:
        """This table's hands of the round that have a result."""
        if self.state is None:
            return []
        return [h for h in self.state.hands if h.standing is not None]


def captain_view(*, drive: Drive, table_number: int) -> CaptainView:
    """One table's page: its seats and results, and which tables the room still
    waits for. A hundred phones load it at once when a round moves on, so it
    reads this table alone, not the whole room."""
    current = room(drive=drive, table_number=table_number)
    state = current.table(table_number)
    moves: list[Move] = []
    if drive.state == DriveState.IN_PLAY and drive.current_round > 1:
        fresh = state is None or all(h.standing is None for h in state.hands)
        if fresh:
            # A new round has just been seated: tell the last round's players where to go.
            moves = table_moves(
                drive=drive,
                table_number=table_number,
                from_round=drive.current_round - 1,
            )
    waiting = (
        waiting_tables(drive=drive, round_number=drive.current_round)
        if state is not None and state.current is None and state.pending is None
        else []
    )
    return CaptainView(
        drive=drive,
        table_number=table_number,
        room=current,
        state=state,
        moves=moves,
        waiting=waiting,
    )
