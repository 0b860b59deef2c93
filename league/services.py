"""Writes for the season: the league's rules, seasons and the draws of a league
table: check, then write, in one transaction.

Only organisers reach these (the views see to it). Every refusal is a
ValidationError with a message the organiser can act on; nothing is written
when one is raised. A tie that is no longer level has the code "conflict".
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league import selectors
from league.models import Season, SeasonGame
from players import dates
from players.models import Club
from prizes.models import ClubScoringSettings, ContestChoice, TieDraw
from prizes.services import draw_members, draw_save, lock_club, settings_for_update

MAX_BEST_OF = 200
MAX_ATTENDANCE = 200


@transaction.atomic
def league_settings_update(
    *, club: Club, best_of: int | None, min_attendance: int
) -> ClubScoringSettings:
    if best_of is not None and not 1 <= best_of <= MAX_BEST_OF:
        raise ValidationError(
            {
                "best_of": _("Count the best 1 to %(max)d drives, or leave it empty.")
                % {"max": MAX_BEST_OF}
            }
        )
    if not 0 <= min_attendance <= MAX_ATTENDANCE:
        raise ValidationError(
            {
                "min_attendance": _("The minimum is from 0 to %(max)d drives.")
                % {"max": MAX_ATTENDANCE}
            }
        )
    club = lock_club(club)
    settings = settings_for_update(club)
    settings.best_of = best_of
    settings.min_attendance = min_attendance
    settings.save(update_fields=["best_of", "min_attendance"])
    return settings


def _check_season(
    *,
    club: Club,
    name: str,
    start: datetime.date,
    end: datetime.date,
    game: str,
    exclude: int | None = None,
) -> str:
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Give the season a name, like “2026–27”.")})
    if start > end:
        raise ValidationError(
            {"end": _("The season ends on or after the day it starts.")}
        )
    named = Season.objects.filter(club=club, name__iexact=name)
    if exclude is not None:
        named = named.exclude(pk=exclude)
    if named.exists():
        raise ValidationError(
            {"name": _("There is already a season called %(name)s.") % {"name": name}}
        )
    overlapping = selectors.overlapping_seasons(
        club=club, start=start, end=end, game=game, exclude=exclude
    )
    if overlapping:
        other = overlapping[0]
        raise ValidationError(
            {
                "start": _(
                    "These dates overlap %(season)s (%(start)s to %(end)s). "
                    "A drive belongs to one season only."
                )
                % {
                    "season": other.name,
                    "start": dates.short_date(other.start),
                    "end": dates.short_date(other.end),
                }
            }
        )
    return name


def _check_game(game: str) -> str:
    if game not in SeasonGame.values:
        raise ValidationError({"game": _("Choose which drives the league counts.")})
    return game


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    start: datetime.date,
    end: datetime.date,
    game: str = SeasonGame.HANDS,
) -> Season:
    club = lock_club(club)
    game = _check_game(game)
    name = _check_season(club=club, name=name, start=start, end=end, game=game)
    return Season.objects.create(club=club, name=name, start=start, end=end, game=game)


@transaction.atomic
def season_update(
    *,
    season: Season,
    name: str,
    start: datetime.date,
    end: datetime.date,
    game: str | None = None,
) -> Season:
    lock_club(season.club)
    season = Season.objects.get(pk=season.pk)
    game = season.game if game is None else _check_game(game)
    season.name = _check_season(
        club=season.club, name=name, start=start, end=end, game=game, exclude=season.pk
    )
    season.start, season.end, season.game = start, end, game
    season.save(update_fields=["name", "start", "end", "game"])
    return season


@transaction.atomic
def season_delete(*, season: Season) -> None:
    lock_club(season.club)
    season.delete()


@transaction.atomic
def season_draw_record(
    *,
    season: Season,
    members: str | Sequence[int],
    winner: int,
    by: AbstractBaseUser | None,
) -> TieDraw:
    """Record who won the cut between players level in the league
    (prizes.services.draw_save)."""
    keys = draw_members(members, winner)
    lock_club(season.club)
    return draw_save(
        contest=ContestChoice.LEAGUE.value,
        keys=keys,
        waiting=selectors.league(season=season).open_draws,
        stale=_("That tie is no longer waiting for a draw: check the league again."),
        by=by,
        season=season,
        winner_player_id=winner,
    )
