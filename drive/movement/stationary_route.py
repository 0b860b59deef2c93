"""The route of group B in a stationary movement: the order of the B seats.

A *seat cycle* is the order in which a B player visits the South and West
seats of the tables, built table by table so that a table added or taken away
leaves the order of the others as it was. A *route* lays a seat cycle out over
|B| *slots*, with the bye slots (one for each B player more than the seats)
spread evenly round it; every round each B moves one slot on. The cycle is
chosen so that two B players meet as opponents as seldom and as evenly as it
can (``cycle_cost``). Cycles are kept once built: a worker builds each size once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from threading import Lock

from .types import Seat


@dataclass(frozen=True)
class Route:
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
LAYOUT_BYES = (0, 1, 2, 3)


def bye_slots(slots: int, byes: int) -> list[bool]:
    """Bye slots evenly spread round the route (a Christoffel word).

    Any two stretches of the route of the same length hold the same number of
    byes, give or take one, so the B sit-outs it gives are fair at every round.
    """
    return [((s + 1) * byes) // slots - (s * byes) // slots == 1 for s in range(slots)]


def cycle_cost(cycle: Sequence[tuple[int, Seat]], layout_byes: Sequence[int]) -> int:
    """How unevenly B players oppose each other along a seat cycle.

    Two B players d slots apart on the route meet as opponents at each table
    whose two B seats are d (or -d) slots apart, once a lap (twice if d is half
    the route). The cost is the sum of the squares of those counts, over the
    bye counts the route is laid out for.
    """
    total = 0
    for byes in layout_byes:
        slots = len(cycle) + byes
        seat_slots = [s for s, bye in enumerate(bye_slots(slots, byes)) if not bye]
        uses: Counter[int] = Counter()
        for one, other in table_positions(cycle).values():
            distance = (seat_slots[other] - seat_slots[one]) % slots
            distance = min(distance, slots - distance)
            uses[distance] += 2 if 2 * distance == slots else 1
        total += sum(u * u for u in uses.values())
    return total


_CYCLES: list[tuple[tuple[int, Seat], ...]] = [(), ((1, Seat.SOUTH), (1, Seat.WEST))]
_CYCLES_LOCK = Lock()


def seat_cycle(tables: int) -> tuple[tuple[int, Seat], ...]:
    """The order in which a B player visits the B seats of ``tables`` tables.

    Built table by table: the cycle for T tables is the cycle for T - 1 with
    the South and West seats of table T put where the B players are best
    spread as opponents. So a table added or taken away in a re-plan leaves
    the order of the other seats as it was.
    """
    with _CYCLES_LOCK:
        while len(_CYCLES) <= tables:
            _CYCLES.append(grow_cycle(_CYCLES[-1]))
        return _CYCLES[tables]


def grow_cycle(
    shorter_cycle: tuple[tuple[int, Seat], ...],
) -> tuple[tuple[int, Seat], ...]:
    """The seat cycle for one table more: table T's seats put in best.

    Table T's South seat goes in at index ``south`` and its West seat ``gap``
    places after it; the lowest ``cycle_cost`` wins, the first in order of
    south, then gap, among equals.
    """
    number = len(shorter_cycle) // 2 + 1
    shorter = list(shorter_cycle)
    length = len(shorter) + 2
    if number <= 16:
        costs = placement_costs(shorter, range(1, length), LAYOUT_BYES)
    else:
        # Past 16 tables, only try the gaps least used so far (and fewer
        # bye counts), to keep the search quick.
        used = Counter(
            min(d, length - d)
            for d in (abs(i - j) for i, j in table_positions(shorter).values())
        )
        rare = sorted(range(1, length // 2 + 1), key=lambda d: (used[d], d))[:3]
        gaps = sorted({d for r in rare for d in (r, length - r) if 0 < d < length})
        costs = insertion_costs(shorter, gaps)
    best: tuple[int, int, int] | None = None
    for gap, by_south in costs.items():
        cost = min(by_south)
        found = (cost, by_south.index(cost), gap)
        if best is None or found < best:
            best = found
    assert best is not None
    _, south, gap = best
    cycle = shorter[:south] + [(number, Seat.SOUTH)] + shorter[south:]
    cycle.insert(south + gap, (number, Seat.WEST))
    return tuple(cycle)


def placement_costs(
    shorter: Sequence[tuple[int, Seat]],
    gaps: Iterable[int],
    layout_byes: Sequence[int],
) -> dict[int, list[int]]:
    """``cycle_cost`` of each way to put a table in: gap -> cost by south.

    The same count as ``cycle_cost`` of each new cycle, with the distance on
    the route of every two indices of the new cycle worked out once.
    """
    size = len(shorter) + 2
    # Per bye count: for indices i < j of the new cycle, at i * size + j, the
    # distance of their slots on the route and its weight.
    layouts = []
    for byes in layout_byes:
        slots = size + byes
        seat_slots = [s for s, bye in enumerate(bye_slots(slots, byes)) if not bye]
        distances = [0] * (size * size)
        weights = [0] * (size * size)
        for i in range(size):
            for j in range(i + 1, size):
                distance = (seat_slots[j] - seat_slots[i]) % slots
                distance = min(distance, slots - distance)
                distances[i * size + j] = distance
                weights[i * size + j] = 2 if 2 * distance == slots else 1
        layouts.append((distances, weights))
    ends = list(table_positions(shorter).values())
    costs: dict[int, list[int]] = {}
    for gap in gaps:
        by_south = costs[gap] = []
        for south in range(size - gap):
            west = south + gap
            # Old index i lands at i, i + 1 or i + 2 in the new cycle.
            moved = [
                i if i < south else i + 1 if i < west - 1 else i + 2
                for i in range(size - 2)
            ]
            pairs = [moved[p] * size + moved[q] for p, q in ends]
            pairs.append(south * size + west)
            total = 0
            for distances, weights in layouts:
                uses = [0] * size
                for pair in pairs:
                    uses[distances[pair]] += weights[pair]
                total += sum(u * u for u in uses)
            by_south.append(total)
    return costs


def insertion_costs(
    shorter: Sequence[tuple[int, Seat]], gaps: Sequence[int]
) -> dict[int, list[int]]:
    """``cycle_cost`` over bye counts 0 and 1 of each way to put a table in.

    Gap -> cost by south, as ``placement_costs`` gives them. Working out
    each way afresh costs a pass over the whole cycle, which made a 250-table
    route take a minute; here each gap is swept along the cycle instead, and a
    step of the sweep moves only the two tables whose seats it passes.

    An old table whose seats are at indices p < q gains one place between
    them for each new seat that lands between them: the South seat when
    p < south <= q, the West seat when p < south + gap - 1 <= q. With no bye
    or one (the last slot), the distance of two seats on the route is their
    distance in the cycle.
    """
    size = len(shorter) + 2
    owner = [number for number, _ in shorter]
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for index, number in enumerate(owner):
        if number in first:
            last[number] = index
        else:
            first[number] = index
    # Crossing index i moves its table's span by +1 (i is the table's first
    # seat: the new seat is now inside) or -1 (its last: now past it).
    crossing = [
        1 if first[number] == index else -1 for index, number in enumerate(owner)
    ]
    # The opponent distance of each span, and its weight, with no bye (a
    # route of `size` slots, where a table straddling half of it counts
    # twice) and with one (size + 1 slots, odd, so never straddled).
    no_bye = [min(span, size - span) for span in range(size + 1)]
    weight = [2 if 2 * d == size else 1 for d in no_bye]
    one_bye = [min(span, size + 1 - span) for span in range(size + 1)]
    costs: dict[int, list[int]] = {}
    for gap in gaps:
        counts = [0] * (size + 1)
        counts_one = [0] * (size + 2)
        spans = [0] * (len(owner) // 2 + 2)
        west = gap - 1
        for number, p in first.items():
            q = last[number]
            span = spans[number] = q - p + (p < west <= q)
            counts[no_bye[span]] += weight[span]
            counts_one[one_bye[span]] += 1
        counts[no_bye[gap]] += weight[gap]
        counts_one[one_bye[gap]] += 1
        total = sum(c * c for c in counts) + sum(c * c for c in counts_one)
        by_south = costs[gap] = [total]
        for south in range(1, size - gap):
            for index in (south - 1, south + gap - 2):
                if index < 0:
                    continue
                number = owner[index]
                old = spans[number]
                new = spans[number] = old + crossing[index]
                # Taking w from a count x and adding v to a count y changes
                # the sum of squares by w (w - 2x) + v (v + 2y).
                x, y = no_bye[old], no_bye[new]
                if x != y:
                    w, v = weight[old], weight[new]
                    cx, cy = counts[x], counts[y]
                    total += w * (w - 2 * cx) + v * (v + 2 * cy)
                    counts[x] = cx - w
                    counts[y] = cy + v
                x, y = one_bye[old], one_bye[new]
                if x != y:
                    cx, cy = counts_one[x], counts_one[y]
                    total += 2 * (cy - cx + 1)
                    counts_one[x] = cx - 1
                    counts_one[y] = cy + 1
            by_south.append(total)
    return costs


def table_positions(cycle: Sequence[tuple[int, Seat]]) -> dict[int, list[int]]:
    where: dict[int, list[int]] = {}
    for index, (number, _) in enumerate(cycle):
        where.setdefault(number, []).append(index)
    return where


@lru_cache(maxsize=512)
def route_for(slots: int, tables: int) -> Route:
    bye = bye_slots(slots, slots - 2 * tables)
    seat_slots = [s for s in range(slots) if not bye[s]]
    seat_at: list[tuple[int, Seat] | None] = [None] * slots
    slot_of: dict[tuple[int, Seat], int] = {}
    for slot, (number, seat) in zip(seat_slots, seat_cycle(tables), strict=True):
        seat_at[slot] = (number, seat)
        slot_of[(number, seat)] = slot
        slot_of[(number, Seat.NORTH if seat is Seat.SOUTH else Seat.EAST)] = slot
    # Counted backwards from a bye slot: each seat slot's run is one more
    # than the next slot's.
    run = [slots] * slots
    if True in bye:
        ahead = 0
        last_bye = bye.index(True)
        for back in range(slots):
            s = (last_bye - back) % slots
            ahead = 0 if bye[s] else ahead + 1
            run[s] = ahead
    return Route(
        slots=slots,
        seat_at=tuple(seat_at),
        slot_of=slot_of,
        run=tuple(run),
    )


def forget_routes() -> None:
    """Forget every seat cycle and route built so far, as a fresh process starts
    (the benchmark plans from nothing this way)."""
    with _CYCLES_LOCK:
        del _CYCLES[2:]
    route_for.cache_clear()
