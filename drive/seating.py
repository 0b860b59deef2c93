"""The one bridge between the database and the movement engine (drive.movement).

Reads a drive's players into the engine's plain values (who plays a round: the
lineup), stores the engine's seatings as rounds, tables and seats, and reads
them back; plans a fixed movement once and keeps it (the Movement preview and
the start seat the same plan). drive.services calls it inside its transactions;
it decides nothing about the drive's life cycle.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import translation
from django.utils.translation import gettext as _

from drive.models import (
    Drive,
    DriveState,
    Entry,
    Round,
    SeatAssignment,
    Table,
)
from drive.movement import plan
from drive.movement.types import DUMMY, Group, Seat, Seating, TableSeating
from players import rows


def active_entries(*, drive: Drive, round_number: int | None = None) -> list[Entry]:
    """The entries that play `round_number`; before play, everyone checked in."""
    entries = Entry.objects.filter(drive=drive, checked_in=True)
    if round_number is None:
        return list(entries.filter(withdrawn_from_round__isnull=True))
    return [
        entry
        for entry in entries
        if entry.joined_round is not None and entry.plays_round(round_number)
    ]


def ensure_tables(drive: Drive, count: int) -> dict[int, Table]:
    existing = {t.number: t for t in Table.objects.filter(drive=drive)}
    for number in range(1, count + 1):
        if number not in existing:
            existing[number] = Table.objects.create(drive=drive, number=number)
    return existing


def save_seating(drive: Drive, number: int, seating: Seating) -> Round:
    """Store one round's seating; a dummy seat (three-handed table) has no row.
    A prediction whist table of five stores its fifth player in seat "F"."""
    round_ = Round.objects.create(drive=drive, number=number)
    tables = ensure_tables(drive, len(seating.tables))
    # A round's seats, often the last result's work under the drive's lock:
    # written as plain values (players.rows), with no instance made of each.
    seats = []
    for table in seating.tables:
        table_id = tables[table.table].pk
        for seat in table.seats:
            entry_id = table.player_at(seat)
            if entry_id != DUMMY:
                seats.append((round_.pk, entry_id, table_id, seat.value))
    seats.extend((round_.pk, e, None, "") for e in seating.sit_outs)
    rows.insert_values(
        SeatAssignment,
        ("round_id", "entry_id", "table_id", "position"),
        seats,
        using=connection.alias,
    )
    return round_


def table_ids_of_round(drive: Drive, round_number: int) -> frozenset[int]:
    """The ids of the tables that have a game in the round.

    On a captain's hot path, under the drive's lock: one query written out
    (the ORM takes far longer to build it than the database to answer it).
    """
    q = connection.ops.quote_name
    seat, round_ = q(SeatAssignment._meta.db_table), q(Round._meta.db_table)
    sql = (
        f"SELECT DISTINCT s.{q('table_id')} FROM {seat} s "
        f"JOIN {round_} r ON r.{q('id')} = s.{q('round_id')} "
        f"WHERE r.{q('drive_id')} = %s AND r.{q('number')} = %s "
        f"AND s.{q('table_id')} IS NOT NULL"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [drive.pk, round_number])
        return frozenset(row[0] for row in cursor.fetchall())


def note_seated_round(drive: Drive, round_: Round) -> tuple[str, ...]:
    """`round_` comes into play: note on the drive the tables with a game in it
    (Drive.seated_tables); the fields to save."""
    drive.seated_round = round_.number
    drive.seated_tables = sorted(table_ids_of_round(drive, round_.number))
    return ("seated_round", "seated_tables")


def note_round_in_play(drive: Drive) -> tuple[str, ...]:
    """note_seated_round for the drive's current round, as stored (nothing noted
    when no round is in play); the fields to save. For a drive whose rows were
    made afresh (printing.transfer), its tables' ids with them."""
    current = None
    if drive.state == DriveState.IN_PLAY and drive.current_round:
        current = Round.objects.filter(drive=drive, number=drive.current_round).first()
    if current is None:
        drive.seated_round, drive.seated_tables = 0, []
        return ("seated_round", "seated_tables")
    return note_seated_round(drive, current)


def stored_seatings(*, drive: Drive, up_to: int | None = None) -> list[Seating]:
    """The stored seating of every round (1..up_to), as the engine's plain values."""
    seats = SeatAssignment.objects.filter(round__drive=drive)
    if up_to is not None:
        seats = seats.filter(round__number__lte=up_to)
    places: dict[int, dict[int, dict[str, int]]] = {}
    sit_outs: dict[int, list[int]] = {}
    for round_number, table_number, position, entry_id in seats.values_list(
        "round__number", "table__number", "position", "entry_id"
    ):
        places.setdefault(round_number, {})
        sit_outs.setdefault(round_number, [])
        if table_number is None:
            sit_outs[round_number].append(entry_id)
        else:
            places[round_number].setdefault(table_number, {})[position] = entry_id
    return [
        Seating(
            tables=tuple(
                TableSeating(
                    table=number,
                    north=seat.get("N", DUMMY),
                    east=seat.get("E", DUMMY),
                    south=seat.get("S", DUMMY),
                    west=seat.get("W", DUMMY),
                    fifth=seat.get(Seat.FIFTH.value),
                )
                for number, seat in sorted(places[r].items())
            ),
            sit_outs=tuple(sorted(sit_outs[r])),
        )
        for r in sorted(places)
    ]


def seating_of_round(*, drive: Drive, round_number: int) -> Seating:
    """The stored seating of one round, as the engine's plain value."""
    rounds = stored_seatings(drive=drive, up_to=round_number)
    if len(rounds) < round_number:
        return Seating(tables=())
    return rounds[round_number - 1]


def lineup(*, drive: Drive, round_number: int | None = None) -> plan.Lineup:
    """Who plays `round_number` (before play: everyone checked in), as plain values."""
    entries = active_entries(drive=drive, round_number=round_number)
    return plan.Lineup(
        group_a=tuple(e.pk for e in entries if e.group == Group.A.value),
        group_b=tuple(e.pk for e in entries if e.group == Group.B.value),
        pairs=pairs_of(entries) if drive.plays_in_pairs else (),
        stays=stays_of(entries),
    )


def pairs_of(entries: list[Entry]) -> tuple[tuple[int, int], ...]:
    """The whole pairs among `entries` (A, B), by pair number: a pair whose
    other player is not among them is none."""
    by_pair: dict[int, dict[str, int]] = {}
    for entry in entries:
        if entry.pair is not None:
            by_pair.setdefault(entry.pair, {})[entry.group] = entry.pk
    return tuple(
        (members[Group.A.value], members[Group.B.value])
        for _, members in sorted(by_pair.items())
        if set(members) == {Group.A.value, Group.B.value}
    )


def stays_of(entries: list[Entry]) -> tuple[tuple[int, int | None], ...]:
    """The staying players among `entries`, with their named tables."""
    return tuple((e.pk, e.stays_table) for e in entries if e.stays_at_table)


def entry_words(entry: Entry) -> str:
    """An entry as a sentence names it: "Anna Nowak (12)"."""
    return f"{entry.player.name} ({entry.number})"


def stay_problems(drive: Drive, players: plan.Lineup) -> list[str]:
    """What stops the staying players of `players` each keeping one table."""
    if not players.stays:
        return []
    entries = Entry.objects.filter(drive=drive).select_related("player").in_bulk()
    return plan.lineup_stay_problems(
        format=drive.format,
        lineup=players,
        three_handed=drive.three_handed,
        name=lambda pk: entry_words(entries[pk]),
        kind_name=lambda kind: drive.group_label(str(getattr(kind, "value", kind))),
    )


def start_problems(drive: Drive, players: plan.Lineup) -> list[str]:
    problems = plan.start_problems(format=drive.format, lineup=players)
    if drive.plays_in_pairs:
        numbers = dict(Entry.objects.filter(drive=drive).values_list("pk", "number"))
        paired = {p for pair in players.pairs for p in pair}
        lonely = sorted(numbers[p] for p in players.players if p not in paired)
        if lonely:
            listed = ", ".join(str(n) for n in lonely)
            # The movement's own words about partners give way to these; which
            # they are is read from the English words, whatever the page's.
            with translation.override("en"):
                english = plan.start_problems(format=drive.format, lineup=players)
            problems = [
                # Translators: %(numbers)s lists entry numbers ("3, 7").
                _(
                    "Entries without a partner: %(numbers)s. Register them as a "
                    "pair, or remove them."
                )
                % {"numbers": listed}
            ] + [
                p for p, e in zip(problems, english, strict=True) if "partner" not in e
            ]
    return problems


# A fixed movement's whole plan is kept in Django's cache under a fingerprint
# of everything it is planned from (format, rounds, seed, three-handed table,
# the players and their groups and pairs): the Movement preview plans once
# however often it is viewed, and starting the drive then seats what was
# previewed without planning again. A check-in, a group change or a change of
# settings gives another fingerprint, so a kept plan is never out of date and
# nothing has to be cleared; the timeout only frees the memory.
PLAN_CACHE_SECONDS = 60 * 60


def plan_inputs(drive: Drive, players: plan.Lineup) -> dict[str, Any]:
    """Everything the seating of a start depends on, as plain values."""
    return {
        "format": str(drive.format),
        "rounds": drive.rounds,
        "seed": drive.seed,
        "three_handed": drive.three_handed,
        "group_a": sorted(players.group_a),
        "group_b": sorted(players.group_b),
        "pairs": sorted(players.pairs),
        "stays": sorted([p, t or 0] for p, t in players.stays),
    }


def plan_fingerprint(values: Mapping[str, Any]) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()


def planned_movement(*, drive: Drive, players: plan.Lineup) -> list[Seating]:
    """The whole movement of a fixed format for `players`, planned once and kept."""
    key = "drive:movement-plan:" + plan_fingerprint(plan_inputs(drive, players))
    schedule = cache.get(key)
    if schedule is None:
        schedule = plan.plan_fixed(
            format=drive.format,
            lineup=players,
            rounds=drive.rounds,
            seed=drive.seed,
            three_handed=drive.three_handed,
        )
        cache.set(key, schedule, PLAN_CACHE_SECONDS)
    return schedule


def plan_preview(*, drive: Drive) -> list[Seating]:
    """The whole movement of a fixed format as it would start now (nothing stored)."""
    players = lineup(drive=drive)
    problems = start_problems(drive, players) or stay_problems(drive, players)
    if problems:
        raise ValidationError(problems)
    return planned_movement(drive=drive, players=players)
