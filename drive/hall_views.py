"""The hall's Wi-Fi for the table cards (drive.hall): its name and password,
kept on the drive for the evening only. Organisers only; works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from drive.forms import WifiForm
from drive.hall import drive_wifi_set
from drive.models import Drive
from drive.views import club_drive
from players.access import organiser_required


def _page(request: HttpRequest, drive: Drive, form: WifiForm, status: int = 200):
    return render(
        request, "drive/wifi.html", {"drive": drive, "form": form}, status=status
    )


@organiser_required
@require_http_methods(["GET", "POST"])
def wifi(request: HttpRequest, pk: int) -> HttpResponse:
    drive = club_drive(request, pk)
    if request.method == "GET":
        initial = {"wifi_name": drive.wifi_name, "wifi_password": drive.wifi_password}
        return _page(request, drive, WifiForm(initial=initial))
    form = WifiForm(request.POST)
    if not form.is_valid():
        return _page(request, drive, form, status=400)
    name = form.cleaned_data["wifi_name"]
    drive_wifi_set(drive=drive, name=name, password=form.cleaned_data["wifi_password"])
    if name:
        messages.success(
            request,
            _("The table cards now carry a QR code that joins %(name)s.")
            % {"name": name},
        )
    else:
        messages.success(request, _("The table cards carry no Wi-Fi code now."))
    return redirect(reverse("drive:detail", args=[drive.pk]) + "#downloads")
