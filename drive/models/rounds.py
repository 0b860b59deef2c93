"""A drive's tables, its rounds and who sits where in each."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from drive.models.choices import (
    SeatChoice,
)
from drive.models.drive import Drive
from drive.models.entries import Entry
from drive.secret_links import new_key


class Table(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    captain_key = models.CharField(max_length=64, unique=True, default=new_key)
    # How many answers are kept for this table's phones as receipts
    # (scoring.PhoneReceipt), counted as each is written: a captain's result at
    # a table that has none needs no look for its key among them.
    receipts = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="table_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="table_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Round(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # When the round became the one in play, and when the next one (or the end
    # of the drive) took over; a fixed format plans its rounds long before.
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="round_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class SeatAssignment(models.Model):
    """One entry's place in one round: a table and seat, or a sit-out (no table)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: an entry that has had a seat has scores, so it is withdrawn,
    # never removed; the seats still go with their round or their drive.
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    position = models.CharField(max_length=1, blank=True, choices=SeatChoice.choices)

    class Meta:
        ordering = ["round", "table__number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entry"], name="seat_one_per_entry_per_round"
            ),
            models.UniqueConstraint(
                fields=["round", "table", "position"],
                condition=Q(table__isnull=False),
                name="seat_one_entry_per_place",
            ),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(position=""))
                | (Q(table__isnull=False) & Q(position__in=SeatChoice.values)),
                name="seat_table_and_position_together",
            ),
        ]

    def __str__(self) -> str:
        if self.table_id is None:
            return f"{self.entry_id} sits out in {self.round}"
        return f"{self.entry_id} at table {self.table_id} {self.position}"

    @property
    def is_sit_out(self) -> bool:
        return self.table_id is None
