"""The audit record: every change to an entry, a hand result or an adjustment.

The services of drive and scoring call one function here in the transaction
that makes the change (so a change and its record stand or fall together):

- `record_entry(drive=, kind=, entry=, old=)` with `entry_values(entry)` taken
  before the change as `old`;
- `record_result(drive=, kind=, result=, old=)` with the result that stood
  before (a HandResult, or None);
- `record_adjustment(kind=, adjustment=)`.

*Who* is the `by` a service was given (a user, or a text such as a captain
link), else the user of the request being answered (AuditActorMiddleware),
else "command line". players sits below drive and scoring, so these functions
take their objects as they come and read only plain attributes.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse

from players import rows
from players.models import AuditEvent, AuditKind

COMMAND_LINE = "command line"
Kind = AuditKind
KINDS = frozenset(AuditKind.values)

_request: contextvars.ContextVar[HttpRequest | None] = contextvars.ContextVar(
    "audit_request", default=None
)


class AuditActorMiddleware:
    """Remember the request being answered, so a service's record can name its user."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)


def who(by: Any = None) -> str:
    """The name recorded for `by`: a user's name, a text as given, or the request's user."""
    if isinstance(by, str) and by:
        return by[:150]
    if by is not None and getattr(by, "is_authenticated", False):
        return by.get_username()
    request = _request.get()
    if request is not None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return user.get_username()
        return "anonymous"
    return COMMAND_LINE


def event(
    *,
    club_id: int,
    drive_id: int | None,
    kind: str,
    subject: str,
    refs: dict[str, Any] | None = None,
    old: Any = None,
    new: Any = None,
    by: Any = None,
) -> AuditEvent:
    """A record not yet written (`record` writes it)."""
    if kind not in KINDS:
        raise ValueError(f"Unknown audit kind: {kind}")
    return AuditEvent(
        club_id=club_id,
        drive_id=drive_id,
        kind=kind,
        who=who(by),
        subject=subject[:200],
        refs=refs or {},
        old=old,
        new=new,
    )


def record(**values: Any) -> AuditEvent:
    """Write a record (`event`'s arguments): one plain INSERT (players.rows)."""
    return rows.insert(event(**values))


# --- entries ---------------------------------------------------------------------


def entry_values(entry: Any) -> dict[str, Any]:
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
        "large_print": getattr(entry, "large_print", False),
    }
    method = getattr(entry, "pay_method", "")
    refunded = getattr(entry, "refunded_amount", 0)
    if method or refunded:
        values["paid_amount"] = f"{entry.paid_amount:.2f}"
        values["pay_method"] = method
        if entry.payment_note:
            values["payment_note"] = entry.payment_note
        if refunded:
            values["refunded_amount"] = f"{refunded:.2f}"
    return values


def record_entry(
    *,
    drive: Any,
    kind: str,
    entry: Any,
    old: dict[str, Any] | None = None,
    removed: bool = False,
    by: Any = None,
) -> AuditEvent:
    """An entry changed (`old` taken before), was created (no `old`) or removed."""
    new = None if removed else entry_values(entry)
    if old is not None and new is not None:
        # Keep only what changed, with the number and name to read it by.
        changed = {k for k in new if old.get(k) != new[k]} | {"number", "player"}
        old = {k: v for k, v in old.items() if k in changed}
        new = {k: v for k, v in new.items() if k in changed}
    values = new or old or {}
    return record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"entry {values.get('number')} {values.get('player', '')}".strip(),
        refs={"entry": entry.pk, "number": values.get("number")},
        old=old,
        new=new,
        by=by,
    )


def record_drive(*, drive: Any, kind: str, new: Any = None, by: Any = None) -> None:
    record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"drive {drive.pk} {drive.name}",
        refs={"drive": drive.pk},
        new=new,
        by=by,
    )


# --- hand results ----------------------------------------------------------------


def result_values(result: Any) -> dict[str, Any] | None:
    if result is None:
        return None
    values = {
        "ns_tricks": result.ns_tricks,
        "status": result.status,
        "version": result.version,
    }
    # Honours, a revoke and prediction whist's numbers only when a hand had
    # them, so a drive without them keeps the record it always had.
    for name in ("honours", "revoke", "predictions", "tricks"):
        if getattr(result, name, ""):
            values[name] = getattr(result, name)
    return values


def result_event(
    *,
    drive: Any,
    kind: str,
    result: Any,
    old: Any = None,
    by: Any = None,
) -> AuditEvent:
    """The record of a hand result written: `result` as it is now, `old` the one
    that stood before. Its refs name the result's id, so a record made before
    the result is saved gets it in `refs["result"]` then.

    Rebuilding the scores replays these: the last `new` whose status is
    confirmed is a table and hand's result (scoring.audit).
    """
    table = result.table.number
    return event(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"table {table}, hand {result.hand}",
        refs={"table": table, "hand": result.hand, "result": result.pk},
        old=old if isinstance(old, dict) or old is None else result_values(old),
        new=result_values(result),
        by=by,
    )


def record_result(**values: Any) -> AuditEvent:
    """Write the record of a hand result written (`result_event`'s arguments)."""
    return rows.insert(result_event(**values))


# --- adjustments -----------------------------------------------------------------


def record_adjustment(
    *, kind: str, adjustment: Any, removed: bool = False, by: Any = None
) -> AuditEvent:
    entry = adjustment.entry
    drive = entry.drive
    values = {
        "entry": entry.number,
        "points": adjustment.points,
        "reason": adjustment.reason,
    }
    return record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"entry {entry.number}: {adjustment.points:+d} ({adjustment.reason})",
        refs={"adjustment": adjustment.pk, "entry": entry.pk, "number": entry.number},
        old=values if removed else None,
        new=None if removed else values,
        by=by,
    )
