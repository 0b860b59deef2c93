"""The door's mark for a player who stays at one table: set, change or clear it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from drive.door_views import _entries_context, _row_tag, _to_row
from drive.forms import RegisterForm, StaysForm
from drive.models import Drive, Entry
from drive.stay_services import entry_set_stays
from drive.views import club_drive
from players.access import assistant_required
from players.http import error_status


def _refused(
    request: HttpRequest, drive: Drive, entry: Entry, text: str, status: int
) -> HttpResponse:
    messages.error(request, text, extra_tags=_row_tag(entry.number))
    return render(
        request,
        "drive/entries.html",
        _entries_context(
            request, Drive.objects.get(pk=drive.pk), RegisterForm(drive=drive)
        ),
        status=status,
    )


@assistant_required
@require_POST
def entry_stays(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_pk, drive=drive
    )
    form = StaysForm(request.POST)
    if not form.is_valid():
        errors = [m for field in form.errors.values() for m in field]
        return _refused(request, drive, entry, " ".join(errors), 400)
    data = form.cleaned_data
    try:
        entry = entry_set_stays(
            entry=entry, stays=data["stays"], table=data["stays_table"]
        )
    except ValidationError as error:
        return _refused(
            request, drive, entry, " ".join(error.messages), error_status(error)
        )
    values = {"name": entry.player.name, "table": entry.stays_table}
    if entry.stays_table:
        text = _("%(name)s stays at table %(table)s.")
    elif entry.stays_at_table:
        text = _("%(name)s stays at the table they first sit at.")
    else:
        text = _("%(name)s moves with everyone else.")
    messages.success(request, text % values, extra_tags=_row_tag(entry.number))
    return _to_row(drive, entry.number)
