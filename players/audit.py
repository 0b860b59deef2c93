"""The record of changes: who changed what in a club's drives, and when.

This module keeps the record itself, and knows nothing of what is recorded:
each app hands it plain values (drive.audit_values for entries and the
drive, its clock and bell, scoring.audit for hand results and adjustments,
prizes.audit_values for the prize-giving, printing.audit_values for
publishing and its keys; a key's record is the club's, with no drive). A service calls
`record(...)` in the transaction that makes the change, so a change and its
record stand or fall together; `event(...)` builds a record to write later.

*Who* is the `by` a service was given (a user, or a text such as a captain
link), else the user of the request being answered (AuditActorMiddleware),
else "command line".
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse

from players import rows
from players.audit_words import COMMAND_LINE
from players.models import AuditEvent, AuditKind

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
    """A record not yet written (`write` writes it)."""
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


def write(built: AuditEvent) -> AuditEvent:
    """Write a record `event` built: one plain INSERT (players.rows)."""
    return rows.insert(built)


def record(**values: Any) -> AuditEvent:
    """Write a record (`event`'s arguments)."""
    return write(event(**values))


def changes(
    old: Mapping[str, Any], new: Mapping[str, Any], *, always: Iterable[str] = ()
) -> tuple[dict[str, Any], dict[str, Any]]:
    """`old` and `new` cut to the keys whose value changed, and the keys in
    `always` (those a reader needs to know what changed: a number, a name)."""
    kept = {k for k in new if old.get(k) != new[k]} | set(always)
    return (
        {k: v for k, v in old.items() if k in kept},
        {k: v for k, v in new.items() if k in kept},
    )
