"""The evening's other money: income and costs beside the entry fees."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from drive.models.choices import (
    MoneyKind,
)
from drive.models.drive import Drive
from players.money import DECIMAL_PLACES, MAX_DIGITS


class MoneyLine(models.Model):
    """Other income or a cost of the evening: raffle, teas, hall hire, prizes bought."""

    drive = models.ForeignKey(
        Drive, on_delete=models.CASCADE, related_name="money_lines"
    )
    kind = models.CharField(max_length=6, choices=MoneyKind.choices)
    amount = models.DecimalField(max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES)
    note = models.CharField(max_length=200)
    created_by = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kind", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=0), name="money_line_amount_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=MoneyKind.values), name="money_line_kind_valid"
            ),
            models.CheckConstraint(
                condition=~Q(note=""), name="money_line_note_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} {self.note}"
