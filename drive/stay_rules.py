"""Players who stay at one table: the checks of the mark, and writing it on an
entry, for registration (drive.services) and the later marking
(drive.stay_services) alike.

Two staying players who would have to share a table in one group are refused
as soon as the second is marked.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet, Subquery
from django.utils.translation import gettext as _

from drive.models import Drive, Entry
from drive.movement import plan
from drive.movement.stays import stay_problems
from drive.movement.types import Group
from drive.seating import entry_words, pairs_of, stays_of

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
    in a partners drive, two staying pairs at one table).

    Only the staying players are read, with their partners: registration
    calls it for every player, and the door's 400th must cost what its
    first did."""
    active = Entry.objects.filter(drive=drive, withdrawn_from_round__isnull=True)
    entries = list(active.filter(stays_at_table=True).select_related("player"))
    if not entries:
        return
    entries = _with_partners(active, entries)
    by_pk = {e.pk: e for e in entries}
    players = plan.Lineup(
        group_a=tuple(e.pk for e in entries if e.group == Group.A.value),
        group_b=tuple(e.pk for e in entries if e.group == Group.B.value),
        pairs=pairs_of(entries),
        stays=stays_of(entries),
    )
    problems = stay_problems(
        stays=dict(players.stays),
        kinds=plan.stay_kinds(drive.format, players),
        tables=_ANY_TABLES,
        name=lambda pk: entry_words(by_pk[pk]),
        kind_name=lambda kind: drive.group_label(str(getattr(kind, "value", kind))),
    )
    if problems:
        raise ValidationError(" ".join(problems), code="conflict")


def _with_partners(active: QuerySet[Entry], staying: list[Entry]) -> list[Entry]:
    """The staying players, their partners, and one whole pair of the drive
    if it has any: a player whose partner is missing is of a pair's kind too
    once the drive has a pair at all (stays.Kinds; the formats without pairs
    ask nothing of them)."""
    a_of_a_pair = active.filter(
        group=Group.A.value,
        pair__in=active.filter(group=Group.B.value, pair__isnull=False).values("pair"),
    )
    others = active.filter(
        Q(pair__in={e.pair for e in staying if e.pair is not None})
        | Q(pair=Subquery(a_of_a_pair.order_by("pair").values("pair")[:1]))
    ).exclude(pk__in=[e.pk for e in staying])
    return staying + list(others.select_related("player"))


def set_stays(entry: Entry, *, stays: bool, table: int | None) -> None:
    """Write the mark on `entry` (not saved); a table only with the mark."""
    entry.stays_at_table = bool(stays)
    entry.stays_table = check_stays_table(table) if stays else None
