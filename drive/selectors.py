"""Reads of a drive: head counts, seatings, what the organiser sees."""

from __future__ import annotations

from dataclasses import dataclass

from drive import movement
from drive.models import Drive, DriveState, Entry, SeatAssignment
from drive.movement.types import Group
from drive.services import active_entries, balance_message


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

    @property
    def players(self) -> int:
        return self.group_a + self.group_b

    @property
    def sit_outs(self) -> int:
        return self.sit_out_a + self.sit_out_b


def head_count(*, drive: Drive) -> HeadCount:
    """Before play: everyone checked in. In play: those who play the next round."""
    round_number = None
    if drive.state == DriveState.IN_PLAY and drive.current_round < drive.rounds:
        round_number = drive.current_round + 1
    entries = active_entries(drive=drive, round_number=round_number)
    if drive.state == DriveState.IN_PLAY and round_number is None:
        entries = active_entries(drive=drive, round_number=drive.current_round)
    a = sum(1 for e in entries if e.group == Group.A.value)
    b = len(entries) - a
    tables = movement.table_count(group_a=a, group_b=b)
    advice = movement.balance_advice(group_a=a, group_b=b)
    return HeadCount(
        group_a=a,
        group_b=b,
        tables=tables,
        sit_out_a=a - 2 * tables,
        sit_out_b=b - 2 * tables,
        advice=advice,
        advice_text=balance_message(drive=drive, advice=advice),
        round_number=round_number,
    )


@dataclass(frozen=True)
class Place:
    number: int
    name: str
    group: str


@dataclass(frozen=True)
class TablePlaces:
    table: int
    north: Place
    east: Place
    south: Place
    west: Place


@dataclass(frozen=True)
class RoundSeating:
    round: int
    hands: range
    tables: list[TablePlaces]
    sit_outs: list[Place]


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
        TablePlaces(t, p["N"], p["E"], p["S"], p["W"])
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
    """Where each entry sits in a round, in entry-number order: the list read out at the door."""
    seats = (
        SeatAssignment.objects.filter(round__drive=drive, round__number=round_number)
        .select_related("entry__player", "table")
        .order_by("entry__number")
    )
    return [
        EntryPlace(
            s.entry, s.table.number if s.table else None, s.get_position_display()
        )
        for s in seats
    ]
