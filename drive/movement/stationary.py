"""Stationary movement: group A stays put, group B follows a route fixed in advance.

Rule (docs/design.md, Movements, "Stationary"):

- A round has T = ``table_count`` tables. Each A player keeps one seat, North
  or East of a table, all evening.
- Group B walks a *route*: a cycle of |B| slots, one for each of the 2T B
  seats (South or West of a table) and, when group B has more than 2T players,
  |B| - 2T bye slots spread evenly round the cycle. Every round each B moves
  one slot on along the route; a B on a bye slot sits out. The route is known
  before play, so every card can be printed in advance.
- North partners South and East partners West, so an A meets, as partner, the
  B players in the order they come round the route: while A stays put it
  partners |B| different B players in |B| rounds, and opposes each B once a
  lap too. No A-B pair partners twice while the rounds allow it: in the first
  2T rounds whenever group A has at most 2T + 1 players (in the first |B|
  rounds when the groups are of equal size or group A has exactly 2T). With a
  bigger group A the returning players are seated to put repeats off as long
  as possible. The route orders the B seats so that two B players meet as
  opponents seldom (at most twice a lap for most head counts). The two A
  players of a table oppose each other every round they both sit there: that
  is what staying put means.
- Sit-outs rotate fairly within each group: those who have sat out the fewest
  times sit out first, then those who did not sit out the round before, so
  from a fresh start the counts in a group never differ by more than one. The
  bye slots of the route are spread so that the route keeps to this rule.
- When group A has more than 2T players, the A players who come back from a
  sit-out take the seats of the A players who now sit out: that is the only
  time an A moves. Among the A players equally due to sit out, those whose
  seats let the returning players carry on meeting new partners sit out.

Re-planning: ``history`` holds the rounds already played (before a late
arrival or after a withdrawal, say). The new rounds carry on from them: A
players keep their seats while their table is still in play, B players carry
on along the route (the order of the seats in it does not change when a B
arrives or leaves, or when a table is added or taken away), earlier sit-outs
count towards the rotation, and anyone placed afresh is placed to avoid
earlier partners. Re-planning from a schedule's own rounds with nobody added
or withdrawn gives the same rounds as the original plan. The players at a
three-handed table (a table with a ``DUMMY`` seat) count as sitting out that
round: they were its leftovers.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, groupby
from operator import add
from typing import Any

from .sitouts import sit_out_priority, table_count
from .stationary_route import Route, route_for
from .types import DUMMY, SEATS, Seat, Seating, TableSeating

_A_SEATS = (Seat.NORTH, Seat.EAST)
_B_SEATS = (Seat.SOUTH, Seat.WEST)


def _check_players(name: str, players: Sequence[int]) -> list[int]:
    result = []
    for player in players:
        if isinstance(player, bool) or not isinstance(player, int) or player <= 0:
            raise ValueError(f"{name}: players must be positive ints, got {player!r}")
        result.append(player)
    result.sort()
    for before, after in zip(result, result[1:], strict=False):
        if before == after:
            raise ValueError(f"player {before} appears twice in {name}")
    return result


def _check_rounds(rounds: int) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise ValueError(f"rounds must be an int >= 0, got {rounds!r}")


@dataclass
class _Played:
    """What the rounds so far say, as the planner needs it."""

    rounds: int = 0
    sit_outs: Counter[int] = field(default_factory=Counter)
    sat_last: set[int] = field(default_factory=set)
    # Round index and seat of each player's last four-handed table.
    last_round: dict[int, int] = field(default_factory=dict)
    last_seat: dict[int, tuple[int, Seat]] = field(default_factory=dict)
    partners: dict[int, set[int]] = field(default_factory=dict)

    def record(self, seating: Seating) -> None:
        index = self.rounds
        leftovers = set(seating.sit_outs)
        for table in seating.tables:
            for one, other in ((table.north, table.south), (table.east, table.west)):
                if one != DUMMY and other != DUMMY:
                    self.partners.setdefault(one, set()).add(other)
                    self.partners.setdefault(other, set()).add(one)
            if DUMMY in table.players():
                leftovers.update(p for p in table.players() if p != DUMMY)
                continue
            for seat in SEATS:
                player = table.player_at(seat)
                self.last_round[player] = index
                self.last_seat[player] = (table.table, seat)
        self.sit_outs.update(leftovers)
        self.sat_last = leftovers
        self.rounds += 1


def _match(
    players: Sequence[int],
    slots: Collection[int],
    *,
    costs: Callable[[int], Sequence[Any] | Mapping[int, Any] | None],
    everywhere: Any,
    rank: Mapping[int, int],
) -> dict[int, int]:
    """Greedy cheapest-first matching of players to slots (same sizes).

    The pair (player, slot) with the lowest (cost, rank, slot, player) is
    matched, then the lowest of the pairs left, and so on. ``costs(player)``
    gives the player's cost at each slot, or None when it is ``everywhere``
    at every slot: then the player's cheapest pair is at the lowest slot
    still free. Each player offers its cheapest pair still possible and the
    lowest offer is taken, which matches as going through every pair in
    order does, without listing every pair when (as at the start of a plan)
    almost every player costs the same everywhere.
    """
    free = sorted(slots)
    lowest = 0
    used: set[int] = set()

    def lowest_free() -> int:
        nonlocal lowest
        while free[lowest] in used:
            lowest += 1
        return free[lowest]

    # A player's slots, cheapest first, and how many of them were taken.
    rows: dict[int, tuple[Sequence[Any] | Mapping[int, Any], list[int], int]] = {}
    offers = []
    for player in players:
        row = costs(player)
        if row is None:
            slot = lowest_free()
            offers.append((everywhere, rank[player], slot, player))
        else:
            ordered = sorted(free, key=row.__getitem__)
            rows[player] = (row, ordered, 0)
            offers.append((row[ordered[0]], rank[player], ordered[0], player))
    heapq.heapify(offers)
    result: dict[int, int] = {}
    while len(result) < len(players):
        cost, _, slot, player = heapq.heappop(offers)
        if slot not in used:
            result[player] = slot
            used.add(slot)
            continue
        if player in rows:
            row, ordered, taken = rows[player]
            rows[player] = (row, ordered, taken + 1)
            slot = ordered[taken + 1]
            cost = row[slot]
        else:
            slot = lowest_free()
        heapq.heappush(offers, (cost, rank[player], slot, player))
    return result


def _a_costs(
    *, slots: int, step: int, ideal: int | None, partners_at: Sequence[int], unmet: int
) -> list[int]:
    """How well each slot of the route suits a joining A: lower is better.

    For slot s, the tuple (early repeats, walk, soonest repeat, skip), each
    part from 0 to ``slots``, written as one int in base ``slots + 1`` so that
    the ints order as the tuples do:

    - a B partnered before, coming round to slot p this round, is met again
      (s - p) % slots rounds on; *early repeats* counts those met again
      before the A could have met every B it has not yet partnered (``unmet``,
      give or take three), and *soonest repeat* is ``slots`` less the nearest
      one (0 when none comes round);
    - *skip* is how far s is behind ``ideal``, the slot the A's old seat would
      have reached (``step`` for an A new to the movement), and *walk* is how
      far the skip is from ``step``.

    Worked out for all slots at once, in passes over whole lists, since a
    returning A is weighed against every seat.
    """
    base = slots + 1
    # Walk and skip for a skip of 0, 1, ... slots - 1; at slot s the skip is
    # (ideal - s) % slots, so the list runs backwards from ideal.
    by_skip = [abs(skip - step) * base * base + skip for skip in range(slots)]
    if ideal is None:
        costs = [by_skip[step]] * slots
    else:
        costs = by_skip[ideal::-1] + by_skip[:ideal:-1]
    if not partners_at:
        return costs
    # Early repeats: partner p counts at the slots p .. p + limit - 1.
    unit = base**3
    limit = unmet - 3
    if limit >= slots:
        early = [unit * len(partners_at)] * slots
    elif limit <= 0:
        early = [0] * slots
    else:
        change = [0] * (slots + 1)
        for p in partners_at:
            change[p] += unit
            end = p + limit
            if end <= slots:
                change[end] -= unit
            else:
                change[0] += unit
                change[end - slots] -= unit
        early = list(accumulate(change[:slots]))
    # Soonest repeat: d rounds on from the nearest partner's slot at or
    # before s, counted as slots - d, from each partner's slot to the next.
    ordered = sorted(partners_at)
    soonest: list[int] = []
    for here, after in zip(ordered, [*ordered[1:], ordered[0] + slots], strict=True):
        soonest.extend(range(slots * base, (slots - (after - here)) * base, -base))
    shift = slots - ordered[0]
    soonest = soonest[shift:] + soonest[:shift]
    return list(map(add, map(add, early, costs), soonest))


def _spread_sit_outs(
    tied: Sequence[int],
    *,
    count: int,
    given_up: Sequence[int],
    held: Mapping[int, int],
    route: Route,
    rank: Mapping[int, int],
) -> set[int]:
    """``count`` of the equally due A players ``tied`` to sit out.

    One at a time: the player whose seat (its slot in ``held``) is farthest
    round the route from the seats given up so far, then the one with the
    longest run of B seats ahead, then by seeded rank; players with no seat
    by rank alone.
    """
    n = route.slots
    # How far each holder's seat is from the nearest seat given up.
    apart = {
        p: min((min((held[p] - g) % n, (g - held[p]) % n) for g in given_up), default=n)
        for p in tied
        if p in held
    }

    def spread(player: int) -> tuple[int, ...]:
        if player not in held:
            return (0, 0, rank[player], player)
        return (-apart[player], -route.run[held[player]], rank[player], player)

    left = list(tied)
    out: set[int] = set()
    for _ in range(count):
        pick = min(left, key=spread)
        left.remove(pick)
        out.add(pick)
        if pick in held:
            gap = held[pick]
            for p in apart:
                slot = held[p]
                apart[p] = min(apart[p], (slot - gap) % n, (gap - slot) % n)
    return out


def _plan_round(
    *,
    played: _Played,
    group_a: list[int],
    group_b: list[int],
    tables: int,
    route: Route,
    rank: Mapping[int, int],
) -> Seating:
    n = route.slots
    now = played.rounds
    no_partners: set[int] = set()

    def station(player: int, seats: tuple[Seat, ...]) -> int | None:
        """Slot of the seat the player is in at the end of the last round."""
        if played.last_round.get(player) != now - 1:
            return None
        number, seat = played.last_seat[player]
        if number > tables or seat not in seats:
            return None
        return route.slot_of[(number, seat)]

    def last_slot(player: int, seats: tuple[Seat, ...]) -> int | None:
        if player not in played.last_seat:
            return None
        number, seat = played.last_seat[player]
        if number > tables or seat not in seats:
            return None
        return route.slot_of[(number, seat)]

    # Where each B would be this round if it carries on along the route.
    b_next: dict[int, int] = {}
    for player in group_b:
        slot = last_slot(player, _B_SEATS)
        if slot is not None:
            b_next[player] = (slot + now - played.last_round[player]) % n
    coming: dict[int, int] = {}
    for player in sorted(
        group_b, key=lambda p: (-played.last_round.get(p, -1), rank[p])
    ):
        if player in b_next:
            coming.setdefault(b_next[player], player)
    coming_slot = {player: slot for slot, player in coming.items()}

    # ---- Group A: holders stay; the due sit out; returners take their seats.
    holder: dict[int, int] = {}
    for player in group_a:
        slot = station(player, _A_SEATS)
        if slot is not None:
            holder[slot] = player
    held = {player: slot for slot, player in holder.items()}
    # A returning A carries on meeting new partners from the slot its old seat
    # would have reached (the partner it missed while out is the next one).
    ideal: dict[int, int] = {}
    for player in group_a:
        slot = last_slot(player, _A_SEATS)
        if player not in held and slot is not None:
            ideal[player] = (slot + now - played.last_round[player] - 1) % n

    # A returning A walks the route forwards when group B has at most one bye
    # slot (a step then loses no new partner), backwards otherwise (a step
    # then skips two or three of the B players not met yet, rather than
    # meeting one again soon).
    step = 0 if len(group_b) - 2 * tables <= 1 else 2
    in_b = set(group_b)
    unmet = {
        p: len(group_b) - len(played.partners.get(p, no_partners) & in_b)
        for p in group_a
    }
    # The slots at which an A's earlier partners come round this round.
    met_at: dict[int, list[int]] = {}

    def a_partners_at(player: int) -> list[int]:
        if player not in met_at:
            partners = played.partners.get(player, no_partners)
            met_at[player] = [coming_slot[b] for b in partners if b in coming_slot]
        return met_at[player]

    a_rows: dict[int, list[int] | None] = {}

    def a_costs(player: int) -> list[int] | None:
        """How well each slot suits a joining A (see ``_a_costs``).

        None for an A with no old seat to carry on from and no partner
        coming round: every slot then costs ``step`` (a walk of ``step``).
        """
        if player not in a_rows:
            a_rows[player] = (
                None
                if player not in ideal and not a_partners_at(player)
                else _a_costs(
                    slots=n,
                    step=step,
                    ideal=ideal.get(player),
                    partners_at=a_partners_at(player),
                    unmet=unmet[player],
                )
            )
        return a_rows[player]

    returning = [p for p in group_a if p not in held]
    best_for_returning: list[int] = []

    def suit(player: int) -> int:
        # Among holders equally due to sit out, the one whose seat suits a
        # returning player best sits out.
        if player not in held or not returning:
            return 0
        if not best_for_returning:
            rows = [row for row in map(a_costs, returning) if row is not None]
            best = rows.pop() if len(rows) == len(returning) else [step] * n
            for row in rows:
                best = list(map(min, best, row))
            best_for_returning.extend(best)
        return best_for_returning[held[player]]

    def due(player: int) -> tuple:
        return (
            played.sit_outs[player],
            player in played.sat_last,
            player in held,
            suit(player),
        )

    # The A sit-outs, most due first. Among holders equally due, the seats
    # given up are spread round the route (then the longest run of B seats
    # ahead, then the seeded rank), so the returning players walk apart.
    a_out: set[int] = set()
    need = len(group_a) - 2 * tables
    if need:
        # Equally due players sit out together while they all can (who of
        # them goes first changes nothing), so only the group that is split
        # is told apart by how its seats suit the returning players.
        def first_keys(player: int) -> tuple[int, bool, bool]:
            return (
                played.sit_outs[player],
                player in played.sat_last,
                player in held,
            )

        by_due = sorted(group_a, key=first_keys)
        last_key = first_keys(by_due[need - 1])
        a_out = {p for p in by_due if first_keys(p) < last_key}
        waiting = sorted(
            (p for p in by_due if first_keys(p) == last_key),
            key=lambda p: (due(p), rank[p], p),
        )
        split: list[int] = []
        for _, equal in groupby(waiting, key=due):
            tied = list(equal)
            if len(a_out) + len(tied) > need:
                split = tied
                break
            a_out.update(tied)
        a_out |= _spread_sit_outs(
            split,
            count=need - len(a_out),
            given_up=[held[p] for p in a_out if p in held],
            held=held,
            route=route,
            rank=rank,
        )

    free = [s for s in range(n) if route.is_seat(s) and holder.get(s) in (None, *a_out)]
    joining = [p for p in group_a if p not in a_out and p not in held]
    a_at = {slot: p for slot, p in holder.items() if p not in a_out}
    a_at.update(
        {
            slot: p
            for p, slot in _match(
                joining, free, costs=a_costs, everywhere=step, rank=rank
            ).items()
        }
    )
    a_slot = {player: slot for slot, player in a_at.items()}

    # ---- Group B: the due sit out, the rest carry on along the route.
    def b_key(player: int) -> tuple[int, ...]:
        on_bye = player in b_next and not route.is_seat(b_next[player])
        return (
            played.sit_outs[player],
            player in played.sat_last,
            not on_bye,
            rank[player],
            player,
        )

    b_out = set(sorted(group_b, key=b_key)[: len(group_b) - 2 * tables])
    b_at: dict[int, int] = {}
    placed: set[int] = set()
    for player in sorted(
        group_b, key=lambda p: (-played.last_round.get(p, -1), rank[p])
    ):
        slot = b_next.get(player)
        if player in b_out or slot is None or not route.is_seat(slot) or slot in b_at:
            continue
        b_at[slot] = player
        placed.add(player)
    left = [p for p in group_b if p not in b_out and p not in placed]
    empty = [s for s in range(n) if route.is_seat(s) and s not in b_at]
    b_partners_at: dict[int, list[int]] = {
        player: [
            a_slot[a] for a in played.partners.get(player, no_partners) if a in a_slot
        ]
        for player in left
    }

    def b_costs(player: int) -> dict[int, tuple[int, ...]] | None:
        """For each empty slot: the soonest repeat, the repeats, the skip.

        None for a B new to the movement, with no partner: (0, 0, 0) at
        every slot.
        """
        partners_at = b_partners_at[player]
        if player not in b_next and not partners_at:
            return None
        costs = {}
        for slot in empty:
            # An earlier partner seated at slot s is met i rounds on, where
            # slot + i = s along the route.
            repeats = [(s - slot) % n for s in partners_at]
            skip = (slot - b_next[player]) % n if player in b_next else 0
            costs[slot] = (n - min(repeats) if repeats else 0, len(repeats), skip)
        return costs

    b_at.update(
        {
            slot: p
            for p, slot in _match(
                left, empty, costs=b_costs, everywhere=(0, 0, 0), rank=rank
            ).items()
        }
    )

    return Seating(
        tables=tuple(
            TableSeating(
                table=number,
                north=a_at[route.slot_of[(number, Seat.NORTH)]],
                east=a_at[route.slot_of[(number, Seat.EAST)]],
                south=b_at[route.slot_of[(number, Seat.SOUTH)]],
                west=b_at[route.slot_of[(number, Seat.WEST)]],
            )
            for number in range(1, tables + 1)
        ),
        sit_outs=tuple(sorted(a_out | b_out)),
    )


def stationary_schedule(
    *,
    group_a: Sequence[int],
    group_b: Sequence[int],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
) -> list[Seating]:
    """The next ``rounds`` rounds of a stationary movement.

    ``group_a`` and ``group_b`` are the players active in the new rounds.
    ``history`` holds the rounds already played, oldest first; the new rounds
    carry on from them (see the module docstring). The result depends only on
    the two sets of players, the history and ``seed``, and its first rounds do
    not depend on how many rounds are asked for.
    """
    a = _check_players("group_a", group_a)
    b = _check_players("group_b", group_b)
    both = set(a) & set(b)
    if both:
        raise ValueError(f"players in both groups: {sorted(both)}")
    _check_rounds(rounds)
    tables = table_count(group_a=len(a), group_b=len(b))
    if tables == 0:
        raise ValueError(
            f"cannot fill a table with {len(a)} players in group A and "
            f"{len(b)} in group B: each table needs 2 of each"
        )
    played = _Played()
    for seating in history:
        played.record(seating)
    route = route_for(len(b), tables)
    rank = {p: sit_out_priority(seed=seed, player=p) for p in a + b}
    result = []
    for _ in range(rounds):
        seating = _plan_round(
            played=played, group_a=a, group_b=b, tables=tables, route=route, rank=rank
        )
        played.record(seating)
        result.append(seating)
    return result
