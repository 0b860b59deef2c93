"""An entry: a player's registration in one drive."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q

from drive.models.choices import (
    GroupChoice,
    PaymentMethod,
)
from drive.models.drive import Drive
from players.models import Player
from players.money import DECIMAL_PLACES, MAX_DIGITS


class Entry(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField()
    group = models.CharField(max_length=1, choices=GroupChoice.choices)
    # Partners drives: the two entries of a pair share a number (A and B).
    pair = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    # The fee is settled: paid (cash or card) or let in free, and not refunded.
    # Kept with the payment by drive.money_services; an entry paid before
    # payments were recorded keeps paid with no method.
    paid = models.BooleanField(default=False)
    # What was paid and how. In a partners drive the pair's fee is on its
    # A entry; the B entry has the method and 0.
    paid_amount = models.DecimalField(
        max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES, default=0
    )
    pay_method = models.CharField(
        max_length=4, blank=True, choices=PaymentMethod.choices, default=""
    )
    paid_at = models.DateTimeField(null=True, blank=True)
    # Given back when the entry withdrew before playing.
    refunded_amount = models.DecimalField(
        max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES, default=0
    )
    refunded_at = models.DateTimeField(null=True, blank=True)
    payment_note = models.CharField(max_length=200, blank=True, default="")
    # The first round this entry plays: 1 for those present at the start, later
    # for late arrivals; null until the entry is seated.
    joined_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The first round this entry no longer plays, once withdrawn.
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Cannot move between tables (a wheelchair, a walking frame, the quiet
    # corner for a hearing aid): the movement keeps them at one table
    # (drive.movement.stays), the one named here or else where they first sit.
    stays_at_table = models.BooleanField(default=False)
    stays_table = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player asked for their score card in large print (printing.editions).
    large_print = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="entry_unique_number"
            ),
            models.UniqueConstraint(
                fields=["drive", "player"], name="entry_unique_player"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="entry_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(group__in=GroupChoice.values), name="entry_group_valid"
            ),
            models.UniqueConstraint(
                fields=["drive", "pair", "group"],
                condition=Q(pair__isnull=False),
                name="entry_pair_one_per_group",
            ),
            models.CheckConstraint(
                condition=Q(paid_amount__gte=0, refunded_amount__gte=0),
                name="entry_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(refunded_amount__lte=F("paid_amount")),
                name="entry_refund_at_most_paid",
            ),
            models.CheckConstraint(
                condition=Q(pay_method__in=PaymentMethod.values),
                name="entry_pay_method_valid",
            ),
            # Nothing paid without a method, nothing paid when let in free.
            models.CheckConstraint(
                condition=Q(paid_amount=0) | Q(pay_method__in=["cash", "card"]),
                name="entry_amount_has_method",
            ),
            # A method recorded and no refund: the fee is settled.
            models.CheckConstraint(
                condition=Q(pay_method="") | Q(refunded_amount__gt=0) | Q(paid=True),
                name="entry_paid_follows_payment",
            ),
            models.CheckConstraint(
                condition=Q(refunded_amount=0) | Q(paid=False),
                name="entry_refunded_not_paid",
            ),
            # A table is named only for a player who stays at one.
            models.CheckConstraint(
                condition=Q(stays_table__isnull=True)
                | Q(stays_at_table=True, stays_table__gte=1),
                name="entry_stays_table_only_when_staying",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.player.name}"

    def plays_round(self, round_number: int) -> bool:
        if self.joined_round is None or round_number < self.joined_round:
            return False
        return (
            self.withdrawn_from_round is None
            or round_number < self.withdrawn_from_round
        )
