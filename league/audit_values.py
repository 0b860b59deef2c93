"""What the record of changes (players.audit) holds of two players merged.

- *The merge itself*, the club's (no drive): who was merged into whom, the
  removed player's values before and the kept player's after, and the rows
  moved (refs: the two players' ids, the entries and the season draws).
  The kept player's page lists it (players.selectors.merges_into).
- *Each entry moved*, on its drive's record: its number, and the player's
  name before and after, so a drive's record of changes says why the name
  on entry 5 is not the one typed at the door.
"""

from __future__ import annotations

from typing import Any

from drive.models import Entry
from players import audit
from players.models import AuditEvent, AuditKind, Player

# The roster's values a merge record keeps of a player.
PLAYER_FIELDS = ("name", "email", "email_consent", "phone", "group", "active")


def player_values(player: Player) -> dict[str, Any]:
    return {field: getattr(player, field) for field in PLAYER_FIELDS}


def record_merge(
    *,
    kept: Player,
    removed: dict[str, Any],
    removed_id: int,
    entries: list[int],
    draws: list[int],
    by: Any = None,
) -> AuditEvent:
    """`removed` (its player_values, taken before it was deleted) is now `kept`."""
    return audit.record(
        club_id=kept.club_id,
        drive_id=None,
        kind=AuditKind.PLAYER_MERGE,
        subject=f"player {kept.name}",
        refs={
            "player": kept.pk,
            "merged": removed_id,
            "entries": entries,
            "draws": draws,
        },
        old=removed,
        new=player_values(kept),
        by=by,
    )


def record_entry_moved(
    *, entry: Entry, kept: Player, removed_name: str, by: Any = None
) -> AuditEvent:
    return audit.record(
        club_id=kept.club_id,
        drive_id=entry.drive_id,
        kind=AuditKind.PLAYER_MERGE,
        subject=f"entry {entry.number} {kept.name}",
        # As an entry's own records: a drive's file carries these to another
        # site (printing.transfer), where a roster's ids mean nothing.
        refs={"entry": entry.pk, "number": entry.number},
        old={"number": entry.number, "player": removed_name},
        new={"number": entry.number, "player": kept.name},
        by=by,
    )
