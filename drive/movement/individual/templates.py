"""Templates: the rounds a design asks for, laid out for the players at hand.

Words (and those of ``develop``):

- *Template*: one round's tables of players, None for an empty seat; what the
  design asks for before ``engine`` makes the round fair and full.
- *Plan* (``_Plan``): the templates of the rounds to come, with what the
  engine needs to know about them.
- *Draw*: design points map to players by a shuffle seeded with ``seed``
  (``_Rng``: SplitMix64 on a SHA-256 digest, identical in every Python
  version), so each seed gives a different draw and the same inputs always
  give the same schedule.

A template per round from the design (``constructions._design``), for the
head count v at hand (``_plan_fresh``):

- v = 4n or 4n + 1: the design's rounds, in a seeded cyclic order.
- v = 4n + 3: the design for v + 1 without its point inf; inf's three
  table mates sit out. When they form an arithmetic progression the rounds
  are ordered so that the sit-outs sweep the players in consecutive
  windows, which keeps sit-outs fair and the design's bounds intact.
- v = 4n + 2: a cyclic design for w = v - 1 plus one extra player X. In
  layers of (w + 1) / 2 rounds, X takes the seat of point r + (w + 1) / 2 in
  round r, except in a layer's last round, when X sits out; so every player
  sits out once per layer, X partners each player at most once and opposes
  each at most twice within w rounds.
- Otherwise, or when a design is missing, the nearest design with empty
  points or extra players; ``engine`` mends it.
- Past the design's length the rounds repeat, cycle after cycle; after a
  full cycle every pair has the same counts, so the next cycle starts clean.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import gcd

from .constructions import _design
from .develop import _map_round

Slot = tuple[int | None, int | None, int | None, int | None]

_MASK64 = (1 << 64) - 1


class _Rng:
    """SplitMix64, keyed by a SHA-256 digest: one stream in every Python version."""

    def __init__(self, *key: object) -> None:
        digest = hashlib.sha256(repr(key).encode()).digest()
        self._state = int.from_bytes(digest[:8], "big")

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@dataclass
class _Plan:
    rounds: list[list[Slot]]
    # True when every round is a clean design round for exactly these players.
    exact: bool = False
    # Sit-out counts to start from, by player (a continued plan's own).
    start_counts: dict[int, int] = field(default_factory=dict)
    # True to keep the template's table numbering (a continued plan).
    keep_order: bool = False


def _fair_window_order(m: int, start: int, count: int) -> list[int]:
    """Window starts t_0, t_1, ... whose windows {t, t+1, t+2} (mod m) sweep fairly."""
    if m % 3:
        return [(start + 3 * k) % m for k in range(count)]
    third = m // 3
    return [(start + 3 * (k % third) + (k // third) % 3) % m for k in range(count)]


def _arithmetic_progression(m: int, points: Sequence[int]) -> tuple[int, int] | None:
    """(a, d) with {a, a + d, a + 2d} = points (mod m), d a unit, if any."""
    for a in points:
        for b in points:
            if a == b:
                continue
            d = (b - a) % m
            if gcd(d, m) == 1 and {a % m, (a + d) % m, (a + 2 * d) % m} == {
                p % m for p in points
            }:
                return a % m, d
    return None


def _plan_fresh(players: Sequence[int], count: int, seed: int, tables: int) -> _Plan:
    """Templates for ``count`` rounds of a plan with no history."""
    v = len(players)
    rng = _Rng("individual", seed, v)
    order = list(players)
    rng.shuffle(order)
    full = tables == v // 4

    design = _design(v)
    if design is not None:
        length = len(design.rounds)
        offset = rng.below(length)
        to_player: list[int | None] = list(order)
        rounds = [
            _map_round(design.rounds[(offset + k) % length], to_player)
            for k in range(count)
        ]
        return _Plan(rounds, exact=full)

    if v % 4 == 3:
        big = _design(v + 1)
        if big is not None and big.kind == "rotational":
            m = v  # Z_m plus inf = point m, which stays empty
            to_player = [*order, None]
            inf_table = big.starter[0]
            progression = _arithmetic_progression(m, [x for x in inf_table if x != m])
            if progression is not None:
                a, d = progression
                starts = _fair_window_order(m, rng.below(m), count)
                indices = [(d * t - a) % m for t in starts]
            else:
                offset = rng.below(m)
                indices = [(offset + k) % m for k in range(count)]
            return _Plan(
                [_map_round(big.rounds[r], to_player) for r in indices], exact=full
            )

    if v % 4 == 2:
        small = _design(v - 1)
        if small is not None and small.kind == "cyclic":
            w = v - 1
            half = (w + 1) // 2
            extra = order[-1]
            offset = rng.below(w)
            rounds = []
            for k in range(count):
                r = (offset + k) % w
                to_player = list(order[:w])
                if k % half != half - 1:
                    to_player[(r + half) % w] = extra
                rounds.append(_map_round(small.rounds[r], to_player))
            return _Plan(rounds, exact=full)

    # The nearest design with empty points or extra players; the engine mends it.
    for size in _nearby_sizes(v):
        near = _design(size)
        if near is None:
            continue
        # Points past the head count stay empty (inf, the last point of a
        # rotational design, among them); extra players start outside.
        to_player = [order[p] if p < v else None for p in range(size)]
        length = len(near.rounds)
        offset = rng.below(length)
        rounds = [
            _map_round(near.rounds[(offset + k) % length], to_player)
            for k in range(count)
        ]
        return _Plan(rounds)

    return _Plan(
        [[] for _ in range(count)]
    )  # pragma: no cover - small sizes all have designs


def _nearby_sizes(v: int) -> list[int]:
    sizes = [
        s
        for d in (1, -1, 2, -2, 3, -3, 4, -4, 5, -5)
        if (s := v + d) >= 4 and s % 4 in (0, 1)
    ]
    return sizes
