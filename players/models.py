"""Clubs, the people who run them, and the roster of players.

A *club* owns a roster of *players* (kept across drives) and its drives.
A *membership* gives a user a role in one club: an organiser runs everything,
an assistant checks players in and enters scores but changes no set-up.
"""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower


def normalise_name(name: str) -> str:
    """The form names are matched by: no accents, no case, single spaces."""
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


def tidy_name(name: str) -> str:
    """The form a name is stored in: single spaces, no leading or trailing blanks."""
    return " ".join(name.split())


class Club(models.Model):
    name = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANISER = "organiser", "Organiser"
    ASSISTANT = "assistant", "Assistant"


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
    NONE = "", "No preference"
    A = "A", "Group A"
    B = "B", "Group B"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    name_key = models.CharField(max_length=120, editable=False, db_index=True)
    email = models.EmailField(blank=True)
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
