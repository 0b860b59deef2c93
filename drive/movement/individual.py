"""Individual drives: a schedule made before play for every player.

Each round the players are split into tables of four (N-S partners against E-W
partners); whoever is left over (v mod 4 players) sits out, in turn. The ideal
is the *whist tournament* Wh(v), which exists for every v = 4n and 4n + 1:
over 4n - 1 rounds (or 4n + 1, one player sitting out each round) every two
players are partners exactly once and opponents exactly twice.

How a schedule is made:

- v = p, a prime with p = 4n + 1: the classical cyclic construction. With x a
  primitive root and e = x^n, the first round's games are {x^i, -x^i} against
  {e x^i, -e x^i} for i = 0..n-1 (player 0 sits out); round r adds r to every
  player mod p.
- Other v with a *starter* found by a computer search (``STARTERS``): the same
  development mod v (point 0 sits out), or mod v - 1 with a fixed point for
  v = 4n.
- Everything else (other head counts, longer drives, re-plans after an arrival
  or a withdrawal): a greedy plan, round by round, that seats the players
  sitting out fairly and then builds tables to avoid repeated partners first
  and repeated opponents second, counting what was already played.

``schedule_quality`` says in plain words how close a schedule came.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .sitouts import sit_out_priority
from .types import Seating, TableSeating

INFINITY = -1

# Starters found by a backtracking search over difference conditions (partner
# differences each once, opponent differences each twice). Each table is
# (N, S, E, W): N-S partners, E-W partners. For v = 4n the points are
# Z_{v-1} and INFINITY; for v = 4n + 1 they are Z_v without 0 (0 sits out).
STARTERS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    5: ((3, 2, 1, 4),),
    8: ((INFINITY, 4, 2, 1), (0, 5, 3, 6)),
    12: ((INFINITY, 8, 9, 1), (2, 4, 7, 6), (5, 0, 3, 10)),
    16: ((INFINITY, 1, 10, 9), (5, 8, 11, 6), (2, 0, 4, 12), (3, 14, 7, 13)),
    17: ((11, 15, 6, 1), (2, 4, 8, 7), (10, 16, 12, 9), (3, 13, 14, 5)),
    20: (
        (INFINITY, 9, 11, 14),
        (18, 0, 10, 6),
        (16, 2, 3, 1),
        (5, 12, 17, 8),
        (4, 15, 7, 13),
    ),
}


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    return all(n % d for d in range(2, int(n**0.5) + 1))


def _primitive_root(p: int) -> int:
    factors = {q for q in range(2, p) if (p - 1) % q == 0 and _is_prime(q)}
    for g in range(2, p):
        if all(pow(g, (p - 1) // q, p) != 1 for q in factors):
            return g
    raise ValueError(f"no primitive root mod {p}")


def _prime_starter(p: int) -> tuple[tuple[int, int, int, int], ...]:
    n = (p - 1) // 4
    x = _primitive_root(p)
    e = pow(x, n, p)
    tables = []
    for i in range(n):
        a = pow(x, i, p)
        tables.append((a, (-a) % p, (e * a) % p, (-e * a) % p))
    return tuple(tables)


def _design(v: int) -> list[list[tuple[int, int, int, int]]] | None:
    """The rounds of a whist tournament on points 0..v-1, or None if none is known."""
    if v % 4 == 1 and _is_prime(v):
        starter, modulus = _prime_starter(v), v
    elif v in STARTERS:
        starter, modulus = STARTERS[v], (v - 1 if v % 4 == 0 else v)
    else:
        return None

    def shift(point: int, r: int) -> int:
        if point == INFINITY:
            return v - 1  # the fixed point is the last player
        return (point + r) % modulus

    return [
        [tuple(shift(p, r) for p in table) for table in starter]  # type: ignore[misc]
        for r in range(modulus)
    ]


@dataclass
class _Counts:
    partners: Counter = field(default_factory=Counter)
    opponents: Counter = field(default_factory=Counter)
    sit_outs: Counter = field(default_factory=Counter)

    def record(self, seating: Seating) -> None:
        self.sit_outs.update(seating.sit_outs)
        for t in seating.tables:
            for one, other in ((t.north, t.south), (t.east, t.west)):
                self.partners[_pair(one, other)] += 1
            for one in (t.north, t.south):
                for other in (t.east, t.west):
                    self.opponents[_pair(one, other)] += 1


def _pair(one: int, other: int) -> tuple[int, int]:
    return (one, other) if one < other else (other, one)


def _check(players: Sequence[int], rounds: int) -> list[int]:
    result = sorted(set(players))
    if len(result) != len(players):
        raise ValueError("a player appears twice")
    if len(result) < 4:
        raise ValueError(
            f"an individual drive needs at least 4 players; {len(result)} can play"
        )
    if rounds < 0:
        raise ValueError("rounds must not be negative")
    return result


def individual_schedule(
    *,
    players: Sequence[int],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
) -> list[Seating]:
    """`rounds` new rounds for `players`, continuing `history` (the rounds already played)."""
    ordered = _check(players, rounds)
    rng = random.Random(seed)
    shuffled = ordered[:]
    rng.shuffle(shuffled)
    design = None if history else _design(len(ordered))
    schedule: list[Seating] = []
    if design is not None:
        for r in range(min(rounds, len(design))):
            tables = tuple(
                TableSeating(
                    table=i + 1,
                    north=shuffled[n],
                    south=shuffled[s],
                    east=shuffled[e],
                    west=shuffled[w],
                )
                for i, (n, s, e, w) in enumerate(design[r])
            )
            seated = {p for t in tables for p in t.players()}
            schedule.append(
                Seating(tables=tables, sit_outs=tuple(sorted(set(ordered) - seated)))
            )
    counts = _Counts()
    for seating in (*history, *schedule):
        counts.record(seating)
    while len(schedule) < rounds:
        seating = _greedy_round(
            ordered, counts, seed, rng, len(history) + len(schedule)
        )
        counts.record(seating)
        schedule.append(seating)
    return schedule


def _greedy_round(
    players: list[int], counts: _Counts, seed: int, rng: random.Random, number: int
) -> Seating:
    tables = len(players) // 4
    out = len(players) - 4 * tables
    by_turn = sorted(
        players,
        key=lambda p: (
            counts.sit_outs[p],
            sit_out_priority(seed=seed + number, player=p),
        ),
    )
    sit_outs = sorted(by_turn[:out])
    playing = [p for p in players if p not in set(sit_outs)]
    best: tuple[tuple[int, int], list[tuple[int, int, int, int]]] | None = None
    for _attempt in range(6):
        pool = playing[:]
        rng.shuffle(pool)
        built = []
        cost = [0, 0]
        while pool:
            north = pool.pop()
            south = min(
                pool, key=lambda p: (counts.partners[_pair(north, p)], rng.random())
            )
            pool.remove(south)

            def against(p: int, north: int = north, south: int = south) -> int:
                return (
                    counts.opponents[_pair(north, p)]
                    + counts.opponents[_pair(south, p)]
                )

            east = min(pool, key=lambda p: (against(p), rng.random()))
            pool.remove(east)
            west = min(
                pool,
                key=lambda p: (
                    counts.partners[_pair(east, p)] * 10 + against(p),
                    rng.random(),
                ),
            )
            pool.remove(west)
            cost[0] += (
                counts.partners[_pair(north, south)]
                + counts.partners[_pair(east, west)]
            )
            cost[1] += against(east) + against(west)
            built.append((north, south, east, west))
        key = (cost[0], cost[1])
        if best is None or key < best[0]:
            best = (key, built)
        if key == (0, 0):
            break
    assert best is not None
    return Seating(
        tables=tuple(
            TableSeating(table=i + 1, north=n, south=s, east=e, west=w)
            for i, (n, s, e, w) in enumerate(best[1])
        ),
        sit_outs=tuple(sit_outs),
    )
