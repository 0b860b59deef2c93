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
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from drive.models import Entry, Table
from scoring.rules import ew_tricks

# The most versions one table and hand can have. No evening comes near it; a phone
# stuck in a loop of sending and turning down would otherwise climb until the
# column's range (smallint on PostgreSQL) refused every later result.
MAX_RESULT_VERSIONS = 50


class ResultStatus(models.TextChoices):
    # Entered on a phone, waiting for an opponent's confirmation (drive option).
    PENDING = "pending", "Waiting for an opponent"
    CONFIRMED = "confirmed", "Confirmed"
    SUPERSEDED = "superseded", "Superseded"
    CONFLICT = "conflict", "Conflict"


class HandResult(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    hand = models.PositiveSmallIntegerField()
    ns_tricks = models.PositiveSmallIntegerField()
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
    # ...and what it was told: the kind of answer (scoring.services.Kind), its
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


# --- prizes, tie-breaks and the season ----------------------------------------------
#
# The arithmetic lives in scoring.tiebreaks, scoring.prizes and scoring.season
# (plain Python); these models keep what the organiser decides: the club's
# rules and prize list, a drive's own prize list, the mystery score, the draws
# that settle ties, and the seasons.

DEFAULT_TIE_BREAKS = "count_back,hands_won,best_hand,draw"


class ClubScoringSettings(models.Model):
    """A club's rules for prizes and the league; a club without a row uses the defaults."""

    club = models.OneToOneField(
        "players.Club", on_delete=models.CASCADE, related_name="scoring_settings"
    )
    # Rule names in order (scoring.tiebreaks.Rule), separated by commas.
    tie_breaks = models.CharField(max_length=100, default=DEFAULT_TIE_BREAKS)
    one_prize_per_person = models.BooleanField(
        default=False,
        help_text="A winner of a prize higher on the list is skipped for the lower ones.",
    )
    # Until the club saves its own prize list, it has the usual one.
    has_prize_list = models.BooleanField(default=False)
    # The best N drives of the season count; empty: every drive counts.
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    min_attendance = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="club_scoring_best_of_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"Scoring settings of {self.club}"


class PrizeKindChoice(models.TextChoices):
    OVERALL = "overall", "Overall place"
    GROUP = "group", "Place in a group"
    HALF_TIME = "half_time", "Half-time leader"
    BOOBY = "booby", "Booby (lowest total)"
    MOST_HANDS_WON = "most_hands_won", "Most hands won"
    MYSTERY = "mystery", "Mystery score"
    CUSTOM = "custom", "Custom"


def _prize_constraints(prefix: str) -> list[models.BaseConstraint]:
    return [
        models.CheckConstraint(
            condition=Q(kind__in=PrizeKindChoice.values), name=f"{prefix}_kind_valid"
        ),
        models.CheckConstraint(
            condition=Q(group__in=["", "A", "B"]), name=f"{prefix}_group_valid"
        ),
        models.CheckConstraint(
            condition=Q(place__gte=1), name=f"{prefix}_place_positive"
        ),
        models.CheckConstraint(
            condition=~Q(kind="custom") | ~Q(name=""), name=f"{prefix}_custom_named"
        ),
    ]


class PrizeFields(models.Model):
    """One line of a prize list (scoring.prizes.PrizeSpec)."""

    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=PrizeKindChoice.choices)
    place = models.PositiveSmallIntegerField(default=1)
    group = models.CharField(max_length=1, blank=True, default="")
    name = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["position"]


class PrizeTemplateItem(PrizeFields):
    """A line of the club's prize list, copied to each drive that uses it."""

    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="prize_template"
    )

    class Meta(PrizeFields.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["club", "position"], name="prize_template_unique_position"
            ),
            *_prize_constraints("prize_template"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: prize {self.position} ({self.kind})"


class DrivePrize(PrizeFields):
    """A drive's own prize list: copied from the club's when the organiser first
    changes anything about the drive's prizes, or at the latest when the drive
    starts (with DrivePrizeRules), so later edits of the club's list leave this
    drive alone."""

    drive = models.ForeignKey(
        "drive.Drive", on_delete=models.CASCADE, related_name="prizes"
    )
    # A custom prize's winner, chosen by the organiser.
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta(PrizeFields.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "position"], name="drive_prize_unique_position"
            ),
            *_prize_constraints("drive_prize"),
        ]

    def __str__(self) -> str:
        return f"{self.drive}: prize {self.position} ({self.kind})"


class DrivePrizeRules(models.Model):
    """A drive's own copy of the club's prize rules, taken when it starts, with its
    own prize list (DrivePrize rows, none for an empty list): from then on edits
    of the club's list and rules leave this drive, its ranks and its prizes,
    alone (scoring.services_prizes.drive_prizes_freeze). A drive without one (not
    started yet) follows the club."""

    drive = models.OneToOneField(
        "drive.Drive", on_delete=models.CASCADE, related_name="prize_rules"
    )
    # As ClubScoringSettings.tie_breaks: rule names in order, separated by commas.
    tie_breaks = models.CharField(max_length=100, default=DEFAULT_TIE_BREAKS)
    one_prize_per_person = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Prize rules of {self.drive}"


class MysteryScore(models.Model):
    """The number drawn after play: the total closest to it wins the mystery prize."""

    drive = models.OneToOneField(
        "drive.Drive", on_delete=models.CASCADE, related_name="mystery_score"
    )
    value = models.IntegerField()
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    drawn_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(value__gte=0, value__lte=9999), name="mystery_score_range"
            ),
        ]

    def __str__(self) -> str:
        return f"Mystery score {self.value} for {self.drive}"


class Season(models.Model):
    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(max_length=80)
    start = models.DateField()
    end = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lte=models.F("end")), name="season_start_before_end"
            ),
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


class ContestChoice(models.TextChoices):
    FINAL = "final", "Final standings"
    HALF_TIME = "half_time", "Half-time"
    HANDS_WON = "hands_won", "Most hands won"
    MYSTERY = "mystery", "Mystery score"
    LEAGUE = "league", "League table"


class TieDraw(models.Model):
    """The organiser's draw ("cut of the cards") between contenders still level.

    `members` is the sorted, comma-separated keys of everyone who cut: entry ids
    for a drive's contests, player ids for a season's league. The winner of the
    cut goes ahead of the others. A draw belongs to exactly that tie: if a
    correction changes who is level, the tie needs a new draw.
    """

    drive = models.ForeignKey(
        "drive.Drive",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tie_draws",
    )
    season = models.ForeignKey(
        Season,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tie_draws",
    )
    contest = models.CharField(max_length=12, choices=ContestChoice.choices)
    members = models.CharField(max_length=2000)
    winner_entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    winner_player = models.ForeignKey(
        "players.Player",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recorded_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(
                        drive__isnull=False,
                        season__isnull=True,
                        winner_entry__isnull=False,
                    )
                    & Q(winner_player__isnull=True)
                )
                | (
                    Q(
                        drive__isnull=True,
                        season__isnull=False,
                        winner_player__isnull=False,
                    )
                    & Q(winner_entry__isnull=True)
                ),
                name="tie_draw_drive_or_season",
            ),
            models.CheckConstraint(
                condition=Q(contest__in=ContestChoice.values),
                name="tie_draw_contest_valid",
            ),
            models.UniqueConstraint(
                fields=["drive", "contest", "members"],
                condition=Q(drive__isnull=False),
                name="tie_draw_unique_drive_tie",
            ),
            models.UniqueConstraint(
                fields=["season", "contest", "members"],
                condition=Q(season__isnull=False),
                name="tie_draw_unique_season_tie",
            ),
        ]

    def __str__(self) -> str:
        return f"Draw ({self.contest}) between {self.members}"

    @property
    def member_keys(self) -> frozenset[int]:
        return frozenset(int(k) for k in self.members.split(",") if k)

    @property
    def winner_key(self) -> int:
        return self.winner_entry_id if self.drive_id else self.winner_player_id


def members_text(keys) -> str:
    return ",".join(str(k) for k in sorted(set(keys)))
