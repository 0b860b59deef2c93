"""The rounds to come are seated anew after a change of players (a late
arrival, a withdrawal, a change of group or of who stays put, a refund).

Before the change stands, the apps above are told which tables' players
change in the rounds to come (drive.signals.seating_to_change): scoring
refuses it where a travel slip's results typed ahead wait there, since they
would then count for other players, or for nobody."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from drive import signals
from drive.models import Drive, DriveState, Round, SeatAssignment
from drive.movement import plan
from drive.movement.types import Seating
from drive.seating import (
    lineup,
    save_seating,
    start_problems,
    stored_seatings,
)


def replan_fixed(*, drive: Drive, advancing: bool = False) -> int:
    """Re-plan the rounds of a fixed format not yet played, after a change of players.

    Keeps every round up to the current one; returns how many rounds were planned.
    Runs inside the caller's transaction, with the drive locked. `advancing`:
    the round moves on (drive.services.round_advance), no player changed.
    """
    if drive.state != DriveState.IN_PLAY:
        return 0
    remaining = drive.rounds - drive.current_round
    if remaining <= 0:
        return 0
    players = lineup(drive=drive, round_number=drive.current_round + 1)
    if not drive.is_fixed:
        if not advancing and _players_change(drive, players):
            signals.seating_to_change.send(sender=Drive, drive=drive, tables=None)
        return 0
    problems = start_problems(drive, players)
    if problems:
        raise ValidationError(problems)
    planned = {
        number: _tables(seating)
        for number, seating in enumerate(stored_seatings(drive=drive), start=1)
        if number > drive.current_round
    }
    Round.objects.filter(drive=drive, number__gt=drive.current_round).delete()
    schedule = plan.plan_fixed(
        format=drive.format,
        lineup=players,
        rounds=remaining,
        seed=drive.seed,
        history=stored_seatings(drive=drive, up_to=drive.current_round),
        three_handed=drive.three_handed,
    )
    if not advancing:
        changed = set()
        for offset, seating in enumerate(schedule, start=1):
            number = drive.current_round + offset
            before, after = planned.get(number, {}), _tables(seating)
            changed |= {
                (number, table)
                for table in set(before) | set(after)
                if before.get(table) != after.get(table)
            }
        signals.seating_to_change.send(sender=Drive, drive=drive, tables=changed)
    for offset, seating in enumerate(schedule, start=1):
        save_seating(drive, drive.current_round + offset, seating)
    return len(schedule)


def _tables(seating: Seating) -> dict[int, tuple]:
    """Who sits where at each table of a round, by table number."""
    return {table.table: table.players() for table in seating.tables}


def _players_change(drive: Drive, players: plan.Lineup) -> bool:
    """Whether the next round's players differ from the round in play's (a
    movement that seats each round as it comes: its tables may change)."""
    now = set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=drive.current_round
        ).values_list("entry_id", flat=True)
    )
    return now != set(players.players)
