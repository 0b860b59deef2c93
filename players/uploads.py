"""A roster upload waiting between its preview and its import.

The organiser uploads a file, sees the preview, and presses Import: two
requests, which on a site with several app servers may reach different ones.
So the file waits in the database (RosterUpload), named by a random token that
only the organiser's session holds and bound to their club; a file not
imported within the hour is thrown away by the next upload.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta

from django.utils import timezone

from players.models import Club, RosterUpload
from players.roster_file import MAX_BYTES

# An upload not imported within this time is thrown away (by the next upload).
UPLOAD_KEEP = timedelta(hours=1)
UPLOAD_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")


def upload_keep(*, club: Club, data: bytes) -> str:
    """Keep an uploaded file (at most MAX_BYTES) until it is imported; returns its token."""
    if len(data) > MAX_BYTES:
        raise ValueError("a roster upload is at most MAX_BYTES")
    RosterUpload.objects.filter(at__lt=timezone.now() - UPLOAD_KEEP).delete()
    token = secrets.token_urlsafe(16)
    RosterUpload.objects.create(club=club, token=token, data=data)
    return token


def upload_read(*, club: Club, token: object) -> bytes | None:
    """The file kept under `token` for `club`; None when it is gone, too old or never was."""
    if not isinstance(token, str) or not UPLOAD_TOKEN.fullmatch(token):
        return None
    data = (
        RosterUpload.objects.filter(
            club=club, token=token, at__gte=timezone.now() - UPLOAD_KEEP
        )
        .values_list("data", flat=True)
        .first()
    )
    return bytes(data) if data is not None else None


def upload_drop(*, club: Club, token: object) -> None:
    if isinstance(token, str) and UPLOAD_TOKEN.fullmatch(token):
        RosterUpload.objects.filter(club=club, token=token).delete()
