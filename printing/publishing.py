"""Publishing a finished drive to the club's website: the website's side.

- *Publishing key*: a secret the website gives an organiser, named (the
  laptop it is for), shown once, kept only as its SHA-256 digest, revocable.
  A key publishes into its own club and nowhere else.
- *Publication*: the hall laptop sends the drive as the transfer file
  (printing.transfer); the website loads it with every check loaddrive makes,
  all of it or nothing. The same drive (its uid, in the same club) sent again
  replaces the earlier copy and keeps its public results address, so a link
  shared after the first publication goes on working.
- *Throttle*: a wrong or revoked key counts as a miss of a secret link from
  that address (players.throttle); a good key may publish
  PUBLISHING_PER_MINUTE times a minute.

The published drive is one of the club's finished drives like any other: the
seasons whose dates hold it count it in their league table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drive.models import Drive, DriveState
from drive.secret_links import new_key
from players import audit
from players.models import AuditEvent, Club, normalise_name
from printing import audit_values
from printing.models import PublishingKey, PublishingTry
from printing.transfer import load_drive
from scoring.models import Adjustment

# Characters of a key: 32 bytes, 256 bits, URL-safe; a prefix says what it is.
KEY_PREFIX = "wdp_"
TRY_WINDOW = timedelta(minutes=1)


class PublishRefused(Exception):
    """An upload the website refuses, with the HTTP status that says why."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class NewKey:
    record: PublishingKey
    key: str  # shown once, never stored


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


# --- keys ------------------------------------------------------------------------


@transaction.atomic
def publishing_key_create(*, club: Club, name: str, by: str = "") -> NewKey:
    name = " ".join(name.split())
    if not name:
        raise ValidationError(_("Give the key a name, such as the laptop it is for."))
    if PublishingKey.objects.filter(
        club=club, name=name, revoked_at__isnull=True
    ).exists():
        raise ValidationError(
            _("The club already has a key named %(name)s.") % {"name": name}
        )
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    record = PublishingKey.objects.create(
        club=club, name=name, digest=key_digest(key), created_by=by
    )
    audit_values.record_key(key=record, kind=audit.Kind.KEY_MAKE, by=by or None)
    return NewKey(record=record, key=key)


@transaction.atomic
def publishing_key_revoke(*, club: Club, pk: int, by: Any = None) -> PublishingKey:
    record = PublishingKey.objects.select_for_update().filter(club=club, pk=pk).first()
    if record is None:
        raise ValidationError(_("The club has no such key."))
    if record.revoked_at is None:
        record.revoked_at = timezone.now()
        record.save(update_fields=["revoked_at"])
        audit_values.record_key(key=record, kind=audit.Kind.KEY_REVOKE, by=by)
    return record


def publishing_key_find(key: str) -> PublishingKey | None:
    """The key's record if it is a live key of this site, else None.

    The digest is looked up, then compared in constant time: what a
    lookup by digest leaks says nothing about the key itself."""
    if not key or len(key) > 200:
        return None
    digest = key_digest(key)
    record = (
        PublishingKey.objects.select_related("club")
        .filter(digest=digest, revoked_at__isnull=True)
        .first()
    )
    if record is None or not hmac.compare_digest(record.digest, digest):
        return None
    return record


def publishing_paused(*, key: PublishingKey) -> bool:
    """Whether the key has used up its publications of the last minute; counts this one."""
    now = timezone.now()
    PublishingTry.objects.filter(at__lte=now - TRY_WINDOW).delete()
    recent = PublishingTry.objects.filter(key=key, at__gt=now - TRY_WINDOW)
    if recent[settings.PUBLISHING_PER_MINUTE - 1 :].exists():
        return True
    PublishingTry.objects.create(key=key, at=now)
    return False


# --- receiving a drive -------------------------------------------------------------


def _file_drive(data: Any) -> dict[str, Any]:
    """The drive's row of a transfer file, as far as publishing needs it."""
    rows = data.get("rows") if isinstance(data, dict) else None
    drives = rows.get("drive.drive") if isinstance(rows, dict) else None
    if not isinstance(drives, list) or len(drives) != 1:
        raise PublishRefused(_("This is not the file of one drive."), 400)
    row = drives[0]
    if not isinstance(row, dict):
        raise PublishRefused(_("This is not the file of one drive."), 400)
    return row


def _file_uid(row: dict[str, Any]) -> uuid.UUID:
    try:
        return uuid.UUID(str(row.get("uid")))
    except ValueError as error:
        raise PublishRefused(
            _("The drive in the file has no uid: update the hall laptop's software."),
            400,
        ) from error


def _check_club(data: dict[str, Any], key: PublishingKey) -> None:
    """The key publishes one club's drives: the one its first publication
    named, matched by name as players are. The hall laptop's name for the
    club need not be the website's."""
    named = data.get("club")
    name = named.get("name") if isinstance(named, dict) else None
    if not isinstance(name, str) or not normalise_name(name):
        raise PublishRefused(_("The file does not say whose drive it is."), 400)
    if not key.sender:
        key.sender = " ".join(name.split())[:120]
    elif normalise_name(name) != normalise_name(key.sender):
        raise PublishRefused(
            _(
                "This key publishes the drives of %(club)s; the drive is %(other)s's. "
                "Make a key for that club's laptop on the website."
            )
            % {"club": key.sender, "other": name},
            403,
        )


@transaction.atomic
def drive_publish_receive(*, key: PublishingKey, data: Any) -> Drive:
    """Load the finished drive in `data` into the key's club, replacing the copy
    published before (same uid, same club) and keeping its public link.

    All of it or nothing: PublishRefused, or ValidationError from the checks."""
    club = key.club
    key = PublishingKey.objects.select_for_update().get(pk=key.pk)
    row = _file_drive(data)
    _check_club(data, key)
    if row.get("state") != DriveState.FINISHED:
        raise PublishRefused(
            _("Only a finished drive is published; this one is not finished."), 409
        )
    uid = _file_uid(row)
    if Drive.objects.filter(uid=uid).exclude(club=club).exists():
        raise PublishRefused(_("This drive belongs to another club on this site."), 403)
    earlier = Drive.objects.select_for_update().filter(club=club, uid=uid).first()
    public_key = ""
    if earlier is not None:
        public_key = earlier.public_key
        AuditEvent.objects.filter(club=club, drive_id=earlier.pk).delete()
        # An adjustment never goes with its entry unseen (PROTECT): on purpose here.
        Adjustment.objects.filter(entry__drive=earlier).delete()
        earlier.delete()
    drive = load_drive(data=data, club=club, notes=[])
    drive.public_key = public_key or drive.public_key or new_key()
    drive.save(update_fields=["public_key"])
    key.last_used_at = timezone.now()
    key.save(update_fields=["last_used_at", "sender"])
    return drive
