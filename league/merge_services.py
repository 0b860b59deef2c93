"""Merging two players of the roster into one (league.merge_selectors says
what it does, and why it lives in league).

Everything in one transaction: the removed player's entries move to the
kept player, their season cuts of the cards with them, the kept player takes
the values it lacked, the removed player leaves the roster, and the record of
changes says who merged whom. A refusal writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.translation import gettext as _

from drive.models import Entry
from league import audit_values
from league.merge_selectors import merge_plan, merged_values, season_draws_of
from players.models import Player
from players.quotes import nest_quotes
from prizes.models import TieDraw, members_text
from prizes.services import lock_club


@dataclass(frozen=True)
class Merged:
    kept: Player
    removed_name: str
    entries: int


def player_merge(*, kept: Player, removed: Player, by: Any = None) -> Merged:
    """Merge `removed` into `kept`: one player, with both players' drives.

    Refused (a ValidationError, nothing written) for one player twice,
    players of two clubs, a player no longer on the roster, and two players
    with an entry in one drive (they are two people). A registration at the
    door that lands while the merge runs is refused by the database, and
    answered as a conflict too, never half-merged.
    """
    if kept.pk == removed.pk:
        raise ValidationError(
            nest_quotes(
                _("Choose another player: %(name)s cannot be merged with themselves.")
                % {"name": kept.name}
            ),
            code="invalid",
        )
    if kept.club_id != removed.club_id:
        raise ValidationError(
            _("Only two players of one club's roster can be merged."), code="invalid"
        )
    try:
        with transaction.atomic():
            return _merge(kept, removed, by)
    except (IntegrityError, ProtectedError, RestrictedError) as error:
        raise ValidationError(
            _(
                "The roster or a drive changed while the two were being merged "
                "(a registration at the door?). Nothing was merged: look again "
                "and merge them once more."
            ),
            code="conflict",
        ) from error


def _merge(kept: Player, removed: Player, by: Any) -> Merged:
    # As every write to a season's draws (league.services).
    lock_club(kept.club)
    # In id order, so two merges of the same pair wait for each other.
    locked = {
        p.pk: p
        for p in Player.objects.select_for_update()
        .filter(club_id=kept.club_id, pk__in=(kept.pk, removed.pk))
        .order_by("pk")
    }
    for player in (kept, removed):
        if player.pk not in locked:
            raise ValidationError(
                nest_quotes(
                    _("%(name)s is no longer on the roster: nothing was merged.")
                    % {"name": player.name}
                ),
                code="conflict",
            )
    kept, removed = locked[kept.pk], locked[removed.pk]
    plan = merge_plan(kept=kept, removed=removed)
    if plan.refusal:
        raise ValidationError(plan.refusal, code="conflict")
    removed_values = audit_values.player_values(removed)
    removed_id = removed.pk
    entries = list(
        Entry.objects.select_for_update()
        .filter(player=removed)
        .order_by("drive__date", "drive_id", "number")
    )
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(player=kept)
    draws = _move_season_draws(kept=kept, removed=removed)
    for field, value in merged_values(kept, removed).items():
        setattr(kept, field, value)
    kept.full_clean(exclude=["club", "name_key"])
    kept.save()
    removed.delete()
    for entry in entries:
        audit_values.record_entry_moved(
            entry=entry, kept=kept, removed_name=removed.name, by=by
        )
    audit_values.record_merge(
        kept=kept,
        removed=removed_values,
        removed_id=removed_id,
        entries=[e.pk for e in entries],
        draws=draws,
        by=by,
    )
    return Merged(kept=kept, removed_name=removed.name, entries=len(entries))


def _move_season_draws(*, kept: Player, removed: Player) -> list[int]:
    """The cuts of the cards the removed player took part in, now the kept
    player's (their ids). A cut between the two alone said nothing about one
    person, and goes. Two cuts that would become the same one are refused:
    the organiser undoes one on the league page first."""
    moved: list[int] = []
    seen: set[tuple[int, str, str]] = set()
    for draw in season_draws_of(player=removed):
        keys = {kept.pk if k == removed.pk else k for k in draw.member_keys}
        if len(keys) < 2:
            moved.append(draw.pk)
            draw.delete()
            continue
        members = members_text(keys)
        same = (draw.season_id, draw.contest, members)
        if (
            same in seen
            or TieDraw.objects.filter(
                season_id=draw.season_id, contest=draw.contest, members=members
            )
            .exclude(pk=draw.pk)
            .exists()
        ):
            raise ValidationError(
                nest_quotes(
                    _(
                        "The league of %(season)s has a cut of the cards for each of "
                        "%(kept)s and %(removed)s against the same players. Undo one "
                        "of the two on the league page, then merge them."
                    )
                    % {
                        "season": draw.season.name,
                        "kept": kept.name,
                        "removed": removed.name,
                    }
                ),
                code="conflict",
            )
        seen.add(same)
        draw.members = members
        if draw.winner_player_id == removed.pk:
            draw.winner_player = kept
        draw.save(update_fields=["members", "winner_player"])
        moved.append(draw.pk)
    return moved
