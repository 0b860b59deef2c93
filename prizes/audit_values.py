"""What the record of changes (players.audit) holds of the prize-giving.

The prize-giving's start, each prize shown on the projector (which prize, to
whom, as the prize engine decided it then), a step back, its end, and the
Reveal that lifts the silence of the last rounds. Only what is stored is
recorded: a step the drive already stood at (Start twice, Stop when it is not
on, Reveal when the results are out) leaves no record. The keys are read by
the record-of-changes page (scoring.views.audit), so each keeps its name.
"""

from __future__ import annotations

from typing import Any

from drive.models import Drive
from players import audit
from players.models import AuditEvent
from prizes.engine import Award


def drive_subject(drive: Drive) -> str:
    """A change to the drive's prize-giving as a whole (players.audit_words)."""
    return f"drive {drive.pk} {drive.name}"


def prize_subject(award: Award) -> str:
    """A prize, by its place on the drive's prize list and its title."""
    return f"prize {award.position} {award.title}"


def award_values(award: Award) -> dict[str, Any]:
    """A prize as shown: its place and title, its winners (name and entry
    numbers) and how it was decided: won, shared, or a cut still to make."""
    return {
        "place": award.position,
        "prize": award.title,
        "winners": [f"{w.name} ({w.numbers_text})" for w in award.winners],
        "outcome": award.status.value,
    }


def record_giving(
    *,
    drive: Drive,
    kind: str,
    new: dict[str, Any] | None = None,
    old: dict[str, Any] | None = None,
    award: Award | None = None,
    by: Any = None,
) -> AuditEvent:
    """A step of the prize-giving: about one prize (`award`) or the whole."""
    refs: dict[str, Any] = {"drive": drive.pk}
    if award is not None:
        refs["place"] = award.position
    return audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=prize_subject(award) if award is not None else drive_subject(drive),
        refs=refs,
        old=old,
        new=new,
        by=by,
    )
