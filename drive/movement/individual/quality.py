"""How evenly an individual schedule spreads partners, opponents and sit-outs.

Words:

- *Partner repeats* (*opponent repeats*): the most times any two players
  partner (oppose) each other.
- *Ideal*: the whist-tournament bound, as ``ScheduleQuality`` says.
- *Summary*: the quality in plain words, shown to the organiser.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..types import Seating
from .engine import _check_players


@dataclass(frozen=True)
class ScheduleQuality:
    """How evenly a schedule spreads partners, opponents and sit-outs.

    ``ideal`` says the whist-tournament bound holds for these rounds: with c
    the number of whist cycles the busiest player's rounds need
    (ceil(rounds played / (players - 1)), at least 1), nobody partners anyone
    more than c times nor opposes anyone more than 2c times. For a prefix of
    one Wh(v) that is: nobody partners anyone twice, nobody opposes anyone
    three times.
    """

    players: int
    rounds: int
    max_partner_repeats: int
    max_opponent_repeats: int
    min_distinct_partners: int
    max_distinct_partners: int
    sit_outs: dict[int, int]
    ideal: bool

    def summary(self) -> str:
        """The quality in plain words, for the organiser."""
        parts = []
        low, high = self.min_distinct_partners, self.max_distinct_partners
        if high == 0:
            parts.append("nobody has partnered anyone yet")
        elif low == high:
            parts.append(f"everyone partners {low} different {_people(low)}")
        else:
            parts.append(f"everyone partners {low} to {high} different people")
        if self.max_partner_repeats <= 1:
            parts.append("nobody partners anyone twice")
        else:
            parts.append(
                f"nobody partners anyone more than {_times(self.max_partner_repeats)}"
            )
        if self.max_opponent_repeats <= 1:
            parts.append("nobody opposes anyone twice")
        else:
            parts.append(
                f"nobody opposes anyone more than {_times(self.max_opponent_repeats)}"
            )
        parts.append(_sit_out_words(self.sit_outs))
        return "; ".join(parts)


def _people(n: int) -> str:
    return "person" if n == 1 else "people"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _sit_out_words(sit_outs: dict[int, int]) -> str:
    if not sit_outs or not any(sit_outs.values()):
        return "nobody sits out"
    groups: dict[int, int] = {}
    for n in sit_outs.values():
        groups[n] = groups.get(n, 0) + 1
    words = []
    for n in sorted(groups, reverse=True):
        people = groups[n]
        who = f"{people} {'player' if people == 1 else 'players'}"
        if n == 0:
            words.append(f"no sit-out for {who}")
        else:
            words.append(f"{n} {'sit-out' if n == 1 else 'sit-outs'} each for {who}")
    return " and ".join(words)


def schedule_quality(
    *, schedule: Sequence[Seating], players: Collection[int] | None = None
) -> ScheduleQuality:
    """Measure ``schedule``: repeats among ``players`` (default: everyone in it)."""
    if players is None:
        everyone: set[int] = set()
        for seating in schedule:
            everyone |= seating.players()
        roster = sorted(everyone)
    else:
        roster = _check_players(list(players))
    members = set(roster)
    partner: dict[tuple[int, int], int] = {}
    opponent: dict[tuple[int, int], int] = {}
    partners_of: dict[int, set[int]] = {p: set() for p in roster}
    played = dict.fromkeys(roster, 0)
    sat = dict.fromkeys(roster, 0)

    def bump(book: dict[tuple[int, int], int], x: int, y: int) -> None:
        if x in members and y in members:
            key = (x, y) if x < y else (y, x)
            book[key] = book.get(key, 0) + 1

    for seating in schedule:
        for t in seating.tables:
            n, e, s, w = t.players()
            for x in (n, e, s, w):
                if x in members:
                    played[x] += 1
            for x, y in ((n, s), (e, w)):
                bump(partner, x, y)
                if x in members and y in members:
                    partners_of[x].add(y)
                    partners_of[y].add(x)
            for x, y in ((n, e), (n, w), (s, e), (s, w)):
                bump(opponent, x, y)
        for x in seating.sit_outs:
            if x in members:
                sat[x] += 1
    v = len(roster)
    busiest = max(played.values(), default=0)
    cycles = max(1, -(-busiest // (v - 1))) if v > 1 else 1
    max_partner = max(partner.values(), default=0)
    max_opponent = max(opponent.values(), default=0)
    distinct = [len(partners_of[p]) for p in roster]
    return ScheduleQuality(
        players=v,
        rounds=len(schedule),
        max_partner_repeats=max_partner,
        max_opponent_repeats=max_opponent,
        min_distinct_partners=min(distinct, default=0),
        max_distinct_partners=max(distinct, default=0),
        sit_outs=sat,
        ideal=max_partner <= cycles and max_opponent <= 2 * cycles,
    )
