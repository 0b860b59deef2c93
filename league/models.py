"""A club's seasons: a named run of dates whose finished drives make a league table.

The arithmetic lives in league.table (plain Python). The table keeps the name
it had when the model lived in scoring (`db_table`), so a database made before
the split keeps its data.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class Season(models.Model):
    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(max_length=80)
    start = models.DateField()
    end = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_season"
        ordering = ["-start", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(start__lte=models.F("end")), name="season_start_before_end"
            ),
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name
