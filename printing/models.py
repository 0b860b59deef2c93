"""What was sent to whom: each player's results by e-mail (printing.result_mail)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

# How long after its claim a message still being sent may yet be answered: every
# try is cut off RESULTS_MAIL_SECONDS after it starts (printing.mail_backend);
# the rest is room for writing down the answer.
CLAIM_GRACE_SECONDS = 10


class MailStatus(models.TextChoices):
    # Claimed by a run that is sending it now: nobody else sends it meanwhile.
    SENDING = "sending", gettext_lazy("Sending")
    SENT = "sent", gettext_lazy("Sent")
    FAILED = "failed", gettext_lazy("Failed")
    SKIPPED = "skipped", gettext_lazy("Skipped")


class ResultMail(models.Model):
    """One try at sending an entry its results: sending (claimed, the mail
    server has not yet answered), sent (the server took it), failed (with the
    error) or skipped (with why). An entry has at most one `sending` or `sent`
    row per drive, so nothing is sent twice by accident: the claim is written
    before the message goes, a second sender finds it taken, and the row says
    `sent` only once the server has accepted the message. A claim older than
    any try can last is `interrupted` (the process sending it was stopped):
    shown so, and tried again by the next run."""

    drive = models.ForeignKey(
        "drive.Drive", on_delete=models.CASCADE, related_name="result_mails"
    )
    entry = models.ForeignKey(
        "drive.Entry", on_delete=models.CASCADE, related_name="result_mails"
    )
    address = models.CharField(max_length=254, blank=True, default="")
    status = models.CharField(max_length=8, choices=MailStatus.choices)
    reason = models.CharField(max_length=300, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)
    by = models.CharField(max_length=150)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "entry"],
                condition=Q(status__in=["sending", "sent"]),
                name="result_mail_sent_once",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["sending", "sent", "failed", "skipped"]),
                name="result_mail_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.status} {self.address or '-'}"

    @property
    def interrupted(self) -> bool:
        return self.status == MailStatus.SENDING and self.at < claims_expire_before()


def claims_expire_before() -> datetime:
    """A `sending` claim made before this moment was interrupted: no try lasts so long."""
    lifetime = settings.RESULTS_MAIL_SECONDS + CLAIM_GRACE_SECONDS
    return timezone.now() - timedelta(seconds=lifetime)


# --- publishing a drive to the club's website (printing.publishing) --------------


class PublishingKey(models.Model):
    """A key the club's website gives a hall laptop, to publish the club's
    finished drives with. Only its SHA-256 digest is kept: the key itself is
    shown once, when made. A revoked key publishes nothing more."""

    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="publishing_keys"
    )
    name = models.CharField(gettext_lazy("name"), max_length=80)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.CharField(max_length=150, blank=True, default="")
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    # The club whose drives the key publishes, as the hall laptop names it:
    # set by its first publication, so the names on the two sites may differ.
    sender = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "name"],
                condition=Q(revoked_at__isnull=True),
                name="publishing_key_name_unique",
            ),
            models.CheckConstraint(
                condition=~Q(name=""), name="publishing_key_has_name"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PublishingTry(models.Model):
    """One upload with a key, counted for the throttle: rows, never a counter,
    so every server process counts the same ones."""

    key = models.ForeignKey(PublishingKey, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S}"


class PublishingSite(models.Model):
    """The hall laptop's: the club's website and the key it publishes with
    (kept as typed: it is needed again at each publication)."""

    club = models.OneToOneField(
        "players.Club", on_delete=models.CASCADE, related_name="publishing_site"
    )
    address = models.CharField(gettext_lazy("website address"), max_length=200)
    key = models.CharField(gettext_lazy("publishing key"), max_length=200)

    def __str__(self) -> str:
        return self.address


class Publication(models.Model):
    """The hall laptop's: where a drive stands with the club's website. The
    last try's reason when it failed (blank when it worked); the address and
    time of the last success, kept when a later try fails.

    It stays on this site: a dump of the drive leaves it out (printing.transfer)."""

    STAYS_ON_SITE = True

    drive = models.OneToOneField(
        "drive.Drive", on_delete=models.CASCADE, related_name="publication"
    )
    tried_at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(max_length=300, blank=True, default="")
    published_at = models.DateTimeField(null=True, blank=True)
    address = models.CharField(max_length=200, blank=True, default="")
    public_url = models.CharField(max_length=500, blank=True, default="")

    def __str__(self) -> str:
        return self.public_url or self.reason

    @property
    def published(self) -> bool:
        return not self.reason and self.published_at is not None
