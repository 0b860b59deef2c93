"""The organiser's page of a drive's audit record: who changed what, when."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from drive.views import club_drive
from players.access import organiser_required
from players.models import AuditEvent
from scoring.audit import audit_check

EVENTS_PER_PAGE = 100
# The words a change is shown in, for the values the record keeps.
FIELD_NAMES = {
    "ns_tricks": "N-S tricks",
    "status": "state",
    "version": "version",
    "checked_in": "checked in",
    "paid": "paid",
    "group": "group",
    "pair": "pair",
    "joined_round": "joins at round",
    "withdrawn_from_round": "withdrawn from round",
    "points": "points",
    "reason": "reason",
    "player": "player",
    "number": "number",
    "entry": "entry",
    "entries": "entries",
}


@dataclass(frozen=True)
class Change:
    field: str
    old: str
    new: str


def _shown(value: Any) -> str:
    if value is None:
        return "–"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def changes(event: AuditEvent) -> list[Change]:
    old, new = event.old or {}, event.new or {}
    keys = [k for k in FIELD_NAMES if k in old or k in new]
    keys += [k for k in {**old, **new} if k not in FIELD_NAMES]
    return [
        Change(FIELD_NAMES.get(k, k), _shown(old.get(k)), _shown(new.get(k)))
        for k in keys
        if not (event.old and event.new and old.get(k) == new.get(k))
    ]


@organiser_required
@require_GET
def audit_trail(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    query = request.GET.get("q", "").strip()[:100]
    events = AuditEvent.objects.filter(club=drive.club, drive_id=drive.pk).order_by(
        "-id"
    )
    if query:
        events = events.filter(subject__icontains=query)
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "drive": drive,
        "page": page,
        "rows": [(event, changes(event)) for event in page],
        "query": query,
        "problems": audit_check(drive=drive),
    }
    return render(request, "scoring/audit.html", context)
