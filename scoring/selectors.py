"""Reads of scores: the leaderboard, the deals of a drive, the state of a round.

The leaderboard is a fixed handful of queries whatever the size of the drive:
entries, seats, confirmed results and adjustment sums, then plain-Python
arithmetic in scoring.standings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Sum

from drive.models import Drive, DriveState, Entry, Round, SeatAssignment
from drive.trumps import Trump, trumps_for_hand
from scoring.models import (
    DEFAULT_TIE_BREAKS,
    Adjustment,
    ClubScoringSettings,
    ContestChoice,
    DrivePrizeRules,
    HandResult,
    ResultStatus,
    TieDraw,
)
from scoring.rules import ew_tricks, seat_scores
from scoring.standings import EntryRecord, Standing, room_averages, standings
from scoring.tiebreaks import DriveTieBreaks, Rule, TieBreakError, parse_order


@dataclass
class DriveScores:
    """Everything the standings need, loaded once."""

    drive: Drive
    records: list[EntryRecord]
    averages: dict
    hands_complete: int
    # Set once the drive is finished: ranks then follow the club's tie-break rules.
    tie_breaks: DriveTieBreaks | None = None

    def standings(self, group: str | None = None) -> list[Standing]:
        rows = standings(
            self.records,
            rule=self.drive.sit_out_compensation,
            fixed_score=self.drive.sit_out_fixed_score,
            averages=self.averages,
            group=group,
        )
        if self.tie_breaks is not None:
            rows = self.tie_breaks.apply(rows, self.records)
        return rows


def club_tie_break_order(*, club_id: int) -> tuple[Rule, ...]:
    """The club's tie-break rules in order (the defaults when it has not chosen)."""
    text = (
        ClubScoringSettings.objects.filter(club_id=club_id)
        .values_list("tie_breaks", flat=True)
        .first()
    )
    try:
        return parse_order(DEFAULT_TIE_BREAKS if text is None else text)
    except TieBreakError:  # only ever stored after checking; never stop a page for it
        return parse_order(DEFAULT_TIE_BREAKS)


@dataclass(frozen=True)
class PrizeRules:
    """The tie-breaks and one-prize-per-person rule a drive's ranks and prizes follow."""

    order: tuple[Rule, ...]
    one_prize_per_person: bool
    # The drive's own copy, kept since it started; otherwise the club's, as they are now.
    frozen: bool


def drive_prize_rules(*, drive: Drive) -> PrizeRules:
    """A started drive's own rules (DrivePrizeRules), else the club's (one query each)."""
    own = (
        DrivePrizeRules.objects.filter(drive_id=drive.pk)
        .values_list("tie_breaks", "one_prize_per_person")
        .first()
    )
    if own is not None:
        text, one_prize = own
    else:
        text, one_prize = ClubScoringSettings.objects.filter(
            club_id=drive.club_id
        ).values_list("tie_breaks", "one_prize_per_person").first() or (
            DEFAULT_TIE_BREAKS,
            False,
        )
    try:
        order = parse_order(text)
    except TieBreakError:  # only ever stored after checking; never stop a page for it
        order = parse_order(DEFAULT_TIE_BREAKS)
    return PrizeRules(
        order=order, one_prize_per_person=one_prize, frozen=own is not None
    )


def recorded_draws(*, drive: Drive, contest: str) -> dict[frozenset[int], int]:
    """The organiser's draws of one contest of a drive: who cut -> who won the cut."""
    return {
        draw.member_keys: draw.winner_entry_id
        for draw in TieDraw.objects.filter(drive=drive, contest=contest)
    }


def finished_tie_breaks(*, drive: Drive, averages: dict) -> DriveTieBreaks:
    return DriveTieBreaks(
        order=drive_prize_rules(drive=drive).order,
        last_hand=drive.hands,
        scoring_rule=drive.scoring_rule,
        compensation=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
        draws=recorded_draws(drive=drive, contest=ContestChoice.FINAL),
    )


def confirmed_tricks(*, drive: Drive) -> dict[tuple[int, int], int]:
    """(table id, hand) -> N-S tricks of every confirmed result."""
    return {
        (table_id, hand): ns
        for table_id, hand, ns in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks")
    }


def _seats_with_results(drive: Drive) -> list[tuple]:
    """Every seat of the drive, joined to the confirmed results of its table.

    Rows of (entry id, position, round, sat out, hand, N-S tricks): one per
    hand played and in, and one with no hand for a seat whose table has no
    result yet or for a sit-out. One query that hands back only what the
    scores need: the leaderboard of a big drive is tens of thousands of seats,
    and matching them to results in Python was most of its time.
    """
    seat = SeatAssignment._meta.db_table
    round_ = Round._meta.db_table
    result = HandResult._meta.db_table
    per = drive.hands_per_round
    sql = (
        f"SELECT s.entry_id, s.position, r.number, s.table_id IS NULL, "
        f"h.hand, h.ns_tricks FROM {seat} s "
        f"JOIN {round_} r ON r.id = s.round_id "
        f"LEFT JOIN {result} h ON h.table_id = s.table_id AND h.status = %s "
        f"AND h.hand > (r.number - 1) * %s AND h.hand <= r.number * %s "
        f"WHERE r.drive_id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [ResultStatus.CONFIRMED.value, per, per, drive.pk])
        return cursor.fetchall()


def drive_scores(*, drive: Drive) -> DriveScores:
    entries = list(
        Entry.objects.filter(drive=drive).values_list(
            "pk", "number", "player__name", "group"
        )
    )
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    scores_by_hand: dict[int, list[int]] = defaultdict(list)
    sat_out_rounds: list[tuple[int, int]] = []
    score_of = seat_scores(drive.scoring_rule)
    for entry_id, position, round_number, sat, hand, ns in _seats_with_results(drive):
        if sat:
            sat_out_rounds.append((entry_id, round_number))
        elif hand is not None:
            score = score_of[position, ns]
            scores[entry_id][hand] = score
            scores_by_hand[hand].append(score)
    hands_with_results = set(scores_by_hand)
    sat_out: dict[int, list[int]] = defaultdict(list)
    for entry_id, round_number in sat_out_rounds:
        for hand in drive.hands_of_round(round_number):
            if hand in hands_with_results:
                sat_out[entry_id].append(hand)
    adjustments = dict(
        Adjustment.objects.filter(entry__drive=drive)
        .values("entry_id")
        .annotate(total=Sum("points"))
        .values_list("entry_id", "total")
    )
    records = [
        EntryRecord(
            entry=pk,
            number=number,
            name=name,
            group=group,
            hand_scores=dict(scores.get(pk, {})),
            sat_out_hands=tuple(sorted(sat_out.get(pk, ()))),
            adjustments=adjustments.get(pk, 0),
        )
        for pk, number, name, group in entries
    ]
    averages = room_averages(scores_by_hand)
    return DriveScores(
        drive=drive,
        records=records,
        averages=averages,
        hands_complete=len(hands_with_results),
        tie_breaks=(
            finished_tie_breaks(drive=drive, averages=averages)
            if drive.state == DriveState.FINISHED
            else None
        ),
    )


def leaderboard(*, drive: Drive, group: str | None = None) -> list[Standing]:
    return drive_scores(drive=drive).standings(group=group)


@dataclass(frozen=True)
class Deal:
    """One table's play of one hand; a dummy hand's seat holds None."""

    hand: int
    round: int
    trumps: Trump
    table: int
    table_id: int
    north: int | None
    east: int | None
    south: int | None
    west: int | None
    ns_tricks: int | None
    version: int = 0
    names: dict = field(default_factory=dict, compare=False)

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)


def deals(*, drive: Drive, round_number: int | None = None) -> list[Deal]:
    """Every table and hand that has been seated, with its confirmed tricks where entered."""
    seats = SeatAssignment.objects.filter(round__drive=drive, table__isnull=False)
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
    places: dict[tuple[int, int, int], dict[str, int]] = defaultdict(dict)
    names: dict[int, str] = {}
    for round_no, table_no, table_id, position, number, name in seats.values_list(
        "round__number",
        "table__number",
        "table_id",
        "position",
        "entry__number",
        "entry__player__name",
    ):
        places[(round_no, table_no, table_id)][position] = number
        names[number] = name
    results = {
        (table_id, hand): (ns, version)
        for table_id, hand, ns, version in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks", "version")
    }
    trumps = drive.trumps
    rows: list[Deal] = []
    for (round_no, table_no, table_id), seat in places.items():
        for hand in drive.hands_of_round(round_no):
            ns, version = results.get((table_id, hand), (None, 0))
            rows.append(
                Deal(
                    hand=hand,
                    round=round_no,
                    trumps=trumps_for_hand(trumps, hand),
                    table=table_no,
                    table_id=table_id,
                    north=seat.get("N"),
                    east=seat.get("E"),
                    south=seat.get("S"),
                    west=seat.get("W"),
                    ns_tricks=ns,
                    version=version,
                    names=names,
                )
            )
    rows.sort(key=lambda d: (d.hand, d.table))
    return rows


def result_history(*, drive: Drive, table_number: int, hand: int) -> list[HandResult]:
    return list(
        HandResult.objects.filter(
            table__drive=drive, table__number=table_number, hand=hand
        )
        .select_related("entered_by", "table")
        .order_by("version")
    )


def standing_result(*, table_id: int, hand: int) -> HandResult | None:
    """The result that stands for one table's hand (confirmed, or waiting for an opponent)."""
    return (
        HandResult.objects.filter(
            table_id=table_id,
            hand=hand,
            status__in=(ResultStatus.CONFIRMED, ResultStatus.PENDING),
        )
        .order_by("-version")
        .first()
    )


def tables_text(numbers: list[int]) -> str:
    """ "table 3", "tables 3 and 7", "tables 1, 3 and 7"."""
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return "tables " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


# --- the room: every table of the current round, live ------------------------------

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class TableStateKind:
    """A table's state for the current round, as the organiser's room shows it."""

    WAITING = "waiting"  # a hand has no result yet
    ENTERED = "entered"  # on a phone, waiting for an opponent's confirmation
    CONFIRMED = "confirmed"  # every hand in
    CONFLICT = "conflict"  # two phones disagree: the organiser settles it


@dataclass(frozen=True)
class SeatPlace:
    """Who sits in one seat; `number` is None for a dummy hand (three-handed table)."""

    seat: str
    number: int | None
    name: str

    @property
    def seat_name(self) -> str:
        return SEAT_NAMES[self.seat]


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


def current_hand(hands: Iterable[int], standing: Collection[int]) -> int | None:
    """The hand a table plays now: the first of its round's `hands` without a
    standing result (`standing`: the hands with one, confirmed or waiting for
    an opponent); None once every hand is in."""
    return next((hand for hand in hands if hand not in standing), None)


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
    def next_hand(self) -> RoundHand | None:
        """The first hand of the next round, once this one is done."""
        if not self.hands or self.hands[-1].number >= self.drive.hands:
            return None
        number = self.hands[-1].number + 1
        return RoundHand(number, trumps_for_hand(self.drive.trumps, number))

    def table(self, number: int) -> TableState | None:
        return next((t for t in self.tables if t.table == number), None)


def room(*, drive: Drive, round_number: int | None = None) -> Room:
    """Every table of a round (the current one unless asked), its seats and each
    hand's results with their history: two queries whatever the size of the room."""
    round_number = drive.current_round if round_number is None else round_number
    trumps = drive.trumps
    hand_numbers = list(drive.hands_of_round(round_number)) if round_number else []
    hands = tuple(RoundHand(h, trumps_for_hand(trumps, h)) for h in hand_numbers)
    seats: dict[int, dict[str, SeatPlace]] = defaultdict(dict)
    tables: dict[int, tuple[int, str]] = {}
    sit_outs: list[SeatPlace] = []
    for seat in (
        SeatAssignment.objects.filter(round__drive=drive, round__number=round_number)
        .select_related("entry__player", "table")
        .order_by("table__number", "position", "entry__number")
    ):
        place = SeatPlace(seat.position, seat.entry.number, seat.entry.player.name)
        if seat.table is None:
            sit_outs.append(place)
            continue
        tables[seat.table.number] = (seat.table_id, seat.table.captain_key)
        seats[seat.table.number][seat.position] = place
    history: dict[tuple[int, int], list[HandResult]] = defaultdict(list)
    for result in (
        HandResult.objects.filter(
            table_id__in=[table_id for table_id, _ in tables.values()],
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
                # A seat nobody holds is the dummy hand of a three-handed table.
                seats=tuple(
                    by_seat.get(s) or SeatPlace(s, None, "dummy hand") for s in "NESW"
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
            _late_conflicts(drive, hand_numbers[0]) if hand_numbers else ()
        ),
    )


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
            table_id__in={table_id for table_id, _ in places},
            hand__in={hand for _, hand in places},
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

    @property
    def seat_name(self) -> str:
        return SEAT_NAMES.get(self.seat, "")

    def __str__(self) -> str:
        who = f"{self.name} ({self.number})"
        if self.kind == MoveKind.SITS_OUT:
            return f"{who}: sits out"
        if self.kind == MoveKind.LEFT:
            return f"{who}: has left the drive"
        stay = " (stays)" if self.kind == MoveKind.STAYS else ""
        return f"{who}: table {self.table}, {self.seat_name}{stay}"


def table_moves(*, drive: Drive, table_number: int, from_round: int) -> list[Move]:
    """Where the players of one table in `from_round` sit in the round after it.

    Empty until that round is seated. A player with no seat next round has
    withdrawn, or sits out.
    """
    seats = list(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number__in=(from_round, from_round + 1)
        ).select_related("entry__player", "table", "round")
    )
    if not any(s.round.number == from_round + 1 for s in seats):
        return []
    players = [
        s
        for s in seats
        if s.round.number == from_round
        and s.table is not None
        and s.table.number == table_number
    ]
    following = {s.entry_id: s for s in seats if s.round.number == from_round + 1}
    order = "NESW"
    moves = []
    for seat in sorted(players, key=lambda s: order.index(s.position)):
        entry = seat.entry
        after = following.get(entry.pk)
        if after is None:
            kind, table, position = MoveKind.LEFT, None, ""
        elif after.table is None:
            kind, table, position = MoveKind.SITS_OUT, None, ""
        else:
            table, position = after.table.number, after.position
            kind = MoveKind.STAYS if table == table_number else MoveKind.MOVES
        moves.append(Move(entry.number, entry.player.name, kind, table, position))
    return moves


def board_groups(*, drive: Drive) -> list[tuple[str, str, str | None]]:
    """The leaderboards shown in turn: (title, slug, group) overall, then each group."""
    boards: list[tuple[str, str, str | None]] = [("Overall", "overall", None)]
    if drive.has_groups:
        boards += [
            (drive.group_a_label, "group-a", "A"),
            (drive.group_b_label, "group-b", "B"),
        ]
    return boards


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
    room: Room
    state: TableState | None
    moves: list[Move]

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
        return [t for t in self.room.waiting_tables if t != self.table_number]

    @property
    def waiting_text(self) -> str:
        return tables_text(self.waiting_for)

    @property
    def entered(self) -> list[HandState]:
        """This table's hands of the round that have a result."""
        if self.state is None:
            return []
        return [h for h in self.state.hands if h.standing is not None]


def captain_view(*, drive: Drive, table_number: int) -> CaptainView:
    current = room(drive=drive)
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
    return CaptainView(
        drive=drive,
        table_number=table_number,
        room=current,
        state=state,
        moves=moves,
    )
