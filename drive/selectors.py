"""Reads of a drive: head counts, seatings, what the organiser sees."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from drive import clock as round_clock
from drive import movement
from drive.game_pages import GAME_PAGES
from drive.models import (
    Drive,
    DriveState,
    Entry,
    Round,
    SeatAssignment,
)
from drive.movement import plan
from drive.movement.describe import bell_call, bell_start, format_rule
from drive.movement.partners import played_mitchell
from drive.movement.quality import player_paths
from drive.movement.types import DUMMY
from drive.seating import lineup, plan_preview, stored_seatings
from drive.services import (
    PLAYERS_TO_START,
    balance_message,
    roster_namesakes,
    roster_suggestions,
)
from drive.stay_selectors import stays_words
from players.models import Player


@dataclass(frozen=True)
class HeadCount:
    group_a: int
    group_b: int
    tables: int
    sit_out_a: int
    sit_out_b: int
    advice: int
    advice_text: str
    round_number: int | None
    sit_outs: int = 0
    three_handed_table: bool = False
    pairs: int = 0

    @property
    def players(self) -> int:
        return self.group_a + self.group_b

    @property
    def players_still_needed(self) -> int:
        """How many more must check in before the drive can start (drive_start checks)."""
        return max(0, PLAYERS_TO_START - self.players)


def not_checked_in(*, drive: Drive) -> int:
    """The entries registered but not checked in: the start seats none of them."""
    return drive.entries.filter(checked_in=False, withdrawn_from_round=None).count()


def _coming_round(drive: Drive) -> int | None:
    """The round whose line-up counts: in play the next one (or the last);
    None before and after play (everyone checked in and not withdrawn)."""
    if drive.state == DriveState.IN_PLAY:
        return min(drive.current_round + 1, drive.rounds)
    return None


def namesakes(
    *, drive: Drive, name: str, besides: Player | None = None
) -> list[Player]:
    """The players the door asks about when `name` is typed: those of the
    club's players called it who are not entered in the drive (nor the pair's
    other player, `besides`: drive.services.roster_namesakes), when there is
    more than one; else none."""
    free, _entered = roster_namesakes(drive, name, besides)
    return free if len(free) > 1 else []


@dataclass(frozen=True)
class Suggestion:
    """A roster player the door offers for a name typed, and their entry
    number when they are entered already; `arriving`: entered and not yet
    checked in (nor withdrawn), in a drive not finished, so the door offers
    their check-in (the surname typed is how a volunteer finds the one
    booked in advance who has just come in)."""

    player: Player
    number: int | None
    entry_pk: int | None = None
    arriving: bool = False


def door_suggestions(
    *, drive: Drive, name: str, besides: Player | None = None
) -> list[Suggestion]:
    """The players the door offers when `name` is nobody's on the roster but
    resembles some (drive.services.roster_suggestions), each with their
    entry number if they are entered already."""
    found = roster_suggestions(drive, name, besides)
    entries = {
        e.player_id: e
        for e in Entry.objects.filter(drive=drive, player__in=found).only(
            "pk", "player_id", "number", "checked_in", "withdrawn_from_round"
        )
    }
    can_arrive = drive.state != DriveState.FINISHED
    suggestions = []
    for player in found:
        entry = entries.get(player.pk)
        if entry is None:
            suggestions.append(Suggestion(player=player, number=None))
            continue
        waiting = not entry.checked_in and not entry.withdrawn_from_round
        suggestions.append(
            Suggestion(
                player=player,
                number=entry.number,
                entry_pk=entry.pk,
                arriving=can_arrive and waiting,
            )
        )
    return suggestions


def head_count(*, drive: Drive) -> HeadCount:
    """Before play: everyone checked in. In play: those who play the next round."""
    round_number = _coming_round(drive)
    players = lineup(drive=drive, round_number=round_number)
    a, b = len(players.group_a), len(players.group_b)
    count = plan.head_count(
        format=drive.format, lineup=players, three_handed=drive.three_handed
    )
    advice = movement.balance_advice(group_a=a, group_b=b) if drive.has_groups else 0
    sit_out_a = sit_out_b = 0
    if drive.has_groups and not count.three_handed_table:
        tables = movement.table_count(group_a=a, group_b=b)
        sit_out_a, sit_out_b = a - 2 * tables, b - 2 * tables
    return HeadCount(
        group_a=a,
        group_b=b,
        tables=count.tables,
        sit_out_a=sit_out_a,
        sit_out_b=sit_out_b,
        advice=advice,
        advice_text=balance_message(drive=drive, advice=advice),
        round_number=round_number,
        sit_outs=count.sit_outs,
        three_handed_table=count.three_handed_table,
        pairs=len(players.pairs),
    )


@dataclass(frozen=True)
class Place:
    number: int
    name: str
    group: str


@dataclass(frozen=True)
class TablePlaces:
    """One table's four places; a dummy hand's place (three-handed table) is
    None. A prediction whist table of five has a fifth place."""

    table: int
    north: Place | None
    east: Place | None
    south: Place | None
    west: Place | None
    fifth: Place | None = None

    @property
    def in_play_order(self) -> tuple[Place | None, ...]:
        """The places in the order of play (prediction whist numbers its
        seats 1 up in this order): N, E, S, W, and the fifth at a table of five."""
        places = (self.north, self.east, self.south, self.west)
        return places if self.fifth is None else (*places, self.fifth)


@dataclass(frozen=True)
class RoundSeating:
    round: int
    hands: range
    tables: list[TablePlaces]
    sit_outs: list[Place]

    @property
    def in_round(self) -> range:
        """Each hand's place in its round (drive.hand_place): a prediction
        whist game's deals 1 to 8, as the phones, the room and the sheets
        number them."""
        return range(1, len(self.hands) + 1)


def round_seating(*, drive: Drive, round_number: int) -> RoundSeating | None:
    seats = list(
        SeatAssignment.objects.filter(round__drive=drive, round__number=round_number)
        .select_related("entry__player", "table")
        .order_by("table__number", "position")
    )
    if not seats:
        return None
    by_table: dict[int, dict[str, Place]] = {}
    sit_outs: list[Place] = []
    for seat in seats:
        place = Place(seat.entry.number, seat.entry.player.name, seat.entry.group)
        if seat.table is None:
            sit_outs.append(place)
        else:
            by_table.setdefault(seat.table.number, {})[seat.position] = place
    tables = [
        TablePlaces(t, p.get("N"), p.get("E"), p.get("S"), p.get("W"), p.get("F"))
        for t, p in sorted(by_table.items())
    ]
    sit_outs.sort(key=lambda p: p.number)
    return RoundSeating(
        round_number, drive.hands_of_round(round_number), tables, sit_outs
    )


@dataclass(frozen=True)
class EntryPlace:
    entry: Entry
    table: int | None
    seat: str


def seating_by_entry(*, drive: Drive, round_number: int) -> list[EntryPlace]:
    """Where each entry sits in a round, in entry-number order: the list read
    out at the door. Its seat is said as a cell under the column head "Seat"
    ("North"; in prediction whist the number alone, "3")."""
    cell = GAME_PAGES[drive.game].seat_cell
    seats = (
        SeatAssignment.objects.filter(round__drive=drive, round__number=round_number)
        .select_related("entry__player", "table")
        .order_by("entry__number")
    )
    return [
        EntryPlace(
            s.entry,
            s.table.number if s.table else None,
            cell(s.position) if s.table else "",
        )
        for s in seats
    ]


def entry_place(*, drive: Drive, round_number: int, number: int) -> EntryPlace | None:
    """Where the entry numbered `number` sits in a round (table None: it sits
    out), or None when it has no place in it (not yet seated, or withdrawn)."""
    seat = (
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, entry__number=number
        )
        .select_related("entry__player", "table")
        .first()
    )
    if seat is None:
        return None
    if seat.table is None:
        return EntryPlace(seat.entry, None, "")
    return EntryPlace(seat.entry, seat.table.number, seat_label(drive, seat.position))


def seat_label(drive: Drive, position: str) -> str:
    """A seat as the drive's pages name it: "North", or in prediction whist
    its number in the order of play, "Seat 3"."""
    return GAME_PAGES[drive.game].seat_label(position)


@dataclass(frozen=True)
class MovementOverview:
    """The whole movement as the organiser previews it: grid, paths, quality."""

    rounds: list[int]
    grid: list[tuple[int, list[str]]]  # table -> one cell per round
    paths: list[tuple[Entry, list[str]]]  # entry -> one cell per round
    quality: str
    problems: list[str]
    planned: bool  # not yet stored: a preview of a fixed format before play
    rule: str = ""  # the format's rule in plain words
    # Prediction whist: how the head count splits into tables, in words.
    tables: str = ""
    # Where each player who stays at one table stays, and what it cost.
    stays: tuple[str, ...] = ()

    @property
    def blocks(self) -> list[MovementBlock]:
        """The grid and the paths cut into blocks of at most
        ``BLOCK_ROUNDS`` rounds, as even as they go (24 rounds: three of 8;
        39: four of 8 and one of 7), each with its own row headers. The page
        holds them once: on screen side by side, scrolled sideways as one
        strip; on paper (print.css) one under the other, so a long evening's
        every round is on paper, not clipped at the page's edge."""
        count = len(self.rounds)
        if not count:
            return []
        blocks = -(-count // BLOCK_ROUNDS)
        size = -(-count // blocks)
        return [
            MovementBlock(
                self.rounds[start : start + size],
                [(t, cells[start : start + size]) for t, cells in self.grid],
                [(e, cells[start : start + size]) for e, cells in self.paths],
            )
            for start in range(0, count, size)
        ]


# The most rounds a block of the movement holds, on screen and on paper: at
# 10 pt on a portrait A4 page, eight cells of "13 и 10 против 1 и 6" beside
# the table.
BLOCK_ROUNDS = 8


@dataclass(frozen=True)
class MovementBlock:
    """Some rounds of the movement's grid and paths, with their row headers."""

    rounds: list[int]
    grid: list[tuple[int, list[str]]]
    paths: list[tuple[Entry, list[str]]]


def movement_rule(*, drive: Drive) -> str:
    """The drive's format and options as a rule in plain words.

    A partners drive's movement depends on its pairs (those of the coming
    round; before play, those checked in) and the evening's rounds; once
    seated, its own rounds say which movement it plays (a drive seated by an
    earlier release keeps the movement it played).
    """
    return format_rule(
        drive.format,
        winners_move=drive.winners_move,
        three_handed=drive.three_handed,
        # Named as the drive names its groups ("the Ladies player stays North").
        groups=(drive.group_a_label, drive.group_b_label),
        **_pairs_movement(drive),
    )


def _pairs_movement(drive: Drive) -> dict[str, Any]:
    """What decides a partners drive's movement: its pairs, its rounds and,
    once seated, the movement its rounds played."""
    round_robin = None
    if drive.plays_in_pairs and drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        mitchell = played_mitchell(stored_seatings(drive=drive))
        round_robin = None if mitchell is None else not mitchell
    return {
        "pairs": movement_pairs(drive=drive),
        "rounds": drive.rounds,
        "round_robin": round_robin,
    }


@dataclass(frozen=True)
class BellView:
    """The bell as the projector hears it (static/js/bell.js): it rings when
    `rung` goes up (the organiser's hand), when `round_number` changes (with
    `start`), and at time up (with `call`, the call to move). Each is shown
    as it is and spoken as its `_spoken` twin, the seats in words."""

    rung: int
    round_number: int
    call: str
    start: str
    call_spoken: str
    start_spoken: str


def bell_view(*, drive: Drive) -> BellView:
    """The bell's words in the active language (the club's) and its count."""
    pairs = _pairs_movement(drive) if drive.plays_in_pairs else {}
    call = {
        aloud: bell_call(
            drive.format,
            winners_move=drive.winners_move,
            group_a=drive.group_a_label,
            group_b=drive.group_b_label,
            aloud=aloud,
            **pairs,
        )
        for aloud in (False, True)
    }
    start = bell_start(drive.format, round_number=drive.current_round)
    return BellView(
        rung=drive.bell_rung,
        round_number=drive.current_round,
        call=call[False],
        start=start,
        call_spoken=call[True],
        # A round's start names no seat: it is spoken as it is shown.
        start_spoken=start,
    )


def movement_pairs(*, drive: Drive) -> int:
    """A partners drive's pairs of the coming round (before play: those checked
    in), which with the evening's rounds decide its movement; 0 in other formats."""
    if not drive.plays_in_pairs:
        return 0
    return len(lineup(drive=drive, round_number=_coming_round(drive)).pairs)


def movement_overview(*, drive: Drive) -> MovementOverview:
    problems: list[str] = []
    planned = False
    schedule: list = []
    if drive.state in (DriveState.DRAFT, DriveState.OPEN):
        if drive.is_fixed:
            planned = True
            try:
                schedule = plan_preview(drive=drive)
            except ValidationError as error:
                problems = list(error.messages)
    else:
        schedule = stored_seatings(drive=drive)
    entries = {
        e.pk: e for e in Entry.objects.filter(drive=drive).select_related("player")
    }

    def number(player: int) -> str:
        # Translators: the dummy hand at a three-handed table, in the grid.
        return _("dummy") if player == DUMMY else str(entries[player].number)

    rounds = list(range(1, len(schedule) + 1))
    by_number = [{t.table: t for t in seating.tables} for seating in schedule]
    table_count = max((len(s.tables) for s in schedule), default=0)
    game = GAME_PAGES[drive.game]
    grid = []
    for table in range(1, table_count + 1):
        cells = []
        for tables in by_number:
            seated = tables.get(table)
            cells.append("" if seated is None else game.grid_cell(seated, number))
        grid.append((table, cells))
    paths = []
    every_path = player_paths(schedule=schedule)
    for player in sorted(every_path, key=lambda p: entries[p].number):
        by_round = {
            r: (table, seat, partner) for r, table, seat, partner in every_path[player]
        }
        cells = []
        for r in rounds:
            if r not in by_round:
                cells.append("")
                continue
            table, seat, partner = by_round[r]
            if table is None:
                cells.append(_("sits out"))
            else:
                cells.append(game.path_cell(table, seat, partner, number))
        paths.append((entries[player], cells))
    quality = game.quality_words(schedule) if schedule else ""
    tables_words = game.tables_words(schedule)
    return MovementOverview(
        rounds,
        grid,
        paths,
        quality,
        problems,
        planned,
        movement_rule(drive=drive),
        tables_words,
        tuple(stays_words(drive=drive, schedule=schedule, planned=planned)),
    )


# --- the round clock (drive.clock) ---------------------------------------------------


@dataclass(frozen=True)
class ClockView:
    """The round clock as a page shows it, counted at `now` by the server.

    `seconds_left` is what the page's script counts down from; `text` is the
    same as m:ss for a page without it. `ends_at` (local time) only while running.
    """

    round_number: int
    state: str
    seconds_left: int
    text: str
    ends_at: datetime | None
    time_up: bool
    last_minute: bool
    round_seconds: int

    @property
    def running(self) -> bool:
        return self.state == round_clock.RUNNING

    @property
    def paused(self) -> bool:
        return self.state == round_clock.PAUSED


def clock_view(*, drive: Drive, now: datetime | None = None) -> ClockView | None:
    """The clock of the round in play, or None when there is none to show."""
    if drive.state != DriveState.IN_PLAY or drive.clock_state == round_clock.OFF:
        return None
    now = now or timezone.now()
    # Never more than a round may hold (a clock loaded from a file might).
    clock = drive.clock.capped(
        now=now, most=round_clock.most_seconds(drive.round_seconds)
    )
    left = clock.seconds_left(now) or 0
    return ClockView(
        round_number=drive.current_round,
        state=clock.state,
        seconds_left=left,
        text=round_clock.minutes_and_seconds(left),
        ends_at=timezone.localtime(clock.ends_at) if clock.ends_at else None,
        time_up=left == 0,
        last_minute=clock.is_last_minute(now),
        round_seconds=drive.round_seconds,
    )


@dataclass(frozen=True)
class RoundTimes:
    number: int
    started_at: datetime
    ended_at: datetime | None

    @property
    def minutes(self) -> int | None:
        if self.ended_at is None:
            return None
        return round((self.ended_at - self.started_at).total_seconds() / 60)


def round_times(*, drive: Drive) -> list[RoundTimes]:
    """When each round played so far started and ended (the drive's record)."""
    return [
        RoundTimes(number, started, ended)
        for number, started, ended in Round.objects.filter(
            drive=drive, started_at__isnull=False
        )
        .order_by("number")
        .values_list("number", "started_at", "ended_at")
    ]
