"""Writes to scores: hand results (with their versions) and adjustments.

Entering a result is checked first (the hand is one that table has played or
is playing, the tricks are 0..13, the form saw the latest version), then
written. When the last result of the current round arrives, the round's
winners go to the movement and the next round is seated, in the same
transaction, so nobody ever sees a complete round with no next seating.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from drive import movement
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry, SeatAssignment, Table
from drive.movement.types import Side
from scoring.models import Adjustment, HandResult, ResultStatus
from scoring.rules import check_tricks


@dataclass(frozen=True)
class ResultEntry:
    """One result as typed: table number, hand, N-S tricks, and the version the form saw."""

    table: int
    hand: int
    ns_tricks: int
    seen_version: int | None = None


@dataclass(frozen=True)
class SubmitOutcome:
    results: tuple[HandResult, ...]
    changed: int
    notes: tuple[str, ...] = ()
    round_completed: bool = False


def _tables_of_round(drive: Drive, round_number: int) -> set[int]:
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__isnull=False
        ).values_list("table__number", flat=True)
    )


def _round_winners(drive: Drive, round_number: int) -> dict[int, Side] | None:
    """Winners per table, or None while any result of the round is missing."""
    tables = _tables_of_round(drive, round_number)
    hands = list(drive.hands_of_round(round_number))
    tricks: dict[int, dict[int, int]] = {t: {} for t in tables}
    for table_number, hand, ns in HandResult.objects.filter(
        table__drive=drive,
        hand__in=hands,
        status=ResultStatus.CONFIRMED,
        table__number__in=tables,
    ).values_list("table__number", "hand", "ns_tricks"):
        tricks[table_number][hand] = ns
    if not tables or any(len(by_hand) < len(hands) for by_hand in tricks.values()):
        return None
    return {
        table: movement.round_winner([by_hand[h] for h in hands])
        for table, by_hand in tricks.items()
    }


def _record(
    *,
    drive: Drive,
    entry: ResultEntry,
    by: AbstractBaseUser | None,
    source: str,
    idempotency_key: str = "",
) -> tuple[HandResult, bool, str]:
    """Write one result; returns (confirmed result, changed?, note)."""
    if not 1 <= entry.hand <= drive.hands:
        raise ValidationError(
            f"Hand {entry.hand} is not in this drive (1 to {drive.hands})."
        )
    round_number = drive.round_of_hand(entry.hand)
    if round_number > drive.current_round:
        raise ValidationError(f"Hand {entry.hand} has not been reached yet.")
    try:
        ns_tricks = check_tricks(entry.ns_tricks)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            f"Table {entry.table}, hand {entry.hand}: N-S tricks must be a whole number from 0 to 13."
        ) from exc
    if entry.table not in _tables_of_round(drive, round_number):
        raise ValidationError(
            f"Table {entry.table} does not play in round {round_number}."
        )
    table = Table.objects.get(drive=drive, number=entry.table)
    if idempotency_key:
        earlier = HandResult.objects.filter(
            table=table, idempotency_key=idempotency_key
        ).first()
        if earlier is not None:
            if earlier.hand != entry.hand or earlier.ns_tricks != ns_tricks:
                raise ValidationError(
                    "This submission was already used for another result.",
                    code="replayed",
                )
            current = HandResult.objects.get(
                table=table, hand=entry.hand, status=ResultStatus.CONFIRMED
            )
            return current, False, ""
    confirmed = (
        HandResult.objects.filter(
            table=table, hand=entry.hand, status=ResultStatus.CONFIRMED
        )
        .select_for_update()
        .first()
    )
    current_version = confirmed.version if confirmed else 0
    if entry.seen_version is not None and entry.seen_version != current_version:
        shown = f"N-S {confirmed.ns_tricks}" if confirmed else "no result"
        raise ValidationError(
            f"Table {entry.table}, hand {entry.hand} was changed meanwhile (now {shown}). "
            "Nothing was saved; check the page again.",
            code="conflict",
        )
    if confirmed is not None and confirmed.ns_tricks == ns_tricks:
        return confirmed, False, ""
    note = ""
    old_winners = None
    if confirmed is not None and round_number < drive.current_round:
        old_winners = _round_winners(drive, round_number)
    if confirmed is not None:
        confirmed.status = ResultStatus.SUPERSEDED
        confirmed.save(update_fields=["status"])
    last_version = (
        HandResult.objects.filter(table=table, hand=entry.hand).aggregate(
            v=Max("version")
        )["v"]
        or 0
    )
    result = HandResult.objects.create(
        table=table,
        hand=entry.hand,
        ns_tricks=ns_tricks,
        version=last_version + 1,
        status=ResultStatus.CONFIRMED,
        entered_by=by,
        source=source,
        idempotency_key=idempotency_key,
    )
    if old_winners is not None:
        new_winners = _round_winners(drive, round_number)
        if new_winners and new_winners.get(entry.table) != old_winners.get(entry.table):
            note = (
                f"Table {entry.table} now has a different winner in round {round_number}. "
                f"The moves after round {round_number} were already made and stand; "
                "the scores have been recomputed."
            )
    return result, True, note


def _advance_if_complete(drive: Drive) -> bool:
    """Seat the next round (or finish) when every result of the current round is in."""
    if drive.state != DriveState.IN_PLAY:
        return False
    winners = _round_winners(drive, drive.current_round)
    if winners is None:
        return False
    drive_services.round_advance(drive=drive, winners=winners)
    return True


@transaction.atomic
def hand_results_submit(
    *,
    drive: Drive,
    entries: Iterable[ResultEntry],
    by: AbstractBaseUser | None,
    source: str = "organiser",
) -> SubmitOutcome:
    """Enter or correct several results at once: all of them are written, or none."""
    drive = drive_services.lock_drive(drive)
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError("Scores can be entered once the drive has started.")
    results, notes, changed = [], [], 0
    seen: set[tuple[int, int]] = set()
    for entry in entries:
        if (entry.table, entry.hand) in seen:
            raise ValidationError(
                f"Table {entry.table}, hand {entry.hand} appears twice in one submission."
            )
        seen.add((entry.table, entry.hand))
        result, was_changed, note = _record(
            drive=drive, entry=entry, by=by, source=source
        )
        results.append(result)
        changed += was_changed
        if note:
            notes.append(note)
    completed = _advance_if_complete(drive)
    return SubmitOutcome(
        results=tuple(results),
        changed=changed,
        notes=tuple(notes),
        round_completed=completed,
    )


def hand_result_submit(
    *,
    drive: Drive,
    table: int,
    hand: int,
    ns_tricks: int,
    by: AbstractBaseUser | None = None,
    source: str = "organiser",
    seen_version: int | None = None,
) -> SubmitOutcome:
    return hand_results_submit(
        drive=drive,
        entries=[
            ResultEntry(
                table=table, hand=hand, ns_tricks=ns_tricks, seen_version=seen_version
            )
        ],
        by=by,
        source=source,
    )


@transaction.atomic
def adjustment_add(
    *, entry: Entry, points: int, reason: str, by: AbstractBaseUser | None
) -> Adjustment:
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError({"reason": "Say why the score is adjusted."})
    if not -1000 <= points <= 1000:
        raise ValidationError(
            {"points": "An adjustment is between -1000 and 1000 points."}
        )
    if points == 0:
        raise ValidationError({"points": "An adjustment of 0 changes nothing."})
    return Adjustment.objects.create(
        entry=entry, points=points, reason=reason, created_by=by
    )


@transaction.atomic
def adjustment_delete(*, adjustment: Adjustment) -> None:
    adjustment.delete()
