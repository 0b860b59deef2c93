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
