"""Whist designs as values, and how a starter develops into all its rounds.

Words:

- *Point*: 0..v-1, a place in a design; the engine maps points to players.
- *Table*: four points (N, E, S, W); N-S partners play E-W partners.
- *Round*: the tables played at once; a point on no table sits out.
- *Design* (``_Design``): the rounds of a whist tournament Wh(v), in which
  every two points partner once and oppose twice.
- *Group*: Z_m1 x Z_m2 x ... (Z_v alone: cyclic), an element x coded
  d1 + m1 * (d2 + m2 * ...), digit di mod mi.
- *Starter*: round 0 of a design over a group; round r is the starter with r
  added to every point (*developed*). Over a group of v - 1 elements the
  last point, *inf*, stays put (1-rotational).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

Table4 = tuple[int, int, int, int]


@dataclass(frozen=True)
class _Design:
    """A whist design on points 0..points-1.

    ``rounds[r]`` lists the tables (N, E, S, W) of round r. ``kind`` is
    "cyclic" (over Z_points: round r is the starter plus r, point r sits out),
    "group" (over another abelian group; round r sits out point r),
    "rotational" (over Z_(points-1) plus the fixed point points-1: round r is
    the starter plus r on the finite points), "group-rotational" (the same
    over another abelian group), "pbd" (PBD closure; round x sits out x, or
    for v = 4n is x's round of the block through x and inf = v - 1),
    "frame" (a whist frame filled with Wh(g + 1)), "product" (a Wh(u) on
    groups of h points) or "resolvable" (a resolvable BIBD(v, 4, 1) played
    in each pairing); ``constructions`` makes each.
    """

    points: int
    kind: str
    starter: tuple[Table4, ...]
    rounds: tuple[tuple[Table4, ...], ...]


def _develop_cyclic(v: int, starter: Sequence[Table4]) -> _Design:
    rounds = tuple(
        tuple(
            ((a + r) % v, (b + r) % v, (c + r) % v, (d + r) % v)
            for a, b, c, d in starter
        )
        for r in range(v)
    )
    return _Design(points=v, kind="cyclic", starter=tuple(starter), rounds=rounds)


def _develop_rotational(v: int, starter: Sequence[Table4]) -> _Design:
    m = v - 1

    def shift(x: int, r: int) -> int:
        return x if x == m else (x + r) % m

    rounds = tuple(
        tuple(
            (shift(a, r), shift(b, r), shift(c, r), shift(d, r))
            for a, b, c, d in starter
        )
        for r in range(m)
    )
    return _Design(points=v, kind="rotational", starter=tuple(starter), rounds=rounds)


_P = TypeVar("_P", int, int | None)


def _map_round(
    tables: Sequence[Table4], to: Sequence[_P]
) -> list[tuple[_P, _P, _P, _P]]:
    """Each table's points x replaced by ``to[x]``."""
    return [(to[a], to[b], to[c], to[d]) for a, b, c, d in tables]


def _translations(moduli: Sequence[int]) -> Iterator[list[int]]:
    """For each element r of Z_m1 x Z_m2 x ... in turn (x = d1 + m1 * (d2 +
    ...)), the map x -> x + r as a list, built digit by digit."""
    q = 1
    for m in moduli:
        q *= m
    for r in range(q):
        digits = []
        for m in moduli:
            digits.append(r % m)
            r //= m
        moved = [0]
        place = q
        for m, e in zip(reversed(moduli), reversed(digits), strict=True):
            place //= m
            shifted = [(d + e) % m * place for d in range(m)]
            moved = [b + a for b in moved for a in shifted]
        yield moved


def _develop_group(v: int, moduli: Sequence[int], starter: Sequence[Table4]) -> _Design:
    """Develop a starter over Z_m1 x Z_m2 x ... (x = d1 + m1 * (d2 + ...)).

    v = 4n + 1: the group has v elements and round r adds r, so point r sits
    out. v = 4n: the group has v - 1 elements, the point v - 1 is inf and
    stays put (1-rotational).
    """
    rounds = []
    for moved in _translations(moduli):
        q = len(moved)
        if q < v:
            moved.append(q)
        rounds.append(tuple(_map_round(starter, moved)))
    kind = "group" if len(rounds) == v else "group-rotational"
    return _Design(points=v, kind=kind, starter=tuple(starter), rounds=tuple(rounds))


def _sit_out_rounds(design: _Design) -> list[tuple[int, tuple[Table4, ...]]]:
    """(the point that sits out, the round) for each round of a Wh(4n + 1)."""
    out = []
    for tables in design.rounds:
        seated = {x for t in tables for x in t}
        (missing,) = set(range(design.points)) - seated
        out.append((missing, tables))
    return out


def _parse_tables(text: str) -> list[Table4]:
    values = [int(x) for x in text.split()]
    return [
        (values[i], values[i + 1], values[i + 2], values[i + 3])
        for i in range(0, len(values), 4)
    ]
