"""What the Movement page says about the players who stay at one table: where
each stays and what keeping them there cost the evening's movement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.game_pages import GAME_PAGES
from drive.models import Drive, Entry
from drive.movement import plan
from drive.movement.stays import away_from_home, homes
from drive.movement.types import Seating
from drive.seating import entry_words, lineup, planned_movement
from players.language import list_label_count


def _quality_words(drive: Drive, schedule: Sequence[Seating]) -> str:
    return GAME_PAGES[drive.game].quality_words(schedule)


def _marked(drive: Drive) -> list[str]:
    """Before the first round of a drive seated round by round: who is marked
    to stay, and where."""
    lines = []
    for entry in Entry.objects.filter(
        drive=drive, stays_at_table=True, withdrawn_from_round__isnull=True
    ).select_related("player"):
        words = {"name": entry_words(entry), "table": entry.stays_table}
        if entry.stays_table:
            lines.append(_("%(name)s stays at table %(table)s.") % words)
        else:
            lines.append(_("%(name)s stays at the table they first sit at.") % words)
    return lines


def stays_words(
    *, drive: Drive, schedule: Sequence[Seating], planned: bool
) -> list[str]:
    """One line per staying player (their table, and any round they could not
    be kept there), then, for a preview, what keeping them there cost."""
    players = lineup(drive=drive)
    if not schedule:
        return _marked(drive)
    seated = {p for seating in schedule for p in seating.players()}
    staying = Entry.objects.filter(drive=drive, stays_at_table=True, pk__in=seated)
    stays = {e.pk: e.stays_table for e in staying}
    if not stays:
        return []
    entries = Entry.objects.filter(drive=drive).select_related("player").in_bulk()
    kinds = plan.stay_kinds(drive.format, players)
    home = homes(stays=stays, kinds=kinds, rounds=schedule)
    away = away_from_home(rounds=schedule, stays=stays, kinds=kinds)
    lines = []
    for pk in sorted(stays, key=lambda pk: entries[pk].number):
        words = {"name": entry_words(entries[pk]), "table": home.get(pk, "")}
        if pk not in home:
            lines.append(_("%(name)s stays at one table once seated.") % words)
            continue
        if pk in away:
            words["rounds"] = ", ".join(str(r) for r in away[pk])
            lines.append(
                ngettext(
                    "%(name)s stays at table %(table)s, but sits elsewhere in "
                    "round %(rounds)s: the movement found no way round it.",
                    "%(name)s stays at table %(table)s, but sits elsewhere in "
                    "rounds %(rounds)s: the movement found no way round it.",
                    list_label_count(away[pk]),
                )
                % words
            )
        else:
            lines.append(_("%(name)s stays at table %(table)s.") % words)
    if planned and players.stays:
        moving = planned_movement(drive=drive, players=replace(players, stays=()))
        before, after = _quality_words(drive, moving), _quality_words(drive, schedule)
        if before == after:
            lines.append(
                _("Nobody partners, opposes or sits out more often because of it.")
            )
        else:
            lines.append(
                # Translators: %(quality)s is the quality line of the movement
                # as it would be with nobody staying put.
                _("Keeping them there costs this: without it, %(quality)s.")
                % {"quality": before}
            )
    return lines
