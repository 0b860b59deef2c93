"""Players who stay at one table: the checks of the mark, and writing it on an
entry, for registration (drive.services) and the later marking
(drive.stay_services) alike.

Two staying players who would have to share a table in one group are refused
as soon as the second is marked.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from drive.models import Drive, Entry
from drive.movement import plan
from drive.movement.stays import stay_problems
from drive.seating import entry_words, stays_of

# More tables than any hall holds: a named table beyond it is a typing slip.
MOST_TABLES = 200

# A count of tables no drive reaches: the check at marking time is of named
# tables only; whether the tables are enough is known at the start.
_ANY_TABLES = 10**6


def check_stays_table(table: int | None) -> int | None:
    """A named table, checked: a whole number from 1 to MOST_TABLES, or None."""
    if table is None:
        return None
    if isinstance(table, bool) or not isinstance(table, int):
        raise ValidationError({"stays_table": _("Give the table as a number.")})
    if not 1 <= table <= MOST_TABLES:
        raise ValidationError(
            {
                "stays_table": _("A table number is from 1 to %(most)d.")
                % {"most": MOST_TABLES}
            }
        )
    return table


def check_drive_stays(drive: Drive) -> None:
    """Refuse two staying players who would share a table in one group (and,
    in a partners drive, two staying pairs at one table)."""
    entries = list(
        Entry.objects.filter(drive=drive, withdrawn_from_round__isnull=True)
        .select_related("player")
        .order_by("number")
    )
    by_pk = {e.pk: e for e in entries}
    players = plan.Lineup(
        group_a=tuple(e.pk for e in entries if e.group == "A"),
        group_b=tuple(e.pk for e in entries if e.group == "B"),
        pairs=tuple(_pairs(entries)),
        stays=stays_of(entries),
    )
    if not players.stays:
        return
    problems = stay_problems(
        stays=dict(players.stays),
        kinds=plan.stay_kinds(drive.format, players),
        tables=_ANY_TABLES,
        name=lambda pk: entry_words(by_pk[pk]),
        kind_name=lambda kind: drive.group_label(str(getattr(kind, "value", kind))),
    )
    if problems:
        raise ValidationError(" ".join(problems), code="conflict")


def _pairs(entries: list[Entry]) -> list[tuple[int, int]]:
    members: dict[int, dict[str, int]] = {}
    for entry in entries:
        if entry.pair is not None:
            members.setdefault(entry.pair, {})[entry.group] = entry.pk
    return [(m["A"], m["B"]) for _, m in sorted(members.items()) if len(m) == 2]


def set_stays(entry: Entry, *, stays: bool, table: int | None) -> None:
    """Write the mark on `entry` (not saved); a table only with the mark."""
    entry.stays_at_table = bool(stays)
    entry.stays_table = check_stays_table(table) if stays else None
