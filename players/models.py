"""Clubs, the people who run them, and the roster of players.

A *club* owns a roster of *players* (kept across drives) and its drives.
A *membership* gives a user a role in one club: an organiser runs everything,
an assistant checks players in and enters scores but changes no set-up.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy

from players.collation import fold
from players.language import LANGUAGE_CHOICES
from players.money import CURRENCY_CHOICES, DEFAULT_CURRENCY


def normalise_name(name: str) -> str:
    """The form names are matched by: no accents, no case, single spaces
    (players.collation.fold)."""
    return " ".join(fold(name).split())


def site_time_zone() -> str:
    """A club's time zone unless set: the site's (settings.TIME_ZONE)."""
    return settings.TIME_ZONE


def tidy_name(name: str) -> str:
    """The form a name is stored in: single spaces, no leading or trailing blanks."""
    return " ".join(name.split())


class Club(models.Model):
    name = models.CharField(max_length=120)
    # The currency of the club's takings (players.money.CURRENCIES).
    currency = models.CharField(
        max_length=3, choices=CURRENCY_CHOICES, default=DEFAULT_CURRENCY
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The language of the club's pages, captain phones and public boards, unless a
    # visitor chooses another (players.language).
    language = models.CharField(
        max_length=8, choices=LANGUAGE_CHOICES, default=settings.LANGUAGE_CODE
    )
    # The wall clock of every time shown for the club (players.time_zones).
    time_zone = models.CharField(max_length=64, default=site_time_zone)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(currency__in=[c for c, _ in CURRENCY_CHOICES]),
                name="club_currency_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(language__in=[c for c, _ in LANGUAGE_CHOICES]),
                name="club_language_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANISER = "organiser", gettext_lazy("Organiser")
    ASSISTANT = "assistant", gettext_lazy("Assistant")


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.ORGANISER)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], name="membership_unique_user"
            ),
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values), name="membership_role_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) at {self.club}"


class PreferredGroup(models.TextChoices):
    NONE = "", gettext_lazy("No preference")
    A = "A", gettext_lazy("Group A")
    B = "B", gettext_lazy("Group B")


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    name_key = models.CharField(max_length=120, editable=False, db_index=True)
    email = models.EmailField(blank=True)
    # The player agreed to be sent their results by e-mail
    # (printing.result_mail sends only to those who did).
    email_consent = models.BooleanField(
        default=False, verbose_name=gettext_lazy("Results by e-mail")
    )
    phone = models.CharField(max_length=40, blank=True)
    group = models.CharField(
        max_length=1,
        blank=True,
        choices=PreferredGroup.choices,
        default=PreferredGroup.NONE,
    )
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name"), "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(name=""), name="player_name_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        self.name = tidy_name(self.name)
        self.name_key = normalise_name(self.name)
        super().save(*args, **kwargs)


class AuditKind(models.TextChoices):
    DRIVE_START = "drive.start", gettext_lazy("Drive started")
    ENTRY_REGISTER = "entry.register", gettext_lazy("Registered")
    ENTRY_CHECK_IN = "entry.check_in", gettext_lazy("Checked in or out")
    ENTRY_PAID = "entry.paid", gettext_lazy("Paid or unpaid")
    ENTRY_REFUND = "entry.refund", gettext_lazy("Refunded and withdrawn")
    DRIVE_FEE = "drive.fee", gettext_lazy("Entry fee or currency set")
    DRIVE_CLOCK = (
        "drive.clock",
        gettext_lazy("Round clock started, paused, extended or stopped"),
    )
    MONEY_ADD = "money.add", gettext_lazy("Income or cost added")
    MONEY_REMOVE = "money.remove", gettext_lazy("Income or cost removed")
    ENTRY_GROUP = "entry.group", gettext_lazy("Group changed")
    ENTRY_STAYS = "entry.stays", gettext_lazy("Staying at one table set or cleared")
    ENTRY_WITHDRAW = "entry.withdraw", gettext_lazy("Withdrawn")
    ENTRY_REINSTATE = "entry.reinstate", gettext_lazy("Reinstated")
    ENTRY_REMOVE = "entry.remove", gettext_lazy("Registration removed")
    ENTRY_LARGE_PRINT = (
        "entry.large_print",
        gettext_lazy("Large-print card asked for or not"),
    )
    RESULT_ENTER = "result.enter", gettext_lazy("Result entered or corrected")
    RESULT_PHONE = "result.phone", gettext_lazy("Result from a captain's phone")
    RESULT_CONFIRM = "result.confirm", gettext_lazy("Result confirmed by an opponent")
    RESULT_REJECT = "result.reject", gettext_lazy("Result turned down by an opponent")
    RESULT_RESOLVE = "result.resolve", gettext_lazy("Disagreement settled")
    # A result typed ahead for a round not reached yet, taken off again
    # (scoring.typed_ahead_clear): the table and hand has no result now.
    RESULT_REMOVE = "result.remove", gettext_lazy("Result removed")
    ADJUSTMENT_ADD = "adjustment.add", gettext_lazy("Adjustment added")
    ADJUSTMENT_DELETE = "adjustment.delete", gettext_lazy("Adjustment removed")
    RESULTS_MAIL = "results.mail", gettext_lazy("Results sent by e-mail")
    CARD_ENTER = "card.enter", gettext_lazy("Card total typed in or corrected")
    CARD_RESOLVE = "card.resolve", gettext_lazy("Card total disagreement settled")
    DRIVE_BELL = "drive.bell", gettext_lazy("Bell rung on the projector")
    ROUND_END = "drive.round_end", gettext_lazy("Round ended by the organiser")
    GIVING_START = "giving.start", gettext_lazy("Prize-giving started")
    GIVING_PRIZE = "giving.prize", gettext_lazy("Prize shown on the projector")
    GIVING_BACK = "giving.back", gettext_lazy("Prize-giving went back one prize")
    GIVING_STOP = "giving.stop", gettext_lazy("Prize-giving ended")
    RESULTS_REVEAL = "results.reveal", gettext_lazy("Results revealed to the room")
    DRIVE_PUBLISH = "drive.publish", gettext_lazy("Sent to the club's website")
    KEY_MAKE = "key.make", gettext_lazy("Publishing key made")
    KEY_REVOKE = "key.revoke", gettext_lazy("Publishing key revoked")
    PLAYER_MERGE = "player.merge", gettext_lazy("Two players merged into one")


class AuditEvent(models.Model):
    """One change to an entry, a hand result or an adjustment: who, when, old and new.

    Written by the service that makes the change, inside its transaction, so no
    change is ever without its record; the site never edits or deletes one.
    `who` is a user name, a captain link ("table 3 captain link ab12cd") or
    "command line". `refs` holds the game's numbers (entry number, table, hand)
    and the rows' ids; `old` and `new` are the values before and after (None
    for something created or removed). players sits below drive and scoring,
    so the drive is a plain id rather than a foreign key (players.audit).
    """

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="audit_events"
    )
    drive_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    at = models.DateTimeField(default=timezone.now)
    who = models.CharField(max_length=150)
    kind = models.CharField(max_length=24, choices=AuditKind.choices)
    subject = models.CharField(max_length=200)
    refs = models.JSONField(default=dict)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=AuditKind.values),
                name="audit_kind_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.who}: {self.kind} {self.subject}"


class SecretLinkMiss(models.Model):
    """One wrong captain or leaderboard link opened from one client address.

    Kept in the database, not in a per-process cache, so every server process
    counts the same misses (players.throttle). A row is only written on a miss
    and lives a minute; the next miss from anywhere clears the stale ones.
    """

    address = models.CharField(max_length=64)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["address", "at"], name="link_miss_address_at"),
            models.Index(fields=["at"], name="link_miss_at"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.address}"


class RosterUpload(models.Model):
    """A roster file waiting between its preview and its import (players.uploads).

    Kept in the database, not on one server's disk, so the import finds it
    whichever server answers the organiser's second press.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=22, unique=True)
    data = models.BinaryField()
    at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {len(self.data)} bytes"
