"""Publishing a finished drive to the club's website: the pages and the API.

- /api/publish/ (the website's): a hall laptop POSTs a drive's transfer file
  with its publishing key (Authorization: Bearer ...); the answer is JSON,
  {"public_url": ...} or {"message": ...}, with a 4xx status saying why:
  401 a wrong or revoked key, 403 another club's drive, 409 a drive not
  finished, 411/413 no length or too long, 429 too many tries, 400 a file
  that fails a check. CSRF does not apply: no browser sends it, and the key
  is the proof.
- /club/website/ (organisers): this laptop's website address and key, and
  this site's publishing keys (made, shown once, revoked).
- /drives/<pk>/publish/ (organisers): a finished drive's status on the
  website and the button that publishes it (linked from the drive's page).
"""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)

from drive.movement.types import Game
from drive.views import club_drive
from players.access import organiser_required
from players.language import use_club
from players.throttle import client_address, link_guessing_paused, link_miss_record
from players.views import apply_errors
from printing import audit_values, publishing, publishing_client
from printing.models import Publication, PublishingKey, PublishingSite
from scoring.views.audit import row as audit_row

BEARER = "Bearer "


def _error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"message": message}, status=status)


def _too_many() -> JsonResponse:
    response = _error(_("Too many tries: wait a minute, then publish again."), 429)
    response["Retry-After"] = "60"
    return response


def _too_large(limit: int) -> str:
    return ngettext(
        "The file is larger than this website takes (%(max)s byte).",
        "The file is larger than this website takes (%(max)s bytes).",
        limit,
    ) % {"max": limit}


def _read_upload(request: HttpRequest) -> bytes | JsonResponse:
    """The body, or the answer refusing it: its length is checked before any of it is read."""
    limit = settings.PUBLISHING_MAX_BYTES
    try:
        length = int(request.META.get("CONTENT_LENGTH") or "")
    except ValueError:
        return _error(_("Say how long the file is (Content-Length)."), 411)
    if length > limit:
        return _error(_too_large(limit), 413)
    body = request.read(limit + 1)
    if len(body) > limit:  # never, with an honest Content-Length
        return _error(_too_large(limit), 413)
    return body


@csrf_exempt
@require_POST
def publish_api(request: HttpRequest) -> HttpResponse:
    address = client_address(request)
    if link_guessing_paused(address=address):
        return _too_many()
    header = request.META.get("HTTP_AUTHORIZATION", "")
    key = publishing.publishing_key_find(header.removeprefix(BEARER).strip())
    if not header.startswith(BEARER) or key is None:
        link_miss_record(address=address)
        response = _error(_("This publishing key is wrong or was revoked."), 401)
        response["WWW-Authenticate"] = "Bearer"
        return response
    use_club(request, key.club)
    if publishing.publishing_paused(key=key):
        return _too_many()
    body = _read_upload(request)
    if isinstance(body, JsonResponse):
        return body
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return _error(_("This is not a drive's file (not JSON)."), 400)
    try:
        drive = publishing.drive_publish_receive(key=key, data=data)
    except publishing.PublishRefused as refused:
        return _error(refused.message, refused.status)
    except ValidationError as error:
        return _error(" ".join(error.messages), 400)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return _error(
            _("The file is damaged or incomplete (%(error)r); nothing was loaded.")
            % {"error": error},
            400,
        )
    except DatabaseError as error:
        return _error(
            _("The file breaks a rule of the database (%(error)s); nothing was loaded.")
            % {"error": error},
            400,
        )
    url = reverse("scoring:public", args=[drive.public_key])
    return JsonResponse({"public_url": request.build_absolute_uri(url)})


# --- the organiser's page -------------------------------------------------------------


class SiteForm(forms.Form):
    address = forms.CharField(
        label=gettext_lazy("The club's website"),
        max_length=200,
        help_text=gettext_lazy("Its address, such as https://whist.example.org"),
    )
    key = forms.CharField(
        label=gettext_lazy("Publishing key"),
        max_length=200,
        widget=forms.PasswordInput(render_value=True),
        help_text=gettext_lazy(
            "Made on the website under The club's website. It is a secret: "
            "anyone who has it can publish drives for the club."
        ),
    )


class KeyForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name of the new key"),
        max_length=80,
        help_text=gettext_lazy("Such as the laptop it is for: Hall laptop"),
    )


def _page(
    request: HttpRequest,
    *,
    site_form: SiteForm | None = None,
    key_form: KeyForm | None = None,
    new_key: publishing.NewKey | None = None,
    status: int = 200,
) -> HttpResponse:
    site = PublishingSite.objects.filter(club=request.club).first()
    if site_form is None:
        initial = {"address": site.address, "key": site.key} if site else None
        site_form = SiteForm(initial=initial)
    context = {
        "site": site,
        "site_form": site_form,
        "key_form": key_form or KeyForm(),
        "new_key": new_key,
        "keys": PublishingKey.objects.filter(club=request.club),
        # Who made and revoked each key, in words (the record of changes). A
        # key is the club's, no drive's: its records hold no result, and the
        # hands game shows each value as it is and hides none.
        "key_records": [
            audit_row(event, game=Game.HANDS)
            for event in audit_values.key_records(club_id=request.club.pk)
        ],
    }
    return render(request, "printing/publishing.html", context, status=status)


@organiser_required
@require_GET
def publishing_page(request: HttpRequest) -> HttpResponse:
    return _page(request)


@organiser_required
@require_POST
def publishing_site(request: HttpRequest) -> HttpResponse:
    form = SiteForm(request.POST)
    if form.is_valid():
        try:
            publishing_client.publishing_site_save(
                club=request.club, **form.cleaned_data
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, _("The club's website is saved."))
            return redirect("printing:publishing")
    return _page(request, site_form=form, status=400)


@organiser_required
@require_POST
def publishing_key_new(request: HttpRequest) -> HttpResponse:
    """A new key, shown on this answer only: it is in no address and no later page."""
    form = KeyForm(request.POST)
    if form.is_valid():
        try:
            new_key = publishing.publishing_key_create(
                club=request.club,
                name=form.cleaned_data["name"],
                by=request.user.get_username(),
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            response = _page(request, new_key=new_key)
            response["Cache-Control"] = "no-store"
            return response
    return _page(request, key_form=form, status=400)


@organiser_required
@require_POST
def publishing_key_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        record = publishing.publishing_key_revoke(
            club=request.club, pk=pk, by=request.user
        )
    except ValidationError as error:
        return HttpResponse(
            " ".join(error.messages),
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    messages.success(request, _("The key %(name)s is revoked.") % {"name": record.name})
    return redirect("printing:publishing")


@organiser_required
@require_http_methods(["GET", "POST"])
def drive_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished drive's place on the club's website, and the button that publishes it."""
    drive = club_drive(request, pk)
    if request.method == "GET":
        context = {
            "drive": drive,
            "publication": Publication.objects.filter(drive=drive).first(),
            "site": PublishingSite.objects.filter(club=request.club).first(),
        }
        return render(request, "printing/drive_publish.html", context)
    try:
        publication = publishing_client.drive_publish_to_club_site(
            drive=drive, by=request.user
        )
    except ValidationError as error:  # not finished, or no website saved yet
        return HttpResponse(
            " ".join(error.messages),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    if publication.published:
        messages.success(
            request, _("Published: %(url)s") % {"url": publication.public_url}
        )
    else:
        messages.error(
            request, _("Not yet published: %(reason)s") % {"reason": publication.reason}
        )
    return redirect("printing:publish", pk=drive.pk)
