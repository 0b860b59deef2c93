"""Players who stay at one table: marking them, at registration and later.

A *staying player* cannot move between tables (a wheelchair, a walking frame,
a hearing aid that needs the quiet corner); the movement keeps them at one
table all evening (drive.movement.stays), the one the organiser names or else
the one they first sit at. Two who would have to share a table in one group
are refused here, with the reason, as soon as the second is marked.
"""

from __future__ import annotations

from django.db import transaction

from drive import audit_values
from drive.models import DriveState, Entry
from drive.services import check_not_finished, lock_drive, replan_fixed
from drive.stay_rules import check_drive_stays, set_stays
from players import audit


@transaction.atomic
def entry_set_stays(*, entry: Entry, stays: bool, table: int | None = None) -> Entry:
    """Mark a player as staying at one table (optionally naming it), or clear
    the mark. In play, it holds from the next round: a fixed movement's rounds
    to come are planned again around them."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    check_not_finished(drive)
    old = audit_values.entry_values(entry)
    set_stays(entry, stays=stays, table=table)
    if (entry.stays_at_table, entry.stays_table) == (
        old.get("stays_at_table", False),
        old.get("stays_table"),
    ):
        return entry
    entry.save(update_fields=["stays_at_table", "stays_table"])
    check_drive_stays(drive)
    audit_values.record_entry(
        drive=drive, kind=audit.Kind.ENTRY_STAYS, entry=entry, old=old
    )
    if drive.state == DriveState.IN_PLAY:
        replan_fixed(drive=drive)
    return entry
