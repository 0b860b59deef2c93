"""What the record of changes (players.audit) holds of an entry and a drive.

An entry is recorded by its number, its player's name and each state that can
change; a change keeps only what changed, with the number and name to read it
by. The stored text is read back by scoring.audit (the totals rebuilt from
the record) and by the checks of a drive file (printing.transfer_audit), so a
key once written keeps its name and its form.
"""

from __future__ import annotations

from typing import Any

from drive.models import Drive, Entry
from players import audit
from players.models import AuditEvent


def entry_values(entry: Entry) -> dict[str, Any]:
    """What an entry is, as recorded: its number, player and each state that can change.

    The money (amounts as exact decimal text, "2.50") only once the entry
    has a payment or a refund, so an entry without keeps the record it always had.
    """
    values = {
        "number": entry.number,
        "player": entry.player.name,
        "group": entry.group,
        "pair": entry.pair,
        "checked_in": entry.checked_in,
        "paid": entry.paid,
        "joined_round": entry.joined_round,
        "withdrawn_from_round": entry.withdrawn_from_round,
    }
    # Only where set, so other entries keep the record they always had.
    if entry.large_print:
        values["large_print"] = True
    # Only for a staying player, so other entries keep the record they always had.
    if entry.stays_at_table:
        values["stays_at_table"] = True
        values["stays_table"] = entry.stays_table
    method = entry.pay_method
    refunded = entry.refunded_amount
    if method or refunded:
        values["paid_amount"] = f"{entry.paid_amount:.2f}"
        values["pay_method"] = method
        if entry.payment_note:
            values["payment_note"] = entry.payment_note
        if refunded:
            values["refunded_amount"] = f"{refunded:.2f}"
    return values


# The marks entry_values writes only where set, and their unset values: a
# change that sets or clears one records both sides.
OPTIONAL_MARKS = {"large_print": False, "stays_at_table": False, "stays_table": None}


def record_entry(
    *,
    drive: Drive,
    kind: str,
    entry: Entry,
    old: dict[str, Any] | None = None,
    removed: bool = False,
    by: Any = None,
) -> AuditEvent:
    """An entry changed (`old`: its entry_values taken before), was created
    (no `old`) or removed."""
    new = None if removed else entry_values(entry)
    if old is not None and new is not None:
        old, new = dict(old), dict(new)
        for key, unset in OPTIONAL_MARKS.items():
            if key in old or key in new:
                old.setdefault(key, unset)
                new.setdefault(key, unset)
        old, new = audit.changes(old, new, always=("number", "player"))
    values = new or old or {}
    return audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"entry {values.get('number')} {values.get('player', '')}".strip(),
        refs={"entry": entry.pk, "number": values.get("number")},
        old=old,
        new=new,
        by=by,
    )


def record_drive(*, drive: Drive, kind: str, new: Any = None, by: Any = None) -> None:
    """A change to the drive itself (its start, its clock)."""
    audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"drive {drive.pk} {drive.name}",
        refs={"drive": drive.pk},
        new=new,
        by=by,
    )
