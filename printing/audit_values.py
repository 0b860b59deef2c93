"""What the record of changes (players.audit) holds of publishing.

- *A drive sent to the club's website* (the hall laptop's side): the
  website's address, whether it was published, and the public results
  address it answered or the reason it was not. Recorded on the drive.
- *A publishing key made or revoked* (the website's side): the key's name.
  A key is the club's, not a drive's: its record has no drive, and the
  club's website page lists it (printing.publishing_views).

The keys are read by the record-of-changes page (scoring.views.audit), so
each keeps its name.
"""

from __future__ import annotations

from typing import Any

from drive.models import Drive
from players import audit
from players.models import AuditEvent, AuditKind
from printing.models import Publication, PublishingKey

KEY_KINDS = (AuditKind.KEY_MAKE, AuditKind.KEY_REVOKE)


def publication_values(publication: Publication, address: str) -> dict[str, Any]:
    """One try at publishing: where to, and how it went."""
    if publication.reason:
        return {"website": address, "published": False, "reason": publication.reason}
    return {
        "website": address,
        "published": True,
        "public_url": publication.public_url,
    }


def record_publish(
    *, drive: Drive, publication: Publication, address: str, by: Any = None
) -> AuditEvent:
    return audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=AuditKind.DRIVE_PUBLISH,
        subject=f"drive {drive.pk} {drive.name}",
        refs={"drive": drive.pk, "publication": publication.pk},
        new=publication_values(publication, address),
        by=by,
    )


def record_key(*, key: PublishingKey, kind: str, by: Any = None) -> AuditEvent:
    """A key made (KEY_MAKE) or revoked (KEY_REVOKE): the club's, no drive's."""
    revoked = kind == AuditKind.KEY_REVOKE
    return audit.record(
        club_id=key.club_id,
        drive_id=None,
        kind=kind,
        subject=f"key {key.name}",
        refs={"key": key.pk},
        old={"revoked": False} if revoked else None,
        new={"revoked": True} if revoked else {"revoked": False},
        by=by,
    )


def key_records(*, club_id: int) -> list[AuditEvent]:
    """The club's record of its publishing keys, newest first."""
    return list(
        AuditEvent.objects.filter(
            club_id=club_id, drive_id__isnull=True, kind__in=KEY_KINDS
        ).order_by("-id")
    )
