"""Reads of the club's roster."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import QuerySet

from players import name_search
from players.audit_words import source_words
from players.collation import sort_key
from players.models import AuditEvent, AuditKind, Player, normalise_name

# The most players the door suggests for a name typed (players.name_search).
SUGGESTIONS = 8


def namesakes(*, club_id: int, name: str) -> QuerySet[Player]:
    """The club's players called `name`, as the roster compares names (case,
    accents and spacing aside: players.models.normalise_name), active before
    inactive, oldest first."""
    return Player.objects.filter(
        club_id=club_id, name_key=normalise_name(name)
    ).order_by("-active", "id")


def roster_in_order(players: QuerySet[Player]) -> list[Player]:
    """`players` in the order the door and the merge page offer them: active
    before inactive, then in the roster's alphabetical order."""
    return sorted(players, key=lambda p: (not p.active, sort_key(p.name), p.pk))


def roster_suggestions(
    *, club_id: int, name: str, limit: int = SUGGESTIONS
) -> list[Player]:
    """The club's players `name` may mean when the roster holds no one called
    it (part of a name, the other alphabet, a slip: players.name_search),
    closest first, then active before inactive and in alphabetical order."""
    players = roster_in_order(Player.objects.filter(club_id=club_id))
    return name_search.suggestions(name, players, name=lambda p: p.name, limit=limit)


@dataclass(frozen=True)
class MergedIn:
    """A player merged into another: their name then, when, and by whom (in
    the page's language: players.audit_words)."""

    name: str
    at: datetime.datetime
    who: str


def merges_into(*, player: Player) -> list[MergedIn]:
    """The players merged into `player`, from the club's record of changes
    (league.audit_values: refs "player" is the kept one's id), oldest first."""
    events = AuditEvent.objects.filter(
        club_id=player.club_id,
        drive_id__isnull=True,
        kind=AuditKind.PLAYER_MERGE,
        refs__player=player.pk,
    ).order_by("id")
    return [
        MergedIn(
            name=str((e.old or {}).get("name", "")) if isinstance(e.old, dict) else "",
            at=e.at,
            who=source_words(e.who),
        )
        for e in events
    ]
