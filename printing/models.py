"""What was sent to whom: each player's results by e-mail (printing.result_mail)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy


class MailStatus(models.TextChoices):
    SENT = "sent", gettext_lazy("Sent")
    FAILED = "failed", gettext_lazy("Failed")
    SKIPPED = "skipped", gettext_lazy("Skipped")


class ResultMail(models.Model):
    """One try at sending an entry its results: sent, failed (with the error)
    or skipped (with why). An entry has at most one `sent` row per drive, so
    nothing is sent twice by accident: the row is written before the message
    goes, and a second sender finds it taken."""

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
                condition=Q(status="sent"),
                name="result_mail_sent_once",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["sent", "failed", "skipped"]),
                name="result_mail_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.status} {self.address or '-'}"
