"""Reads of the club's roster."""

from __future__ import annotations

from django.db.models import QuerySet

from players.models import Player, normalise_name


def namesakes(*, club_id: int, name: str) -> QuerySet[Player]:
    """The club's players called `name`, as the roster compares names (case,
    accents and spacing aside: players.models.normalise_name), active before
    inactive, oldest first."""
    return Player.objects.filter(
        club_id=club_id, name_key=normalise_name(name)
    ).order_by("-active", "id")
