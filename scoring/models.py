"""Hand results and adjustments.

A *hand result* is one submission of the N-S tricks for one table and hand.
Results are versioned: a correction is a new version and the old one is kept
as superseded, so the history of every score survives. At most one version per
table and hand is *confirmed* (the database guards it). A submission that
disagrees with a confirmed result from a phone is kept as a *conflict* for the
organiser to resolve; it stays a conflict in the history, marked *resolved*
once the organiser has entered or kept the right result. A phone's result on a
drive where an opponent confirms is *pending* until confirmed. At most one
result per table and hand *stands* (pending or confirmed). A table and hand
keeps at most MAX_RESULT_VERSIONS versions.

A *phone receipt* is the answer a phone's submission had when it wrote no
result of its own (the same tricks as the standing result, or a disagreement
already passed on): kept with its key, so the key's first answer stays its answer.

An *adjustment* is an organiser's change to one entry's total, with a reason.

A *card total* is one entry's score card typed in at the end of a cards-in
drive (drive.models.ScoreEntry.CARDS): the card's total over the hands played
and, where the drive's prizes or tie-breaks need it, the hands won. One row per
entry: a correction changes it (the record of changes keeps the old value); a
second typing that disagrees waits beside it as the *disputed* value until the
organiser chooses.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from drive.models import Drive, Entry, Table
from scoring.rules import HONOURS_CHOICES, REVOKE_CHOICES, Honours, Revoke, ew_tricks

HONOURS_VALUES = [h.value for h in Honours]
REVOKE_VALUES = [r.value for r in Revoke]

# The most versions one table and hand can have. No evening comes near it; a phone
# stuck in a loop of sending and turning down would otherwise climb until the
# column's range (smallint on PostgreSQL) refused every later result.
MAX_RESULT_VERSIONS = 50


class ResultStatus(models.TextChoices):
    # Entered on a phone, waiting for an opponent's confirmation (drive option).
    PENDING = "pending", _("Waiting for an opponent")
    # A result's status, shown beside the room's badge of the hand: the words
    # agree with it (pl "potwierdzone"), hence their own context.
    CONFIRMED = "confirmed", pgettext_lazy("a result's status", "Confirmed")
    SUPERSEDED = "superseded", pgettext_lazy("a result's status", "Superseded")
    CONFLICT = "conflict", pgettext_lazy("a result's status", "Conflict")


class HandResult(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    hand = models.PositiveSmallIntegerField()
    ns_tricks = models.PositiveSmallIntegerField()
    # Which side held three or four trump honours (drives that count them),
    # and which side revoked: stored as entered, scored by scoring.rules.
    honours = models.CharField(
        max_length=3, choices=HONOURS_CHOICES, blank=True, default=""
    )
    revoke = models.CharField(
        max_length=4, choices=REVOKE_CHOICES, blank=True, default=""
    )
    # Prediction whist (scoring.prediction_rules): each seat's prediction and tricks, in
    # seat order (N, E, S, W, then the fifth), written by scoring.prediction_rules.encode
    # ("2,2,0,4,1"); empty in every other format, where ns_tricks says it all
    # (and is 0 here).
    predictions = models.CharField(max_length=20, blank=True, default="")
    tricks = models.CharField(max_length=20, blank=True, default="")
    version = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=12, choices=ResultStatus.choices, default=ResultStatus.CONFIRMED
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    source = models.CharField(max_length=60, blank=True)
    idempotency_key = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # A conflict (or a pending result turned down) is settled: when and by whom.
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["table__number", "hand", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "hand"],
                condition=Q(status="confirmed"),
                name="result_one_confirmed_per_table_hand",
            ),
            models.UniqueConstraint(
                fields=["table", "hand"],
                condition=Q(status__in=["pending", "confirmed"]),
                name="result_one_standing_per_table_hand",
            ),
            models.UniqueConstraint(
                fields=["table", "hand", "version"], name="result_unique_version"
            ),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="result_unique_idempotency_key",
            ),
            models.CheckConstraint(
                condition=Q(ns_tricks__gte=0, ns_tricks__lte=13),
                name="result_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=Q(hand__gte=1), name="result_hand_positive"
            ),
            models.CheckConstraint(
                condition=Q(honours__in=HONOURS_VALUES), name="result_honours_valid"
            ),
            models.CheckConstraint(
                condition=Q(revoke__in=REVOKE_VALUES), name="result_revoke_valid"
            ),
            # A prediction whist result has both its predictions and its tricks.
            models.CheckConstraint(
                condition=(Q(predictions="") & Q(tricks=""))
                | (~Q(predictions="") & ~Q(tricks="") & Q(ns_tricks=0)),
                name="result_predictions_with_tricks",
            ),
            models.CheckConstraint(
                condition=Q(version__gte=1, version__lte=MAX_RESULT_VERSIONS),
                name="result_version_in_range",
            ),
            models.CheckConstraint(
                condition=Q(status__in=ResultStatus.values), name="result_status_valid"
            ),
        ]
        indexes = [models.Index(fields=["table", "hand", "status"])]

    def __str__(self) -> str:
        return f"{self.table} hand {self.hand}: N-S {self.ns_tricks} (v{self.version})"

    @property
    def ew_tricks(self) -> int:
        return ew_tricks(self.ns_tricks)


class PhoneReceipt(models.Model):
    """A phone's submission that wrote no result, and the answer it had.

    A key that made a result is found on the result (HandResult.idempotency_key);
    one that met a result already there is found here. Either way a key sent
    again gets its first answer and writes nothing.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    idempotency_key = models.CharField(max_length=64)
    # What the phone sent...
    hand = models.PositiveSmallIntegerField()
    ns_tricks = models.PositiveSmallIntegerField()
    honours = models.CharField(max_length=3, blank=True, default="")
    revoke = models.CharField(max_length=4, blank=True, default="")
    predictions = models.CharField(max_length=20, blank=True, default="")
    tricks = models.CharField(max_length=20, blank=True, default="")
    # ...and what it was told: the kind of answer (scoring.captain.Kind), its
    # words, and the result they were about.
    kind = models.CharField(max_length=12)
    message = models.TextField()
    result = models.ForeignKey(HandResult, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                name="phone_receipt_unique_key",
            ),
            models.CheckConstraint(
                condition=Q(ns_tricks__gte=0, ns_tricks__lte=13),
                name="phone_receipt_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["already", "conflict"]),
                name="phone_receipt_kind_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} hand {self.hand}: key {self.idempotency_key[:6]} ({self.kind})"


class Adjustment(models.Model):
    # PROTECT: an adjustment is in the record of changes, so it never goes with
    # its entry unseen; the entry stays (withdrawn) or the adjustment is deleted
    # first, which the record keeps (drive.services.entry_remove).
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="adjustments"
    )
    points = models.IntegerField()
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(reason=""), name="adjustment_reason_given"
            ),
            models.CheckConstraint(
                condition=Q(points__gte=-1000, points__lte=1000),
                name="adjustment_points_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.points:+d} for {self.entry}: {self.reason}"


# The most a card's total can be, either way: far beyond any evening (200 hands
# at 13), and inside a small integer on every database.
CARD_TOTAL_LIMIT = 5000


class CardTotal(models.Model):
    drive = models.ForeignKey(
        Drive, on_delete=models.CASCADE, related_name="card_totals"
    )
    # PROTECT: a card is in the record of changes (as an adjustment is).
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="card_totals"
    )
    total = models.IntegerField()
    # Only where the drive's prizes or tie-breaks use hands won.
    hands_won = models.PositiveSmallIntegerField(null=True, blank=True)
    # A second typing that disagrees, kept for the organiser to choose.
    disputed_total = models.IntegerField(null=True, blank=True)
    disputed_hands_won = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["entry__number"]
        verbose_name = _("score card typed in")
        verbose_name_plural = _("score cards typed in")
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "entry"], name="card_total_one_per_entry"
            ),
            models.CheckConstraint(
                condition=Q(total__gte=-CARD_TOTAL_LIMIT, total__lte=CARD_TOTAL_LIMIT),
                name="card_total_range",
            ),
            models.CheckConstraint(
                condition=Q(disputed_total__isnull=True)
                | Q(
                    disputed_total__gte=-CARD_TOTAL_LIMIT,
                    disputed_total__lte=CARD_TOTAL_LIMIT,
                ),
                name="card_total_disputed_range",
            ),
            models.CheckConstraint(
                condition=Q(hands_won__isnull=True) | Q(hands_won__lte=200),
                name="card_total_hands_won_range",
            ),
            # A disputed hands won only beside a disputed total.
            models.CheckConstraint(
                condition=Q(disputed_hands_won__isnull=True)
                | Q(disputed_total__isnull=False, disputed_hands_won__lte=200),
                name="card_total_disputed_with_total",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: card total {self.total}"

    @property
    def disputed(self) -> bool:
        return self.disputed_total is not None
