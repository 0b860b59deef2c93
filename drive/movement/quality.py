"""Movement quality: how a schedule spreads partners, opponents and sit-outs.

Rule: plain counting over the rounds of a schedule. At each table North
partners South and East partners West, and each player opposes the two
players of the other side. A ``DUMMY`` seat is nobody: it is neither a partner
nor an opponent, though the real players at its table still partner and
oppose each other as usual. A sit-out is a player listed as sitting out of a
round; a player missing from a round (not yet arrived, or withdrawn) neither
plays nor sits out in it. When every player has one partner all evening (fixed
pairs, as in a partners drive), the pairs' meetings are counted too: how often
each two pairs sat at one table, 0 for two that never met.

The one measure of a movement: the organiser's movement page, the workbook,
the tests of every format and the benchmarks all count with ``movement_quality``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .types import DUMMY, Seat, Seating, TableSeating

Pair = tuple[int, int]

# The seat shown in a player's path for a round they sit out.
SITS_OUT = "out"

_PARTNER_SEAT = {
    Seat.NORTH: Seat.SOUTH,
    Seat.SOUTH: Seat.NORTH,
    Seat.EAST: Seat.WEST,
    Seat.WEST: Seat.EAST,
}


def _pair(one: int, other: int) -> Pair:
    return (one, other) if one < other else (other, one)


def _most(count: int, *, opposes: bool) -> str:
    """ "nobody partners anyone more than twice", or opposes."""
    if opposes:
        if count == 1:
            return _("nobody opposes anyone more than once")
        if count == 2:
            return _("nobody opposes anyone more than twice")
        return ngettext(
            "nobody opposes anyone more than %(count)d time",
            "nobody opposes anyone more than %(count)d times",
            count,
        ) % {"count": count}
    if count == 1:
        return _("nobody partners anyone more than once")
    if count == 2:
        return _("nobody partners anyone more than twice")
    return ngettext(
        "nobody partners anyone more than %(count)d time",
        "nobody partners anyone more than %(count)d times",
        count,
    ) % {"count": count}


def _pairs_meet(count: int) -> str:
    if count == 1:
        return _("every pair meets every other pair once")
    if count == 2:
        return _("every pair meets every other pair twice")
    return ngettext(
        "every pair meets every other pair %(count)d time",
        "every pair meets every other pair %(count)d times",
        count,
    ) % {"count": count}


def _sit_outs(count: int, players: int) -> str:
    """How many sit out `count` times: "2 sit-outs each for 3 players"."""
    # Translators: a number of players, put in the sentences about sit-outs.
    many = ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
    if count == 0:
        # Translators: %(players)s is a number of players ("3 players").
        return _("none for %(players)s") % {"players": many}
    if players == 1:
        return ngettext(
            "%(count)d sit-out for 1 player",
            "%(count)d sit-outs for 1 player",
            count,
        ) % {"count": count}
    # Translators: %(players)s is a number of players ("3 players").
    return ngettext(
        "%(count)d sit-out each for %(players)s",
        "%(count)d sit-outs each for %(players)s",
        count,
    ) % {"count": count, "players": many}


@dataclass(frozen=True)
class Quality:
    """The figures of a schedule, for the players it reports on.

    ``partner_counts`` and ``opponent_counts`` map an unordered pair of
    players, as (lower, higher), to the rounds they were partners or
    opponents; pairs that never met are left out. ``distinct_partners`` and
    ``sit_outs`` have an entry for every player reported on.
    ``pair_meetings``, for fixed pairs over more than one round only, maps
    every two partnerships (each as in ``partner_counts``, the lower first)
    to the rounds they met, 0 included.
    """

    players: tuple[int, ...]
    rounds: int
    partner_counts: Mapping[Pair, int]
    opponent_counts: Mapping[Pair, int]
    distinct_partners: Mapping[int, int]
    sit_outs: Mapping[int, int]
    pair_meetings: Mapping[tuple[Pair, Pair], int] = field(default_factory=dict)
    # Rounds each player reported on played at a table.
    played: Mapping[int, int] = field(default_factory=dict)

    @property
    def max_partner_count(self) -> int:
        """The most rounds any two players partnered each other (0: nobody)."""
        return max(self.partner_counts.values(), default=0)

    @property
    def max_opponent_count(self) -> int:
        """The most rounds any two players opposed each other (0: nobody)."""
        return max(self.opponent_counts.values(), default=0)

    @property
    def max_partner_repeats(self) -> int:
        """How many times over, at most, two players partnered again."""
        return max(self.max_partner_count - 1, 0)

    @property
    def max_opponent_repeats(self) -> int:
        """How many times over, at most, two players opposed each other again."""
        return max(self.max_opponent_count - 1, 0)

    @property
    def whist_cycles(self) -> int:
        """The whist tournaments the busiest player's rounds span: rounds
        played over (players - 1), rounded up, at least 1."""
        others = len(self.players) - 1
        busiest = max(self.played.values(), default=0)
        return max(1, -(-busiest // others)) if others > 0 else 1

    @property
    def ideal(self) -> bool:
        """The whist-tournament bound holds: with c = ``whist_cycles``, nobody
        partners anyone more than c times nor opposes anyone more than 2c
        times. Within one Wh(v): nobody partners anyone twice, nobody opposes
        anyone three times."""
        cycles = self.whist_cycles
        return (
            self.max_partner_count <= cycles and self.max_opponent_count <= 2 * cycles
        )

    @property
    def min_distinct_partners(self) -> int:
        return min(self.distinct_partners.values(), default=0)

    @property
    def max_distinct_partners(self) -> int:
        return max(self.distinct_partners.values(), default=0)

    def summary(self) -> str:
        """The figures in plain words, for the organiser: clauses joined by
        semicolons, each whole in itself."""
        if not self.players:
            return _("nobody plays")
        parts = []
        low, high = self.min_distinct_partners, self.max_distinct_partners
        # Fixed pairs: "1 different partner" is no sentence, and "nobody
        # partners anyone more than 6 times" only counts the rounds.
        fixed_partners = low == high == 1
        if high == 0:
            parts.append(_("nobody has a partner"))
        elif fixed_partners:
            parts.append(_("everyone keeps one partner all evening"))
        elif low == high:
            parts.append(
                ngettext(
                    "everyone has %(count)d different partner",
                    "everyone has %(count)d different partners",
                    low,
                )
                % {"count": low}
            )
        else:
            # Counted by the higher number, which the noun follows (Russian
            # "от 0 до 1 разного партнёра", "от 3 до 5 разных партнёров").
            parts.append(
                ngettext(
                    "players have between %(low)d and %(high)d different partner",
                    "players have between %(low)d and %(high)d different partners",
                    high,
                )
                % {"low": low, "high": high}
            )
        if self.max_partner_count and not fixed_partners:
            parts.append(_most(self.max_partner_count, opposes=False))
        if self.max_opponent_count:
            parts.append(_most(self.max_opponent_count, opposes=True))
        else:
            parts.append(_("nobody opposes anyone"))
        if self.pair_meetings:
            low = min(self.pair_meetings.values())
            high = max(self.pair_meetings.values())
            if low == high:
                parts.append(_pairs_meet(low))
            elif (low, high) == (0, 1):
                parts.append(_("each pair meets each other pair at most once"))
            else:
                parts.append(
                    _(
                        "each pair meets each other pair between %(low)d and %(high)d times"
                    )
                    % {"low": low, "high": high}
                )
        by_count = Counter(self.sit_outs.values())
        if set(by_count) == {0}:
            parts.append(_("nobody sits out"))
        else:
            counts = [
                _sit_outs(count, by_count[count])
                for count in sorted(by_count, reverse=True)
            ]
            parts.append(", ".join(counts))
        return "; ".join(parts)


def movement_quality(
    *, schedule: Sequence[Seating], players: Collection[int] | None = None
) -> Quality:
    """Count the partners, opponents and sit-outs of ``schedule``.

    ``players`` are the players to report on (default: every player in the
    schedule); pair counts then cover only pairs of those players.
    """
    seen: set[int] = set()
    partner_counts: Counter[Pair] = Counter()
    opponent_counts: Counter[Pair] = Counter()
    sit_outs: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for seating in schedule:
        seen.update(seating.sit_outs)
        sit_outs.update(seating.sit_outs)
        for table in seating.tables:
            at_table = [p for p in table.players() if p != DUMMY]
            seen.update(at_table)
            played.update(at_table)
            for one, other in ((table.north, table.south), (table.east, table.west)):
                if DUMMY not in (one, other):
                    partner_counts[_pair(one, other)] += 1
            for one in (table.north, table.south):
                for other in (table.east, table.west):
                    if DUMMY not in (one, other):
                        opponent_counts[_pair(one, other)] += 1
    reported = set(seen if players is None else players)
    reported.discard(DUMMY)
    if players is not None:
        # Every pair counted is of players seen, so only a chosen few need
        # the pairs outside them taken out.
        partner_counts = Counter(
            {k: v for k, v in partner_counts.items() if set(k) <= reported}
        )
        opponent_counts = Counter(
            {k: v for k, v in opponent_counts.items() if set(k) <= reported}
        )
    distinct: Counter[int] = Counter({p: 0 for p in reported})
    for one, other in partner_counts:
        distinct[one] += 1
        distinct[other] += 1
    meetings: dict[tuple[Pair, Pair], int] = {}
    fixed_pairs = len(schedule) > 1 and set(distinct.values()) == {1}
    if fixed_pairs and len(partner_counts) > 1:
        meetings = dict.fromkeys(combinations(sorted(partner_counts), 2), 0)
        for seating in schedule:
            for table in seating.tables:
                two = sorted(
                    (_pair(table.north, table.south), _pair(table.east, table.west))
                )
                if (two[0], two[1]) in meetings:
                    meetings[(two[0], two[1])] += 1
    return Quality(
        players=tuple(sorted(reported)),
        rounds=len(schedule),
        partner_counts=dict(partner_counts),
        opponent_counts=dict(opponent_counts),
        distinct_partners=dict(distinct),
        sit_outs={p: sit_outs[p] for p in sorted(reported)},
        pair_meetings=meetings,
        played={p: played[p] for p in sorted(reported)},
    )


def _partner(table: TableSeating, seat: Seat) -> int | None:
    """The player partnering ``seat``; None for a prediction whist table's
    fifth seat (everyone plays for themselves there anyway)."""
    if seat not in _PARTNER_SEAT:
        return None
    return table.player_at(_PARTNER_SEAT[seat])


# A player's evening: (round number from 1, table, seat, partner) per round.
Path = list[tuple[int, int | None, str, int | None]]


def player_paths(*, schedule: Sequence[Seating]) -> dict[int, Path]:
    """Every player's evening, round by round, for the organiser.

    For each player in the schedule (the dummy hand is nobody), a list of
    (round number from 1, table, seat, partner): the seat is "N", "E", "S" or
    "W" (or "F", a prediction whist table's fifth seat, with no partner) and
    the partner is a player, or ``DUMMY`` at a three-handed table; a
    sit-out is (round, None, ``SITS_OUT``, None). Rounds in which the player
    is missing (not yet arrived, or withdrawn) are left out. One pass over the
    schedule, however many players it seats.
    """
    paths: dict[int, Path] = {}
    for number, seating in enumerate(schedule, 1):
        seen = set(seating.sit_outs)
        for player in seen:
            paths.setdefault(player, []).append((number, None, SITS_OUT, None))
        for table in seating.tables:
            for seat in table.seats:
                player = table.player_at(seat)
                if player == DUMMY or player in seen:
                    continue
                seen.add(player)
                paths.setdefault(player, []).append(
                    (number, table.table, seat.value, _partner(table, seat))
                )
    return paths


def player_path(*, schedule: Sequence[Seating], player: int) -> Path:
    """One player's evening, as ``player_paths`` gives it."""
    return player_paths(schedule=schedule).get(player, [])
