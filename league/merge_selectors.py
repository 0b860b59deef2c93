"""What merging two players of the roster would do, read before it is done.

Two rows of a roster are sometimes one person: a name typed at the door
without its accents ("Anna Wisniewska" for Anna Wiśniewska), in the other
order ("Федорова Ольга" for Ольга Федорова), a player imported twice. Merging
keeps one, the *kept* player, and moves every row that points at the other,
the *removed* player, over to it: their entries (and with them their drives,
league rows, attendance and history) and the cuts of the cards they won in a
season's league (league.merge_services). Two players with an entry in one
drive are two people: they are never merged.

Why in league: players sits at the bottom and may not see an entry (drive),
nor a season's cut (prizes); league is the app of a player's seasons and
history across drives, and sees every app that holds a row of a player.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.models import Drive, Entry
from players import name_search
from players.dates import short_date
from players.group_names import club_group_labels
from players.models import Player, PreferredGroup, normalise_name
from players.quotes import nest_quotes
from players.selectors import roster_in_order
from prizes.models import TieDraw

# The most players the merge page offers at once.
CANDIDATES = 20
# The roster's values the kept player keeps, or takes from the removed one
# where it has none (merged_values).
FILLED_IN = ("email", "phone", "group")


@dataclass(frozen=True)
class Played:
    """A player of the roster with their drives: how many, and the last one's date."""

    player: Player
    drives: int
    last_drive: datetime.date | None


def _played(players: list[Player]) -> list[Played]:
    counts = {
        row["player"]: row
        for row in Entry.objects.filter(player__in=players)
        .values("player")
        .annotate(drives=Count("id"), last=Max("drive__date"))
    }
    return [
        Played(
            p,
            counts.get(p.pk, {}).get("drives", 0),
            counts.get(p.pk, {}).get("last"),
        )
        for p in players
    ]


def played(*, player: Player) -> Played:
    return _played([player])[0]


def merge_candidates(
    *, player: Player, query: str = "", limit: int = CANDIDATES
) -> list[Played]:
    """The club's other players `player` may be merged with: those whose name
    `query` may mean (players.name_search: part of a name, no accents, the
    other alphabet, a slip), or whose e-mail or phone holds it; with no
    query, those whose name is like the player's own. Closest first."""
    others = roster_in_order(
        Player.objects.filter(club_id=player.club_id).exclude(pk=player.pk)
    )
    typed = query or player.name
    found = name_search.suggestions(typed, others, name=lambda p: p.name, limit=limit)
    if query:
        key, folded = normalise_name(query), query.casefold()
        found += [
            p
            for p in others
            if p not in found
            and (
                key in p.name_key
                or (folded and folded in p.email.casefold())
                or (folded and folded in p.phone)
            )
        ]
    return _played(found[:limit])


def merged_values(kept: Player, removed: Player) -> dict[str, object]:
    """The roster's values of the player that stays: the kept player's name,
    and their e-mail, phone and group preference, each taken from the removed
    player where the kept has none (the consent to mail results goes with the
    e-mail it was given for); active if either was."""
    values: dict[str, object] = {"name": kept.name}
    for field in FILLED_IN:
        values[field] = getattr(kept, field) or getattr(removed, field)
    values["email_consent"] = (
        kept.email_consent if kept.email else removed.email_consent
    )
    values["active"] = kept.active or removed.active
    return values


@dataclass(frozen=True)
class Value:
    """One value of the roster, as the merge page shows it."""

    label: str
    after: str
    # Taken from the removed player (the kept one had none).
    taken: bool
    # The removed player's own, different and not kept ("" when none is lost).
    lost: str


@dataclass(frozen=True)
class MergePlan:
    kept: Played
    removed: Played
    # The removed player's drives, which move over, oldest first.
    drives: list[Drive]
    # Drives both players have an entry in: they are two people.
    shared: list[Drive]
    # Cuts of the cards in a season's league the removed player took part in.
    draws: int
    values: list[Value]

    @property
    def refusal(self) -> str:
        """Why the two cannot be merged ("" when they can)."""
        if not self.shared:
            return ""
        names = ", ".join(f"{d.name} ({short_date(d.date)})" for d in self.shared)
        return nest_quotes(
            ngettext(
                "%(kept)s and %(removed)s both have an entry in %(drives)s: one "
                "person cannot play twice in one drive, so they are two people and "
                "cannot be merged.",
                "%(kept)s and %(removed)s both have an entry in each of these "
                "drives: %(drives)s. One person cannot play twice in one drive, so "
                "they are two people and cannot be merged.",
                len(self.shared),
            )
            % {
                "kept": self.kept.player.name,
                "removed": self.removed.player.name,
                "drives": names,
            }
        )


def _shown(field: str, value: object, groups: dict[str, str]) -> str:
    if field == "group":
        # A usual group is kept as A or B and shown by the club's names for
        # it, as the roster shows it.
        return groups.get(str(value)) or str(PreferredGroup(value).label)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value) if value else "–"


def season_draws_of(*, player: Player) -> list[TieDraw]:
    """The cuts of the cards in the club's seasons' leagues that `player` cut in."""
    return [
        draw
        for draw in TieDraw.objects.filter(
            season__club_id=player.club_id, season__isnull=False
        ).order_by("pk")
        if player.pk in draw.member_keys or draw.winner_player_id == player.pk
    ]


def merge_plan(*, kept: Player, removed: Player) -> MergePlan:
    """What merging `removed` into `kept` will do."""
    after = merged_values(kept, removed)
    labels = {
        "name": _("Name"),
        "email": _("Email"),
        "email_consent": _("Results by e-mail"),
        "phone": _("Phone"),
        "group": _("Group"),
        "active": _("Active"),
    }
    groups = club_group_labels(club=kept.club)
    values = []
    for field, label in labels.items():
        own, other = getattr(kept, field), getattr(removed, field)
        taken = not own and bool(other) and field in FILLED_IN
        if field == "email_consent":
            taken = not kept.email and bool(removed.email)
        # The removed player's name goes, as the page says above.
        lost = other and other != after[field] and field in FILLED_IN
        values.append(
            Value(
                label,
                _shown(field, after[field], groups),
                taken,
                _shown(field, other, groups) if lost else "",
            )
        )
    drives = list(Drive.objects.filter(entries__player=removed).order_by("date", "pk"))
    shared_ids = set(
        Entry.objects.filter(player=kept, drive__in=drives).values_list(
            "drive_id", flat=True
        )
    )
    return MergePlan(
        kept=played(player=kept),
        removed=played(player=removed),
        drives=drives,
        shared=[d for d in drives if d.pk in shared_ids],
        draws=len(season_draws_of(player=removed)),
        values=values,
    )
