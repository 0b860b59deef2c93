"""Helpers the page tests of several apps share (data they build is in
tests/factories.py, fixtures in tests/conftest.py)."""

from __future__ import annotations

from drive.models import Drive
from players.models import AuditEvent

# The field the start's confirmation page sends with "Start the drive": a
# POST without it only shows that page (drive.views.drive_start).
START = {"confirm": "start"}


def drive_url(drive: Drive, suffix: str = "") -> str:
    return f"/drives/{drive.pk}/{suffix}"


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def audit_events(drive: Drive, kind: str | None = None) -> list[AuditEvent]:
    """The record of changes of `drive`, of one kind if given."""
    found = AuditEvent.objects.filter(drive_id=drive.pk)
    return list(found.filter(kind=kind) if kind else found)
