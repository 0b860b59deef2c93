"""Reads of the evening as it happens: the room (every table of the current
round, live) and what a captain's phone shows. A table's seats and results
are in scoring.table_state, its round in each game in scoring.table_games,
where its players go next in scoring.moves.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.db import connection
from django.utils.translation import gettext as _

from drive.models import Drive, DriveState, Round, SeatAssignment, Table
from drive.trumps import Trump, trumps_for_hand
from players.lists import and_list
from scoring.models import HandResult, ResultStatus
from scoring.moves import Move, MoveKind, table_moves
from scoring.selectors import tables_at_text, tables_text
from scoring.table_games import TABLES, PredictionGame
from scoring.table_rubbers import TableRubbers
from scoring.table_state import (
    PLAY_ORDER,
    HandState,
    SeatPlace,
    TableState,
    TableStateKind,
)

# --- the room: every table of the current round, live ------------------------------


def rubber_score(drive: Drive, state: TableState) -> TableRubbers | None:
    """A rubber table's round so far, from its confirmed results (None when
    the drive does not play rubbers)."""
    return TABLES[drive.game].rubber_score(drive, state)


def prediction_game(drive: Drive, state: TableState) -> PredictionGame | None:
    """A prediction whist table's game from its results of the round (None in
    another drive)."""
    return TABLES[drive.game].prediction_game(drive, state)


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
    # The hand's place in its round (Drive.hand_named): deal 3 of game 2;
    # required, so that no caller names every hand its round's first.
    number: int
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
    def sit_outs_text(self) -> str:
        """The players sitting out, as a list in a sentence: "9 Anna Nowak,
        12 Jan Wróbel and 14 Ewa Lis" (Italian "... e 14 Ewa Lis")."""
        return and_list(f"{p.number} {p.name}" for p in self.sit_outs)

    @property
    def conflicts(self) -> list[ConflictToSettle]:
        """Every disagreement to settle: this round's, then any late ones."""
        return [
            ConflictToSettle(
                t.table,
                self.round_number,
                h,
                number=self.drive.hand_named(h.hand)["number"],
            )
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
        """Where two results disagree: "at table 3", "at tables 3 and 7"."""
        return tables_at_text(self.conflict_tables)

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
    def hands_from_to(self) -> str:
        """The round's hands as the drive's format names them, "Hands 9 to
        16:", prediction whist's game's own "Deals 1 to 8:" (drive.words);
        empty before the start."""
        if not self.hands:
            return ""
        first, last = self.hands[0].number, self.hands[-1].number
        return self.drive.words.hands_from_to(
            first=first,
            last=last,
            first_number=self.drive.hand_named(first)["number"],
            last_number=self.drive.hand_named(last)["number"],
        )

    @property
    def round_of(self) -> str:
        """ "Round 2 of 6", prediction whist's "Game 2 of 6" (drive.words)."""
        return self.drive.words.round_of(self.round_number, self.drive.rounds)

    @property
    def next_hand(self) -> RoundHand | None:
        """The first hand of the next round, once this one is done."""
        if not self.hands or self.hands[-1].number >= self.drive.hands:
            return None
        number = self.hands[-1].number + 1
        return RoundHand(number, self.drive.trumps_of_hand(number))

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
    numbered = TABLES[drive.game].numbered
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
            numbered=numbered,
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
            number=drive.hand_named(hand)["number"],
        )
        for (_, hand), results in history.items()
    ]
    return tuple(sorted(late, key=lambda c: (c.hand.hand, c.table)))


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
    def someone_leaves(self) -> bool:
        """Whether a player of the last round goes to another table (or sits
        out): the captain's page stays this table's, whoever carries the phone."""
        return any(
            move.kind in (MoveKind.MOVES, MoveKind.SITS_OUT) for move in self.moves
        )

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
    def rubber(self) -> TableRubbers | None:
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
