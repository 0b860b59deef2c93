"""A player's large-print card: asked for at registration or on the players'
page. The drive keeps the wish (Entry.large_print); printing reads it and
prints that player's score card in large print (printing.editions).
"""

from __future__ import annotations

from django.db import transaction

from drive import audit_values
from drive.models import Entry
from drive.services import lock_drive
from players import audit


@transaction.atomic
def entry_set_large_print(*, entry: Entry, large_print: bool) -> Entry:
    """Ask for the entry's card in large print, or no longer; recorded."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if entry.large_print == large_print:
        return entry
    old = audit_values.entry_values(entry)
    entry.large_print = large_print
    entry.save(update_fields=["large_print"])
    audit_values.record_entry(
        drive=drive, kind=audit.Kind.ENTRY_LARGE_PRINT, entry=entry, old=old
    )
    return entry
