"""Publishing a finished drive to the club's website: the hall laptop's side.

The laptop keeps, per club, the website's address and the publishing key the
website gave (printing.models.PublishingSite). `drive_publish` sends the drive
as the transfer file (printing.transfer) in one HTTPS request, cut off after
PUBLISHING_SECONDS, and writes down how it went on the drive
(printing.models.Publication): published at a time to an address, with the
public results address the website answered; or not published, with the
reason. A drive that could not be published is simply published again later:
the website replaces its earlier copy, so trying twice never makes two.

The address must be https://, but for loopback (http://127.0.0.1, localhost),
which is for tests and a demonstration on one laptop: a key must never cross
a network in clear text.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drive.models import Drive, DriveState
from players.models import Club
from printing import audit_values
from printing.models import Publication, PublishingSite
from printing.transfer import dump_drive

API_PATH = "api/publish/"
# The most of a website's answer read: a JSON line, or an error page.
ANSWER_MAX = 64 * 1024
REASON_MAX = Publication._meta.get_field("reason").max_length


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def site_address_clean(address: str) -> str:
    """The website's address as kept: https://host[/path], no trailing slash."""
    address = address.strip()
    try:
        parts = urlsplit(address)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError for a port that is not one
    except ValueError as error:
        raise ValidationError(
            _("%(address)s is not a website's address.") % {"address": address}
        ) from error
    if not host or parts.query or parts.fragment or parts.username:
        raise ValidationError(
            _(
                "%(address)s is not a website's address, such as https://whist.example.org."
            )
            % {"address": address}
        )
    if parts.scheme != "https" and not (parts.scheme == "http" and _loopback(host)):
        raise ValidationError(
            _(
                "The website's address must begin with https:// so that the key "
                "cannot be read on the way."
            )
        )
    return address.rstrip("/")


def publishing_site_save(*, club: Club, address: str, key: str) -> PublishingSite:
    key = key.strip()
    if not key:
        raise ValidationError(_("Paste the publishing key the club's website gave."))
    site, _created = PublishingSite.objects.update_or_create(
        club=club, defaults={"address": site_address_clean(address), "key": key}
    )
    return site


def _reason(text: str) -> str:
    return text[:REASON_MAX]


def _answer(response) -> dict:  # noqa: ANN001 - an HTTP response or HTTPError
    try:
        answer = json.loads(response.read(ANSWER_MAX).decode("utf-8"))
    except (ValueError, OSError):
        return {}
    return answer if isinstance(answer, dict) else {}


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is answered as an error: following one would send the key
    (and the drive) to an address nobody typed."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: ANN001, ANN201, PLR0913
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def _send(address: str, key: str, body: bytes) -> str:
    """POST the file; the public results address, or a translated reason (ValueError)."""
    request = urllib.request.Request(
        f"{address}/{API_PATH}",
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json; charset=utf-8",
            "Accept": "application/json",
        },
    )
    try:
        with _opener.open(request, timeout=settings.PUBLISHING_SECONDS) as response:
            answer = _answer(response)
    except urllib.error.HTTPError as error:
        message = _answer(error).get("message") or error.reason
        raise ValueError(
            _("the website refused it (%(status)s): %(message)s")
            % {"status": error.status, "message": message}
        ) from error
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        why = getattr(error, "reason", None) or error
        raise ValueError(
            _("the website could not be reached: %(why)s") % {"why": why}
        ) from error
    url = answer.get("public_url")
    if not isinstance(url, str) or not url:
        raise ValueError(_("the website's answer gave no results address"))
    return url


def drive_publish(
    *, drive: Drive, address: str, key: str, by: Any = None
) -> Publication:
    """Send the finished drive to the website; the drive's Publication, saying how it went.

    ValidationError (nothing sent, nothing written) for a drive not finished
    or an address that is not one."""
    if drive.state != DriveState.FINISHED:
        raise ValidationError(_("Only a finished drive can be published."))
    address = site_address_clean(address)
    body = json.dumps(
        dump_drive(drive=drive), ensure_ascii=False, separators=(",", ":")
    ).encode("utf-8")
    publication, _created = Publication.objects.get_or_create(drive=drive)
    publication.tried_at = timezone.now()
    try:
        url = _send(address, key.strip(), body)
    except ValueError as error:
        publication.reason = _reason(str(error))
    else:
        publication.reason = ""
        publication.published_at = publication.tried_at
        publication.address = address
        publication.public_url = url[:500]
    with transaction.atomic():
        publication.save()
        audit_values.record_publish(
            drive=drive, publication=publication, address=address, by=by
        )
    return publication


def drive_publish_to_club_site(*, drive: Drive, by: Any = None) -> Publication:
    """drive_publish to the address and with the key saved for the drive's club."""
    site = PublishingSite.objects.filter(club_id=drive.club_id).first()
    if site is None:
        raise ValidationError(
            _("Give the club's website address and publishing key first.")
        )
    return drive_publish(drive=drive, address=site.address, key=site.key, by=by)
