"""A club's seasons: a named run of dates whose finished drives make a league table.

A season's league adds up one game's scores (`game`, drive.movement.types.Game):
the drives scored by tricks (progressive, semi-partner, stationary, partners,
individual), rubber whist, or prediction whist. A drive of another game in the
season's dates is not in its league: a rubber pair's points or a prediction
score (which can be below nothing) are not tricks, and added to them they would
decide the table by which evenings a player came to.

The arithmetic lives in league.table (plain Python). The table keeps the name
it had when the model lived in scoring (`db_table`), so a database made before
the split keeps its data.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drive.movement.types import Game


class SeasonGame(models.TextChoices):
    """Which drives a season's league counts: the values are Game's."""

    HANDS = Game.HANDS.value, _("Drives scored by tricks")
    RUBBERS = Game.RUBBERS.value, _("Rubber whist")
    PREDICTIONS = Game.PREDICTIONS.value, _("Prediction whist")


class Season(models.Model):
    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(max_length=80)
    start = models.DateField()
    end = models.DateField()
    game = models.CharField(
        max_length=16, choices=SeasonGame.choices, default=SeasonGame.HANDS
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_season"
        ordering = ["-start", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lte=models.F("end")), name="season_start_before_end"
            ),
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
            models.CheckConstraint(
                condition=Q(game__in=SeasonGame.values), name="season_game_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name
