"""Stationary movement: group A stays put, group B follows a route fixed in advance.

Rule (DESIGN.md, Movements, "Stationary"):

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

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from threading import Lock

from .sitouts import sit_out_priority, table_count
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


@dataclass(frozen=True)
class _Route:
    """The B route: slot -> B seat (table, S or W), or None for a bye slot."""

    slots: int
    seat_at: tuple[tuple[int, Seat] | None, ...]
    # (table, seat) -> slot, for every seat: an A seat maps to the slot of the
    # B seat it partners (the A "station").
    slot_of: Mapping[tuple[int, Seat], int]
    # Slot -> how many seat slots follow in a row from it (0 for a bye slot).
    run: tuple[int, ...]

    def is_seat(self, slot: int) -> bool:
        return self.seat_at[slot] is not None


# Bye counts the B route is laid out for: the seat cycle is the same whatever
# the number of byes, so a re-plan after a B arrives or leaves keeps the order
# in which the B players meet the A players.
_LAYOUT_BYES = (0, 1, 2, 3)


def _bye_slots(slots: int, byes: int) -> list[bool]:
    """Bye slots evenly spread round the route (a Christoffel word).

    Any two stretches of the route of the same length hold the same number of
    byes, give or take one, so the B sit-outs it gives are fair at every round.
    """
    return [((s + 1) * byes) // slots - (s * byes) // slots == 1 for s in range(slots)]


def _cycle_cost(cycle: Sequence[tuple[int, Seat]], layout_byes: Sequence[int]) -> int:
    """How unevenly B players oppose each other along a seat cycle.

    Two B players d slots apart on the route meet as opponents at each table
    whose two B seats are d (or -d) slots apart, once a lap (twice if d is half
    the route). The cost is the sum of the squares of those counts, over the
    bye counts the route is laid out for.
    """
    total = 0
    for byes in layout_byes:
        slots = len(cycle) + byes
        seat_slots = [s for s, bye in enumerate(_bye_slots(slots, byes)) if not bye]
        uses: Counter[int] = Counter()
        for one, other in _table_positions(cycle).values():
            distance = (seat_slots[other] - seat_slots[one]) % slots
            distance = min(distance, slots - distance)
            uses[distance] += 2 if 2 * distance == slots else 1
        total += sum(u * u for u in uses.values())
    return total


_CYCLES: list[tuple[tuple[int, Seat], ...]] = [(), ((1, Seat.SOUTH), (1, Seat.WEST))]
_CYCLES_LOCK = Lock()


def _seat_cycle(tables: int) -> tuple[tuple[int, Seat], ...]:
    """The order in which a B player visits the B seats of ``tables`` tables.

    Built table by table: the cycle for T tables is the cycle for T - 1 with
    the South and West seats of table T put where the B players are best
    spread as opponents. So a table added or taken away in a re-plan leaves
    the order of the other seats as it was.
    """
    with _CYCLES_LOCK:
        while len(_CYCLES) <= tables:
            _CYCLES.append(_grow_cycle(_CYCLES[-1]))
        return _CYCLES[tables]


def _grow_cycle(
    shorter_cycle: tuple[tuple[int, Seat], ...],
) -> tuple[tuple[int, Seat], ...]:
    """The seat cycle for one table more: table T's seats put in best."""
    number = len(shorter_cycle) // 2 + 1
    shorter = list(shorter_cycle)
    length = len(shorter) + 2
    if number <= 16:
        gaps = list(range(1, length))
    else:
        # Past 16 tables, only try the gaps least used so far (and fewer
        # bye counts), to keep the search quick.
        used = Counter(
            min(d, length - d)
            for d in (abs(i - j) for i, j in _table_positions(shorter).values())
        )
        rare = sorted(range(1, length // 2 + 1), key=lambda d: (used[d], d))[:3]
        gaps = sorted({d for r in rare for d in (r, length - r) if 0 < d < length})
    layout_byes = _LAYOUT_BYES if number <= 16 else _LAYOUT_BYES[:2]
    best: tuple[int, list[tuple[int, Seat]]] | None = None
    for south in range(length - 1):
        for gap in gaps:
            west = south + gap
            if west >= length:
                continue
            cycle = shorter[:south] + [(number, Seat.SOUTH)] + shorter[south:]
            cycle.insert(west, (number, Seat.WEST))
            cost = _cycle_cost(cycle, layout_byes)
            if best is None or cost < best[0]:
                best = (cost, cycle)
    assert best is not None
    return tuple(best[1])


def _table_positions(cycle: Sequence[tuple[int, Seat]]) -> dict[int, list[int]]:
    where: dict[int, list[int]] = {}
    for index, (number, _) in enumerate(cycle):
        where.setdefault(number, []).append(index)
    return where


@lru_cache(maxsize=512)
def _route(slots: int, tables: int) -> _Route:
    bye = _bye_slots(slots, slots - 2 * tables)
    seat_slots = [s for s in range(slots) if not bye[s]]
    seat_at: list[tuple[int, Seat] | None] = [None] * slots
    slot_of: dict[tuple[int, Seat], int] = {}
    for slot, (number, seat) in zip(seat_slots, _seat_cycle(tables), strict=True):
        seat_at[slot] = (number, seat)
        slot_of[(number, seat)] = slot
        slot_of[(number, Seat.NORTH if seat is Seat.SOUTH else Seat.EAST)] = slot
    run = []
    for s in range(slots):
        length = 0
        while length < slots and not bye[(s + length) % slots]:
            length += 1
        run.append(length)
    return _Route(
        slots=slots,
        seat_at=tuple(seat_at),
        slot_of=slot_of,
        run=tuple(run),
    )


def _match(
    players: Collection[int],
    slots: Collection[int],
    cost: Mapping[tuple[int, int], tuple[int, ...]],
) -> dict[int, int]:
    """Greedy cheapest-first matching of players to slots (same sizes)."""
    edges = sorted((cost[(p, s)], p, s) for p in players for s in slots)
    result: dict[int, int] = {}
    used: set[int] = set()
    for _, player, slot in edges:
        if player not in result and slot not in used:
            result[player] = slot
            used.add(slot)
    return result


def _plan_round(
    *,
    played: _Played,
    group_a: list[int],
    group_b: list[int],
    tables: int,
    route: _Route,
    rank: Mapping[int, int],
) -> Seating:
    n = route.slots
    now = played.rounds
    lookahead = range(n)
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
    unmet = {
        p: sum(b not in played.partners.get(p, no_partners) for b in group_b)
        for p in group_a
    }

    def a_cost(player: int, slot: int) -> tuple[int, ...]:
        # Repeated partners before the unmet B players could all be met (give
        # or take three), then the walk, then the soonest repeat, then skips.
        partners = played.partners.get(player, no_partners)
        repeats = [i for i in lookahead if coming.get((slot - i) % n) in partners]
        early = sum(i < unmet[player] - 3 for i in repeats)
        skip = (ideal[player] - slot) % n if player in ideal else step
        return (early, abs(skip - step), n - repeats[0] if repeats else 0, skip)

    returning = [p for p in group_a if p not in held]
    # Among holders equally due to sit out, the one whose seat suits a
    # returning player best sits out.
    suits = {
        player: min((a_cost(r, slot) for r in returning), default=())
        for slot, player in holder.items()
    }

    def due(player: int) -> tuple:
        return (
            played.sit_outs[player],
            player in played.sat_last,
            player in held,
            suits.get(player, ()),
        )

    # The A sit-outs, most due first. Among holders equally due, the seats
    # given up are spread round the route (then the longest run of B seats
    # ahead, then the seeded rank), so the returning players walk apart.
    waiting = sorted(group_a, key=lambda p: (due(p), rank[p], p))
    a_out: set[int] = set()
    gaps: list[int] = []
    while len(a_out) < len(group_a) - 2 * tables:
        first = next(p for p in waiting if p not in a_out)
        tied = [p for p in waiting if p not in a_out and due(p) == due(first)]

        def spread(player: int) -> tuple[int, ...]:
            if player not in held:
                return (0, 0)
            slot = held[player]
            apart = min((min((slot - g) % n, (g - slot) % n) for g in gaps), default=n)
            return (-apart, -route.run[slot])

        pick = min(tied, key=lambda p: (spread(p), rank[p], p))
        a_out.add(pick)
        if pick in held:
            gaps.append(held[pick])

    free = [s for s in range(n) if route.is_seat(s) and holder.get(s) in (None, *a_out)]
    joining = [p for p in group_a if p not in a_out and p not in held]
    cost = {
        (player, slot): (*a_cost(player, slot), rank[player], slot)
        for player in joining
        for slot in free
    }
    a_at = {slot: p for slot, p in holder.items() if p not in a_out}
    a_at.update({slot: p for p, slot in _match(joining, free, cost).items()})

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

    def b_cost(player: int, slot: int) -> tuple[int, ...]:
        partners = played.partners.get(player, no_partners)
        repeats = [i for i in lookahead if a_at.get((slot + i) % n) in partners]
        skip = (slot - b_next[player]) % n if player in b_next else 0
        return (n - repeats[0] if repeats else 0, len(repeats), skip)

    cost = {
        (player, slot): (*b_cost(player, slot), rank[player], slot)
        for player in left
        for slot in empty
    }
    b_at.update({slot: p for p, slot in _match(left, empty, cost).items()})

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
    route = _route(len(b), tables)
    rank = {p: sit_out_priority(seed=seed, player=p) for p in a + b}
    result = []
    for _ in range(rounds):
        seating = _plan_round(
            played=played, group_a=a, group_b=b, tables=tables, route=route, rank=rank
        )
        played.record(seating)
        result.append(seating)
    return result
