"""Individual drives: every player's partners and opponents, planned before play.

Rule (DESIGN.md, Movements: Individual): the schedule is made in advance and
printed on every card. Each round the active players are split into tables of
four, N-S partners against E-W partners; whoever is left over sits out. The
ideal is the whist tournament Wh(v), which exists for every v = 4n and
v = 4n + 1: over 4n - 1 rounds (v = 4n) or 4n + 1 rounds (v = 4n + 1, one
player sits out each round) every two players are partners exactly once and
opponents exactly twice. Any leading run of its rounds keeps the bound: nobody
partners anyone twice and nobody opposes anyone three times.

How a schedule is made
----------------------
1. A *design* on points 0..v-1 (``_design``):

   - v = 4n + 1 whose prime factors 3 (mod 4) all come to an even power: the
     classical construction over a ring R of order v with an element e,
     e^2 = -1 (Z_v itself when every prime factor is 1 (mod 4); Gaussian
     integers mod p for p^2 with p = 3 (mod 4)). The first round's games are
     {y, -y} v {ey, -ey}, one per orbit {y, ey, -y, -ey}; round r adds r to
     every point, so point r sits out. The partner differences are 2R* and the
     opponent differences (1 + e)R*, each nonzero element once per sign.
   - Other v = 4n + 1: a starter found by search, over Z_v (21 and 33 in
     ``_CYCLIC_STARTERS``, the rest in ``whist_starters``) or over
     Z_9 x Z_3 x Z_7 (189) or Z_9 x Z_3 x Z_11 (297); round r adds the
     group element r, so r sits out. Or Wilson's PBD closure (``_PBD``): a
     transversal design TD(k, m) from finite fields plus a point inf on every
     group is a PBD(km + 1, {k, m + 1}); player x's round joins, for each
     block through x, the round of that block's Wh in which x sits out. Built
     at run time (about 50 ms for 321 and 381) and cached.
   - The same closure on PBDs that put new points on the parallel classes
     of a difference family (``_CLASS_FAMILIES``): 129 over Z_128 (one new
     point on the cosets of the subgroup of order 8), 93 over Z_2 x Z_40 and
     237 over Z_2 x Z_2 x Z_3 x Z_19; and v = 4n (152 over Z_4 x Z_4 x Z_9,
     284 over Z_4 x Z_8 x Z_7, 332 over Z_4 x Z_4 x Z_19), where the blocks
     through one point inf have sizes 0 (mod 4) and all others 1 (mod 4):
     round x joins the round of Wh(B) given to x for the block B through inf
     and x, and the sit-out rounds of x's other blocks.
   - v = 4n: a 1-rotational starter over Z_(v-1) (or Z_9 x Z_3 x Z_5 for
     136) plus a fixed point inf, found by search (``_ROTATIONAL_STARTERS``
     up to 40, ``whist_starters`` above). Round r adds r to the finite points.
   - Most starters in ``whist_starters`` (tools/whist) are "patterned": every
     table but inf's is {x, -x} v {y, -y}, and an exact-cover search pairs the
     classes {x, -x} so that the x - y and x + y cover every class once (for
     301, 328, 341 and 364 a pairing invariant under a unit of order 3, 9, 5
     and 5). That needs the squares to balance in the group's ring, so it
     cannot reach a v = 4n + 1 that 3 divides exactly, nor most v = 4n.
     Those of 44, 48 and 52 are not: ``match.c`` takes a random starter (the
     partner pairs) and looks for a matching of its pairs into tables.
   - v = g * u + 1 with a Wh(g + 1) held (``_frame_design``): a whist frame.
     Its starter (``FRAME_STARTERS``) seats every point of Z_g x Z_u outside
     the hole Z_g x {0}, with every difference outside that subgroup partnered
     once and opposed twice; developed over the group, each round misses one
     hole, whose points play a round of the Wh(g + 1) with inf (g = 3 (mod 4)
     for v = 4n; for v = 4n + 1, g = 0 (mod 4) and one more round joins the
     fills' rounds in which inf sits out). The starters were searched for
     invariant under (a, b) -> (a, w b) for a unit w of odd order, which
     makes the search small.
   - A product (``_product_design``, ``_PRODUCTS``): every point of a Wh(u)
     becomes a group of h players. Each Wh(u) table carries a resolvable
     TD(4, h) (a TD(5, h) from finite fields, or by Wilson's construction for
     h = 21, 33, 57) seated in the table's own seats, one class per round,
     so players of different groups partner once and oppose twice; each
     group's own pairs are a Wh(h) played by all groups at once after the
     cross rounds (u and h = 0 (mod 4): Wh(uh)), or a Wh(h + 1) with inf
     (u = 1 (mod 4), h = 3 or 0 (mod 4): Wh(uh + 1)) or a Wh(h)
     (u = h = 1 (mod 4): Wh(uh)) played by the group that sits out the
     Wh(u)'s round; for u = 0, h = 1 (mod 4) the groups' sit-outs of each
     round of their Wh(h) play one round of the Wh(u) instead of one of the
     cross rounds.
   - v = 3q + 1 (292, 376; ``_resolvable_design``): a resolvable
     BIBD(v, 4, 1), 1-rotational over GF(q) x {0, 1, 2} plus inf, played three
     times with each block seated in each of its three pairings in turn.
   - Every v = 4n and 4n + 1 from 4 to 400 has a design here (tested); past
     400 a head count without one takes the nearest design and mends it
     (below).

2. A *template* per round from the design, for the head count at hand:

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
     points or extra players; the engine below mends it.
   - Past the design's length the rounds repeat, cycle after cycle; after a
     full cycle every pair has the same counts, so the next cycle starts clean.

3. The *engine* plays the templates round by round. Sit-outs come first and
   are always fair: the players with the fewest sit-outs so far sit out, so at
   every prefix of rounds the counts differ by at most one; among equals the
   template's own sit-outs go first, then a seeded rank. Counts start from the
   history's, capped one above the lowest (nobody sits out again and again to
   catch up); newcomers start level with the lowest. Empty seats are filled
   greedily, then a hill climb swaps players to cut repeats: partner repeats
   first, then opponent repeats, weighted so that higher counts cost far more.

A re-plan (``history`` given) first checks whether the history is this
function's own plan for the first round's players, with players swapped
one for one along the way; if so the same design continues with the swaps
applied, so a late arrival who replaces a withdrawn player changes nothing.
Otherwise the history's partner, opponent and sit-out counts seed the engine.

Design points map to players by a shuffle seeded with ``seed`` (SplitMix64 on
a SHA-256 digest, identical in every Python version), so each seed gives a
different draw and the same inputs always give the same schedule.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import gcd
from typing import TypeVar

from .types import Seating, TableSeating
from .whist_starters import FRAME_STARTERS, SEARCHED_STARTERS

Table4 = tuple[int, int, int, int]
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


# ---------------------------------------------------------------------------
# Embedded starter rounds.
#
# Found for this module by a randomised backtracking search (tables filled
# seat by seat, every partner difference used at most once and every opponent
# difference at most twice, restarted after 20,000 nodes with a new random
# order), run once offline; ``tests/drive/test_individual.py`` checks every
# one. Cyclic starters list the tables of round 0 over Z_v, four points a table
# (N, E, S, W); point 0 sits out. Rotational starters list the seats after inf:
# the first table is (inf, a, b, c) with inf North, then tables of four, over
# Z_(v-1).
_CYCLIC_STARTERS: dict[int, str] = {
    21: "8 16 14 4 3 20 2 9 1 15 5 17 10 12 13 7 18 19 11 6",
    33: (
        "19 21 12 24 8 30 23 5 10 13 22 29 6 18 2 31 4 14 28 15 25 26 20 7 3 9 1 32 "
        "16 17 27 11"
    ),
}
_ROTATIONAL_STARTERS: dict[int, str] = {
    8: "1 0 3 4 6 5 2",
    12: "1 0 3 8 10 5 4 2 7 9 6",
    16: "1 0 2 7 14 5 10 11 12 8 3 4 13 9 6",
    20: "1 0 2 4 6 9 14 7 11 3 13 12 18 15 8 10 17 16 5",
    24: "1 0 2 12 14 19 22 10 17 8 4 18 21 13 7 3 15 20 11 6 16 9 5",
    28: "1 0 2 12 13 10 5 7 25 22 18 21 26 16 8 9 17 23 11 20 24 4 14 3 15 6 19",
    32: (
        "1 0 2 5 9 28 27 3 22 7 17 10 20 26 13 21 25 12 14 4 15 6 29 18 23 8 11 19 30 "
        "16 24"
    ),
    36: (
        "1 0 2 12 20 27 33 3 26 9 34 6 29 10 15 8 13 31 16 23 32 25 22 7 21 18 5 17 "
        "28 24 11 19 30 14 4"
    ),
    40: (
        "1 0 2 28 36 31 18 11 23 5 38 12 22 16 29 13 14 33 30 15 26 10 35 4 8 17 19 7 "
        "32 24 3 9 37 21 6 27 34 25 20"
    ),
}


# ---------------------------------------------------------------------------
# Designs.


@dataclass(frozen=True)
class _Design:
    """A whist design on points 0..points-1.

    ``rounds[r]`` lists the tables (N, E, S, W) of round r. ``kind`` is
    "cyclic" (over Z_points: round r is the starter plus r, point r sits out),
    "group" (over another abelian group; round r sits out point r),
    "rotational" (over Z_(points-1) plus the fixed point points-1: round r is
    the starter plus r on the finite points), "group-rotational" (the same
    over another abelian group), "pbd" (PBD closure; round x sits out x, or
    for v = 4n is x's round of the block through x and inf = v - 1) or
    "frame" (a whist frame filled with Wh(g + 1), ``_frame_design``).
    """

    points: int
    kind: str
    starter: tuple[Table4, ...]
    rounds: tuple[tuple[Table4, ...], ...]


def _factorise(n: int) -> dict[int, int]:
    factors: dict[int, int] = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
        p += 1
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


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


def _searched_design(v: int) -> _Design | None:
    """A starter from ``whist_starters`` (cyclic, 1-rotational or over a group)."""
    if v not in SEARCHED_STARTERS:
        return None
    moduli, text = SEARCHED_STARTERS[v]
    if v % 4 == 0:
        starter = _parse_tables(f"{v - 1} {text}")
        if len(moduli) == 1:
            return _develop_rotational(v, starter)
    else:
        starter = _parse_tables(text)
        if len(moduli) == 1:
            return _develop_cyclic(v, starter)
    return _develop_group(v, moduli, starter)


def _frame_design(v: int) -> _Design | None:
    """Wh(v) from a whist frame over Z_g x Z_u and Wh(g + 1), if one is held.

    v = g * u + 1. The frame starter P (``FRAME_STARTERS``) seats every point
    (a, b) = a + g * b of the group outside the hole b = 0, so P + x seats
    every point outside the hole of x, and its differences cover every
    difference outside Z_g x {0} (partners once, opponents twice). Round x =
    (a, b) is P + x plus, on the hole b and inf, a round of a Wh(g + 1) on
    points 0..g (g is inf): for v = 4n its round a; for v = 4n + 1 its round in
    which a sits out, and one more round joins, over every hole, the rounds in
    which inf sits out.
    """
    if v not in FRAME_STARTERS:
        return None
    (g, u), text = FRAME_STARTERS[v]
    q = g * u
    fill = _design(g + 1)
    assert fill is not None and q == v - 1
    if v % 4 == 0:
        fill_rounds = list(fill.rounds)
    else:
        by_sitter = dict(_sit_out_rounds(fill))
        fill_rounds = [by_sitter[a] for a in range(g)]
    frame = _parse_tables(text)
    holes = [[*(p + g * b for p in range(g)), q] for b in range(u)]
    rounds: list[tuple[Table4, ...]] = []
    # Round r = a + g * b: P + r, and on hole b the fill's round for a.
    for r, moved in enumerate(_translations((g, u))):
        hole = holes[r // g]
        tables = _map_round(frame, moved) + _map_round(fill_rounds[r % g], hole)
        rounds.append(tuple(tables))
    if v % 4 == 1:
        # The round in which inf sits out, on every hole.
        rounds.append(
            tuple(t for hole in holes for t in _map_round(by_sitter[g], hole))
        )
    return _Design(points=v, kind="frame", starter=rounds[0], rounds=tuple(rounds))


def _orbit_starter(v: int, neg, times_e) -> list[Table4]:
    """One table {y, -y} v {ey, -ey} per orbit of multiplication by e."""
    seen = [False] * v
    seen[0] = True
    starter: list[Table4] = []
    for y in range(1, v):
        if seen[y]:
            continue
        ey = times_e(y)
        table = (y, ey, neg(y), neg(ey))
        for x in table:
            seen[x] = True
        starter.append(table)
    return starter


def _ring_design(v: int) -> _Design | None:
    """Wh(v), v = 4n + 1, over a ring with a square root of -1, if one exists."""
    factors = _factorise(v)
    if any(p % 4 == 3 and k % 2 for p, k in factors.items()):
        return None
    if all(p % 4 == 1 for p in factors):
        root = next(
            e
            for e in range(2, v)
            if (e * e + 1) % v == 0 and gcd(e - 1, v) == 1 and gcd(e + 1, v) == 1
        )
        starter = _orbit_starter(v, lambda x: -x % v, lambda x: root * x % v)
        return _develop_cyclic(v, starter)
    # Mixed radix: a cyclic part Z_q (primes 1 mod 4, with its own e) and, for
    # each p = 3 (mod 4) to the power 2k, k copies of the Gaussian integers
    # mod p, (x, y) = x + yi, where e = i.
    q = 1
    for p, k in factors.items():
        if p % 4 == 1:
            q *= p**k
    eq = 1
    if q > 1:
        eq = next(e for e in range(2, q) if (e * e + 1) % q == 0)
    moduli: list[int] = [q]
    for p, k in factors.items():
        if p % 4 == 3:
            moduli += [p, p] * (k // 2)

    def decode(x: int) -> list[int]:
        digits = []
        for mod in moduli:
            digits.append(x % mod)
            x //= mod
        return digits

    def encode(digits: Sequence[int]) -> int:
        x = 0
        for digit, mod in zip(reversed(digits), reversed(moduli), strict=True):
            x = x * mod + digit % mod
        return x

    def neg(x: int) -> int:
        return encode([-d for d in decode(x)])

    def times_e(x: int) -> int:
        digits = decode(x)
        out = [digits[0] * eq]
        for i in range(1, len(moduli), 2):
            re, im = digits[i], digits[i + 1]
            out += [-im, re]
        return encode(out)

    starter = _orbit_starter(v, neg, times_e)
    vectors = [decode(x) for x in range(v)]

    def add(x: int, r: int) -> int:
        return encode([a + b for a, b in zip(vectors[x], vectors[r], strict=True)])

    rounds = tuple(
        tuple((add(a, r), add(b, r), add(c, r), add(d, r)) for a, b, c, d in starter)
        for r in range(v)
    )
    return _Design(points=v, kind="group", starter=tuple(starter), rounds=rounds)


# ---------------------------------------------------------------------------
# PBD closure for v = 4n + 1.
#
# A transversal design TD(k, m) (k groups of m points, every two points of
# different groups in exactly one block of k) plus a point inf added to every
# group is a pairwise balanced design on km + 1 points with blocks of sizes k
# and m + 1. When both are 1 (mod 4) and have a Wh, so has km + 1: player x's
# round is the union, over the blocks B through x, of the round of Wh(B) in
# which x sits out (Wilson's PBD closure). The TD(k, m) comes from
# ``_transversal_design`` (finite fields here: every prime-power factor of m
# is at least k - 1).
_PBD: dict[int, int] = {
    # v: k, with m = (v - 1) / k
    141: 5,
    161: 5,
    201: 5,
    209: 13,
    273: 17,
    321: 5,
    381: 5,  # blocks of 5 and 77 (Wh(77) from whist_starters)
}

# New points on parallel classes (``tools/whist/extend.c``). Over an abelian
# group G of order m two kinds of base block have translates that fall into
# parallel classes (partitions of G): a subgroup of order 4 or 8, whose
# cosets are one class ("shorts"), and a 4-set with one point in each coset
# of the kernel K of a homomorphism from G onto Z_4 or Z_2 x Z_2, whose
# translates by K are a class and whose G-translates are four
# ("transversals"). Give every class a new point s of its own; blocks of 5
# or 9 developed over G meet each other difference once. With one block S of
# all the new points that is a PBD(v) with v = m + |S| and blocks 1 (mod 4),
# which ``_pbd_design`` closes. For v = 4n (|S| = 3 (mod 4): G needs three
# shorts meeting only in 0) a point inf joins S and every coset of a
# subgroup L of order 3 (mod 4), so the blocks through inf have sizes
# 0 (mod 4), which it closes too.


@dataclass(frozen=True)
class _ClassFamily:
    """The base blocks of one such PBD; ``_class_family_blocks`` develops them."""

    moduli: tuple[int, ...]  # G = Z_m1 x Z_m2 x ..., x = d1 + m1 * (d2 + ...)
    shorts: tuple[tuple[int, ...], ...]  # generators of each subgroup of order 4, 8
    # (homomorphism, 4-set): the homomorphism as one tuple of coefficients c
    # (x -> sum of c_i * d_i mod 4, onto Z_4) or two (each mod 2, onto
    # Z_2 x Z_2); the 4-set holds one point of each coset of its kernel
    transversals: tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]
    blocks: tuple[tuple[int, ...], ...]  # developed over G
    inf_subgroup: int | None = None  # a generator of L (v = 4n only)


_CLASS_FAMILIES: dict[int, _ClassFamily] = {
    # 129 = 128 + 1 over Z_128: the short of order 8 (blocks of 9 with the new
    # point), six blocks of 5.
    129: _ClassFamily(
        moduli=(128,),
        shorts=((16,),),
        transversals=(),
        blocks=(
            (0, 1, 25, 29, 39),
            (0, 5, 27, 50, 70),
            (0, 6, 13, 62, 81),
            (0, 33, 41, 44, 59),
            (0, 40, 57, 92, 94),
            (0, 46, 55, 67, 97),
        ),
    ),
    # 93 = 80 + 13 over Z_2 x Z_40: the short {0, (1, 0), (0, 20), (1, 20)},
    # three transversals (two onto Z_4, one onto Z_2 x Z_2), two blocks of 5.
    93: _ClassFamily(
        moduli=(2, 40),
        shorts=((1, 40),),
        transversals=(
            (((0, 1),), (57, 3, 28, 71)),
            (((0, 1),), (48, 50, 4, 78)),
            (((1, 0), (0, 1)), (52, 45, 62, 7)),
        ),
        blocks=((72, 13, 61, 10, 69), (33, 22, 17, 0, 37)),
    ),
    # 237 = 228 + 9 over Z_2 x Z_2 x Z_3 x Z_19: the short Z_2 x Z_2, two
    # transversals, ten blocks of 5; invariant under (a, b, c, d) ->
    # (b, a + b, c, 7d), which permutes the involutions.
    237: _ClassFamily(
        moduli=(2, 2, 3, 19),
        shorts=((1, 2),),
        transversals=(
            (((0, 1, 0, 0), (1, 0, 0, 0)), (0, 129, 166, 191)),
            (((0, 1, 0, 0), (1, 0, 0, 0)), (4, 58, 119, 81)),
        ),
        blocks=(
            (4, 8, 25, 170, 39),
            (112, 40, 161, 92, 168),
            (76, 28, 186, 140, 36),
            (52, 172, 127, 20, 24),
            (37, 4, 134, 40, 146),
            (26, 4, 15, 28, 99),
            (171, 4, 85, 172, 217),
            (95, 172, 42, 69, 146),
            (141, 40, 31, 202, 99),
            (22, 28, 173, 215, 217),
        ),
    ),
    # 152 = 144 + 7 + inf over Z_4 x Z_4 x Z_9: three shorts, one
    # transversal (four classes), six blocks of 5, L of order 3.
    152: _ClassFamily(
        moduli=(4, 4, 9),
        shorts=((1,), (4,), (5,)),
        transversals=((((1, 0, 0),), (0, 6, 103, 33)),),
        blocks=(
            (0, 7, 90, 130, 116),
            (0, 9, 55, 133, 124),
            (0, 16, 105, 83, 137),
            (0, 17, 136, 92, 52),
            (0, 19, 49, 78, 142),
            (0, 23, 72, 126, 98),
        ),
        inf_subgroup=48,
    ),
    # 284 = 224 + 59 + inf over Z_4 x Z_8 x Z_7: three shorts, fourteen
    # transversals on six kernels, two blocks of 5, L of order 7.
    284: _ClassFamily(
        moduli=(4, 8, 7),
        shorts=((1,), (8,), (9,)),
        transversals=(
            (((1, 0, 0),), (20, 177, 118, 7)),
            (((1, 0, 0),), (88, 185, 38, 43)),
            (((1, 0, 0),), (16, 13, 194, 191)),
            (((1, 0, 0),), (124, 49, 154, 219)),
            (((1, 0, 0),), (160, 17, 98, 11)),
            (((0, 1, 0),), (211, 180, 72, 60)),
            (((0, 1, 0),), (99, 164, 219, 28)),
            (((0, 1, 0),), (35, 101, 120, 63)),
            (((0, 1, 0),), (48, 37, 24, 190)),
            (((0, 1, 0),), (114, 4, 136, 142)),
            (((1, 1, 0), (0, 1, 0)), (162, 67, 77, 38)),
            (((1, 0, 0), (0, 1, 0)), (210, 33, 174, 159)),
            (((1, 3, 0),), (58, 91, 24, 51)),
            (((1, 1, 0),), (183, 171, 31, 220)),
        ),
        blocks=(
            (158, 218, 4, 116, 42),
            (5, 57, 188, 213, 112),
        ),
        inf_subgroup=32,
    ),
    # 332 = 304 + 27 + inf over Z_4 x Z_4 x Z_19: three shorts, six
    # transversals, two blocks of 9 and three of 5, L = Z_19; invariant
    # under (x, y, z) -> (-y, x - y, 7z), which permutes the shorts.
    332: _ClassFamily(
        moduli=(4, 4, 19),
        shorts=((1,), (4,), (5,)),
        transversals=(
            (((1, 0, 0),), (156, 81, 2, 103)),
            (((2, 1, 0),), (101, 260, 8, 75)),
            (((0, 1, 0),), (67, 287, 10, 150)),
            (((0, 1, 0),), (177, 231, 58, 109)),
            (((1, 0, 0),), (20, 59, 34, 73)),
            (((3, 1, 0),), (127, 38, 232, 158)),
        ),
        blocks=(
            (165, 211, 252, 95, 257, 276, 75, 150, 103),
            (173, 217, 254, 37, 227, 60, 1, 4, 15),
            (81, 214, 109, 169, 4),
            (260, 247, 73, 222, 15),
            (287, 171, 158, 253, 1),
        ),
        inf_subgroup=16,
    ),
}


def _class_family_blocks(v: int, family: _ClassFamily) -> list[Sequence[int]]:
    """The PBD(v) of a ``_ClassFamily`` (inf = v - 1 when v = 4n)."""
    plus = list(_translations(family.moduli))  # plus[r][x] = x + r
    m = len(plus)

    def subgroup(*generators: int) -> list[int]:
        members = [0]
        for g in generators:
            for x in members:
                while (y := plus[g][x]) not in members:
                    members.append(y)
                    x = y
        return members

    def cosets(h: Sequence[int]) -> list[list[int]]:
        each = dict.fromkeys(tuple(sorted(plus[r][x] for x in h)) for r in range(m))
        return [list(c) for c in each]

    def image(hom: Sequence[Sequence[int]], x: int) -> int:
        digits = []
        for modulus in family.moduli:
            digits.append(x % modulus)
            x //= modulus
        sums = [sum(c * d for c, d in zip(cs, digits, strict=True)) for cs in hom]
        return sums[0] % 4 if len(sums) == 1 else sums[0] % 2 + 2 * (sums[1] % 2)

    blocks: list[Sequence[int]] = []
    new: list[int] = []
    for generators in family.shorts:
        h = subgroup(*generators)
        assert len(h) % 4 == 0
        new.append(m + len(new))
        blocks += ([*c, new[-1]] for c in cosets(h))
    for coefficients, base in family.transversals:
        assert sorted(image(coefficients, x) for x in base) == [0, 1, 2, 3]
        by_image: list[list[int]] = [[], [], [], []]
        for r in range(m):
            by_image[image(coefficients, r)].append(r)
        for coset in by_image:  # K, then a translate of the 4-set by each coset
            new.append(m + len(new))
            blocks += (
                [plus[k][plus[coset[0]][x]] for x in base] + [new[-1]]
                for k in by_image[0]
            )
    for base in family.blocks:
        blocks += ([plus[r][x] for x in base] for r in range(m))
    if family.inf_subgroup is None:
        assert v == m + len(new)
        if len(new) > 1:  # one new point has no pairs to cover
            blocks.append(new)
    else:
        inf = m + len(new)
        assert v == inf + 1
        blocks.append([*new, inf])
        blocks += ([*c, inf] for c in cosets(subgroup(family.inf_subgroup)))
    return blocks


def _prime_power(q: int) -> tuple[int, int]:
    """(p, e) with q = p^e, or ValueError."""
    ((p, e),) = _factorise(q).items()
    return p, e


def _poly_mul_mod(a: list[int], b: list[int], f: list[int], p: int) -> list[int]:
    """a * b modulo the monic f over GF(p); coefficients low to high."""
    e = len(f) - 1
    out = [0] * (2 * e - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] = (out[i + j] + x * y) % p
    for top in range(len(out) - 1, e - 1, -1):
        c = out[top]
        if c:
            for j in range(e + 1):
                out[top - e + j] = (out[top - e + j] - c * f[j]) % p
    return out[:e]


@cache
def _field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """The addition and multiplication tables of GF(q), q a prime power.

    Element x stands for the polynomial whose coefficients are x's base-p
    digits (low first), modulo the first monic irreducible polynomial of
    degree e in that numbering; for q = p, arithmetic mod p.
    """
    p, e = _prime_power(q)
    digits = [[x // p**i % p for i in range(e)] for x in range(q)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    add = [
        [number([(x + y) % p for x, y in zip(a, b, strict=True)]) for b in digits]
        for a in digits
    ]
    if e == 1:
        return add, [[a * b % p for b in range(q)] for a in range(q)]
    f = next(
        [*digits[low], 1]
        for low in range(q)
        if not any(
            _poly_divides([*digits[g][:d], 1], [*digits[low], 1], p)
            for d in range(1, e // 2 + 1)
            for g in range(p**d)
        )
    )
    return add, [[number(_poly_mul_mod(a, b, f, p)) for b in digits] for a in digits]


def _poly_divides(g: list[int], f: list[int], p: int) -> bool:
    """Whether the monic g divides f over GF(p); coefficients low to high."""
    rest = list(f)
    for top in range(len(rest) - 1, len(g) - 2, -1):
        c = rest[top]
        if c:
            for j in range(len(g)):
                rest[top - len(g) + 1 + j] = (rest[top - len(g) + 1 + j] - c * g[j]) % p
    return not any(rest[: len(g) - 1])


def _transversal_blocks(k: int, fields: Sequence[int]) -> list[list[int]]:
    """TD(k, m), m = prod(fields): point (i, g) is i * m + g."""
    m = 1
    for q in fields:
        m *= q
    # Per field: for each (a, b), the coordinate of the block in every group.
    per_field: list[list[list[int]]] = []
    for q in fields:
        add, mul = _field(q)
        rows = []
        for a in range(q):
            for b in range(q):
                rows.append([b if i == q else add[a][mul[b][i]] for i in range(k)])
        per_field.append(rows)
    blocks = [[i * m for i in range(k)]]
    radix = 1
    for q, rows in zip(fields, per_field, strict=True):
        blocks = [
            [x + radix * c for x, c in zip(block, row, strict=True)]
            for block in blocks
            for row in rows
        ]
        radix *= q
    return blocks


@cache
def _transversal_design(k: int, n: int) -> tuple[tuple[int, ...], ...] | None:
    """A TD(k, n) (point (i, g) is i * n + g), or None where none is known here.

    From finite fields when every prime-power factor of n is at least k - 1
    (MacNeish); otherwise Wilson's construction for n = m * t + 1: a
    TD(k + 1, t) with its last group cut to one point z, every other point
    weighted m. A master block missing z becomes a TD(k, m) on its weighted
    points; one through z a TD(k, m + 1) on them plus one extra point per
    group, less the block of the extras, which is added once.
    """
    if n == 1:
        return (tuple(range(k)),)
    fields = [p**e for p, e in _factorise(n).items()]
    if min(fields) >= k - 1:
        return tuple(tuple(b) for b in _transversal_blocks(k, fields))
    for t in range(n - 1, 1, -1):
        if (n - 1) % t or min(p**e for p, e in _factorise(t).items()) < k:
            continue
        m = (n - 1) // t
        plain, extended = _transversal_design(k, m), _transversal_design(k, m + 1)
        if plain is None or extended is None:
            continue
        # Relabel the TD(k, m + 1) so that its first block is all extras (m).
        swap = [
            {b - i * (m + 1): m, m: b - i * (m + 1)} for i, b in enumerate(extended[0])
        ]
        inner = [
            [swap[i].get(b - i * (m + 1), b - i * (m + 1)) for i, b in enumerate(block)]
            for block in extended[1:]
        ]
        blocks: list[tuple[int, ...]] = [tuple(i * n + t * m for i in range(k))]
        for master in _transversal_blocks(k + 1, [t]):
            ys = [b - i * t for i, b in enumerate(master)]
            if ys[k] == 0:
                for block in inner:
                    blocks.append(
                        tuple(
                            i * n + (t * m if a == m else ys[i] * m + a)
                            for i, a in enumerate(block)
                        )
                    )
            else:
                for block in plain:
                    blocks.append(
                        tuple(
                            i * n + ys[i] * m + (b - i * m) for i, b in enumerate(block)
                        )
                    )
        return tuple(blocks)
    return None


def _sit_out_rounds(design: _Design) -> list[tuple[int, tuple[Table4, ...]]]:
    """(the point that sits out, the round) for each round of a Wh(4n + 1)."""
    out = []
    for tables in design.rounds:
        seated = {x for t in tables for x in t}
        (missing,) = set(range(design.points)) - seated
        out.append((missing, tables))
    return out


def _pbd_blocks(v: int) -> list[Sequence[int]] | None:
    """A PBD(v) for ``_pbd_design``: TD(k, m) plus inf, or a class family."""
    inf = v - 1
    if v in _PBD:
        k = _PBD[v]
        m = inf // k
        td = _transversal_design(k, m)
        assert td is not None
        return [*td, *([*range(i * m, (i + 1) * m), inf] for i in range(k))]
    if v in _CLASS_FAMILIES:
        return _class_family_blocks(v, _CLASS_FAMILIES[v])
    return None


def _pbd_design(v: int) -> _Design | None:
    """Wh(v) by PBD closure, if ``_pbd_blocks`` has a PBD(v).

    Round x (every point x but inf) joins, for each block B through x, the
    round of Wh(B) in which x sits out; for v = 4n the one block through x
    and inf = v - 1 has size 0 (mod 4), and the round of its Wh given to x
    (its rounds matched one to one with its points other than inf).
    """
    blocks = _pbd_blocks(v)
    if blocks is None:
        return None
    inf = v - 1 if v % 4 == 0 else None
    rounds: list[list[Table4]] = [[] for _ in range(v if inf is None else v - 1)]
    sit_outs: dict[int, list[tuple[int, tuple[Table4, ...]]]] = {}
    for block in blocks:
        size = len(block)
        if inf in block:
            whole = _design(size)
            assert whole is not None and len(whole.rounds) == size - 1
            others = [x for x in block if x != inf]
            for x, tables in zip(others, whole.rounds, strict=True):
                rounds[x].extend(_map_round(tables, block))
            continue
        if size not in sit_outs:
            small = _design(size)
            assert small is not None and len(small.rounds) == size
            sit_outs[size] = _sit_out_rounds(small)
        for missing, tables in sit_outs[size]:
            rounds[block[missing]].extend(_map_round(tables, block))
    return _Design(
        points=v,
        kind="pbd",
        starter=tuple(rounds[0]),
        rounds=tuple(tuple(r) for r in rounds),
    )


# ---------------------------------------------------------------------------
# Products: Wh(u) on groups of h players.
#
# Replace every point i of a Wh(u) by a group G_i of h players. A resolvable
# TD(4, h) (TD(5, h) less its last group, whose points name the h parallel
# classes) put on a Wh(u) table (i1, i2, i3, i4) seats every two players of
# different groups among those four once per class; seating its blocks in the
# table's own N, E, S, W makes them partners where i and j are partners. Each
# two groups share three tables of the Wh(u), partners in one, so every two
# players of different groups partner once and oppose twice. Round (R, c) of
# the product plays class c on every table of the Wh(u)'s round R; what is
# left is each group's own pairs:
# - u = 4n, h = 4m: after the (u - 1) h cross rounds, h - 1 rounds in which
#   every group plays a round of Wh(h): Wh(uh).
# - u = 4n + 1, h = 4m + 3: the group that sits out round R plays, with inf,
#   round c of a Wh(h + 1): Wh(uh + 1) in uh rounds.
# - u = 4n + 1, h = 4m + 1: that group plays round c of a Wh(h), whose
#   sit-out sits out: Wh(uh) in uh rounds.
# - u = 4n + 1, h = 4m: that group plays, with inf, the round of a Wh(h + 1)
#   in which its point c sits out; one more round joins every group's round
#   in which inf sits out: Wh(uh + 1) in uh + 1 rounds.
# - u = 4n, h = 4m + 1: the groups' Wh(h) rounds each leave one player of
#   every group over; with one class of the TD the diagonal, those u players
#   play a round of Wh(u) in place of one cross round (``_diagonal_product``):
#   Wh(uh) in uh - 1 rounds.
_PRODUCTS: dict[int, tuple[int, int]] = {
    # v: (u, h); a TD(5, h) from ``_transversal_design``.
    56: (5, 11),
    60: (12, 5),
    64: (4, 16),
    68: (4, 17),
    69: (17, 4),
    72: (8, 9),
    80: (4, 20),
    84: (4, 21),
    96: (5, 19),
    100: (9, 11),
    104: (8, 13),
    108: (12, 9),
    116: (5, 23),
    120: (17, 7),
    128: (4, 32),
    132: (4, 33),
    140: (28, 5),
    156: (5, 31),
    164: (4, 41),
    168: (8, 21),
    172: (9, 19),
    180: (4, 45),
    188: (17, 11),
    192: (12, 16),
    200: (8, 25),
    208: (4, 52),
    212: (4, 53),
    216: (5, 43),
    224: (4, 56),
    228: (4, 57),
    232: (21, 11),
    236: (5, 47),
    240: (12, 20),
    252: (28, 9),
    264: (8, 33),
    272: (16, 17),
    280: (9, 31),
    296: (8, 37),
    300: (13, 23),
    308: (4, 77),
    309: (77, 4),
    312: (24, 13),
    316: (5, 63),
    324: (17, 19),
    336: (12, 28),
    344: (49, 7),
    348: (12, 29),
    352: (4, 88),
    356: (4, 89),
    360: (8, 45),
    368: (4, 92),
    380: (76, 5),
    384: (12, 32),
    385: (5, 77),
    388: (9, 43),
    392: (17, 23),
    393: (49, 8),
    396: (5, 79),
    400: (4, 100),
}


def _resolution_classes(h: int) -> list[list[Table4]]:
    """A resolvable TD(4, h): h classes of h blocks, each block one point
    (0..h-1) of each of the four groups (a TD(5, h) less its last group,
    whose points name the classes)."""
    td = _transversal_design(5, h)
    assert td is not None
    classes: list[list[Table4]] = [[] for _ in range(h)]
    for block in td:
        a, b, c, d, name = (x - i * h for i, x in enumerate(block))
        classes[name].append((a, b, c, d))
    return classes


def _cross_round(
    tables: Sequence[Table4], blocks: Sequence[Table4], h: int
) -> list[Table4]:
    """Every block of a class put on every table of a Wh(u) round: group i's
    point x is i * h + x, seated in the table's own seats."""
    return [
        (n * h + x1, e * h + x2, s * h + x3, w * h + x4)
        for n, e, s, w in tables
        for x1, x2, x3, x4 in blocks
    ]


def _product_design(v: int) -> _Design | None:
    """Wh(v) as a product of a Wh(u) and groups of h players, if listed."""
    if v not in _PRODUCTS:
        return None
    u, h = _PRODUCTS[v]
    classes = _resolution_classes(h)
    outer = _design(u)
    with_inf = v == u * h + 1
    inner = _design(h + 1 if with_inf else h)
    assert outer is not None and inner is not None
    if u % 4 == 0 and h % 4 == 1:
        return _diagonal_product(v, outer, inner, classes)
    groups = [[i * h + x for x in range(h)] for i in range(u)]
    fills = list(inner.rounds)
    last: list[Table4] = []
    if with_inf:
        for group in groups:
            group.append(u * h)
        if h % 4 == 0:
            # Wh(h + 1) with inf: the group's round c is the one in which its
            # point c sits out; the rounds in which inf sits out make one more.
            by_sitter = dict(_sit_out_rounds(inner))
            fills = [by_sitter[c] for c in range(h)]
            last = [t for group in groups for t in _map_round(by_sitter[h], group)]
    rounds: list[tuple[Table4, ...]] = []
    for tables in outer.rounds:
        idle = set(range(u)) - {i for t in tables for i in t}
        for c, blocks in enumerate(classes):
            cross = _cross_round(tables, blocks, h)
            for i in idle:
                cross += _map_round(fills[c], groups[i])
            rounds.append(tuple(cross))
    if u % 4 == 0:
        for fill in fills:
            rounds.append(tuple(t for group in groups for t in _map_round(fill, group)))
    if last:
        rounds.append(tuple(last))
    return _Design(points=v, kind="product", starter=rounds[0], rounds=tuple(rounds))


def _diagonal_product(
    v: int, outer: _Design, inner: _Design, classes: list[list[Table4]]
) -> _Design:
    """Wh(uh) from Wh(u), u = 0 (mod 4), and groups of h = 1 (mod 4) players.

    Relabel the groups so that one class of the resolvable TD(4, h) is the
    diagonal: block x is (x, x, x, x), and "layer" x is the point x of every
    group. Cross round (R, c) then plays, for the diagonal class, Wh(u)'s
    round R on every layer. All cross rounds are played but one, (R*, diagonal)
    with R* the last round of the Wh(u); instead, in h fill rounds r, every
    group plays the round of its Wh(h) in which its point r sits out, and the
    u players who sit out, layer r, play round R* of the Wh(u).
    """
    u, h = outer.points, inner.points
    diagonal = classes[0]
    relabel = [[0] * h for _ in range(4)]
    for block in diagonal:
        for k in range(4):
            relabel[k][block[k]] = block[0]
    classes = [
        [(x1, relabel[1][x2], relabel[2][x3], relabel[3][x4]) for x1, x2, x3, x4 in c]
        for c in classes
    ]
    by_sitter = dict(_sit_out_rounds(inner))
    groups = [[i * h + x for x in range(h)] for i in range(u)]
    last = len(outer.rounds) - 1
    rounds: list[tuple[Table4, ...]] = []
    for k, tables in enumerate(outer.rounds):
        for c, blocks in enumerate(classes):
            if k == last and c == 0:
                continue
            rounds.append(tuple(_cross_round(tables, blocks, h)))
    for r in range(h):
        tables = [t for group in groups for t in _map_round(by_sitter[r], group)]
        tables += _cross_round(outer.rounds[last], [(r, r, r, r)], h)
        rounds.append(tuple(tables))
    return _Design(points=v, kind="product", starter=rounds[0], rounds=tuple(rounds))


# ---------------------------------------------------------------------------
# Resolvable designs: Wh(3q + 1) from a resolvable (3q + 1, 4, 1) design.
#
# In a resolvable BIBD(v, 4, 1) every two players share exactly one block and
# the blocks fall into (v - 1) / 3 parallel classes. Played three times, each
# time with each block seated in another of its three pairings, every two
# players meet three times, partners once: a Wh(v) in v - 1 rounds. The
# designs here are 1-rotational over GF(q) x {0, 1, 2} plus inf (point
# (c, x) is c * q + x, inf is 3q): the base class is inf's block {inf, (0, 0),
# (1, 0), (2, 0)} and the images of a few base blocks under the subgroup M
# of GF(q)* of the order given; class g adds g to every x. Searched with
# tools/whist/rbibd.py: each ordered pair of copies must see every difference
# once (the same copy: every nonzero one).
_RESOLVABLE: dict[int, tuple[int, int, str]] = {
    # v: (q, the order of M, base blocks)
    292: (
        97,
        24,
        "5 92 158 133 7 90 186 105 104 187 275 210 102 189 289 196 1 96 272 213 2 95 265 220",
    ),
    376: (125, 31, "166 22 141 82 220 311 368 160 66 286 300 70"),
}


def _resolvable_design(v: int) -> _Design | None:
    """Wh(v) from a 1-rotational resolvable BIBD(v, 4, 1), if one is held."""
    if v not in _RESOLVABLE:
        return None
    q, order, text = _RESOLVABLE[v]
    add, mul = _field(q)
    units = []
    for y in range(1, q):
        power = y
        for _ in range(order - 1):
            power = mul[power][y]
        if power == 1:
            units.append(y)
    assert len(units) == order
    inf = 3 * q
    base = {frozenset((inf, 0, q, 2 * q))}
    for block in _parse_tables(text):
        for m in units:
            base.add(frozenset(p // q * q + mul[m][p % q] for p in block))
    blocks = [sorted(b) for b in sorted(base, key=sorted)]
    assert len(blocks) == (3 * q + 1) // 4

    def shift(p: int, g: int) -> int:
        return p if p == inf else p // q * q + add[g][p % q]

    rounds: list[tuple[Table4, ...]] = []
    # Seats (N, E, S, W), partners N-S and E-W: the three pairings of a block.
    for pairing in ((0, 2, 1, 3), (0, 1, 2, 3), (0, 1, 3, 2)):
        for g in range(q):
            tables = []
            for block in blocks:
                moved = [shift(p, g) for p in block]
                n, e, s, w = (moved[i] for i in pairing)
                tables.append((n, e, s, w))
            rounds.append(tuple(tables))
    return _Design(points=v, kind="resolvable", starter=rounds[0], rounds=tuple(rounds))


def _parse_tables(text: str) -> list[Table4]:
    values = [int(x) for x in text.split()]
    return [
        (values[i], values[i + 1], values[i + 2], values[i + 3])
        for i in range(0, len(values), 4)
    ]


@cache
def _design(v: int) -> _Design | None:
    """A whist design for v players, or None where this module has none."""
    if v < 4 or v % 4 in (2, 3):
        return None
    if v % 4 == 1:
        ring = _ring_design(v)
        if ring is not None and ring.kind == "cyclic":
            return ring
        if v in _CYCLIC_STARTERS:
            return _develop_cyclic(v, _parse_tables(_CYCLIC_STARTERS[v]))
        return (
            _searched_design(v)
            or ring
            or _pbd_design(v)
            or _frame_design(v)
            or _product_design(v)
        )
    m = v - 1
    if v == 4:
        return _develop_rotational(4, [(m, 1, 0, 2)])
    if v in _ROTATIONAL_STARTERS:
        return _develop_rotational(v, _parse_tables(f"{m} {_ROTATIONAL_STARTERS[v]}"))
    return (
        _searched_design(v)
        or _frame_design(v)
        or _product_design(v)
        or _resolvable_design(v)
        or _pbd_design(v)
    )


def has_ideal_design(v: int) -> bool:
    """Whether this module holds a whist tournament Wh(v) (v = 4n or 4n + 1)."""
    return _design(v) is not None


# ---------------------------------------------------------------------------
# Templates: per round, tables of player ids (None = an empty seat).


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


# ---------------------------------------------------------------------------
# The engine: fair sit-outs, filled seats, fewer repeats.

# Cost of one more partnering (opposing) of a pair already partnered (opposed)
# c times. Partners are compared first, opponents only between equals.
_PARTNER_WEIGHT = [8.0 ** min(c, 300) - 1 for c in range(2000)]
_OPPONENT_WEIGHT = [4.0 ** min(c, 500) - 1 for c in range(4000)]
_EPS = 1e-9


class _Counts:
    """Partner and opponent counts between the active players (indices 0..v-1)."""

    def __init__(self, v: int) -> None:
        self.v = v
        self.partner = [[0] * v for _ in range(v)]
        self.opponent = [[0] * v for _ in range(v)]
        # Histogram of each row's counts, to know each player's lowest count.
        self.partner_levels = [{0: v - 1} for _ in range(v)]
        self.opponent_levels = [{0: v - 1} for _ in range(v)]
        self.partner_floor = [0] * v
        self.opponent_floor = [0] * v

    @staticmethod
    def _bump(matrix, levels, floor, x: int, y: int) -> None:
        c = matrix[x][y]
        matrix[x][y] = c + 1
        row = levels[x]
        row[c] -= 1
        row[c + 1] = row.get(c + 1, 0) + 1
        if row[c] == 0:
            del row[c]
            if floor[x] == c:
                floor[x] = min(row)

    def add_partners(self, x: int, y: int) -> None:
        self._bump(self.partner, self.partner_levels, self.partner_floor, x, y)
        self._bump(self.partner, self.partner_levels, self.partner_floor, y, x)

    def add_opponents(self, x: int, y: int) -> None:
        self._bump(self.opponent, self.opponent_levels, self.opponent_floor, x, y)
        self._bump(self.opponent, self.opponent_levels, self.opponent_floor, y, x)

    def add_table(self, n: int, e: int, s: int, w: int) -> None:
        self.add_partners(n, s)
        self.add_partners(e, w)
        for x, y in ((n, e), (n, w), (s, e), (s, w)):
            self.add_opponents(x, y)

    def table_cost(self, n: int, e: int, s: int, w: int) -> tuple[float, float]:
        p, o = self.partner, self.opponent
        pw, ow = _PARTNER_WEIGHT, _OPPONENT_WEIGHT
        return (
            pw[p[n][s]] + pw[p[e][w]],
            ow[o[n][e]] + ow[o[n][w]] + ow[o[s][e]] + ow[o[s][w]],
        )

    def seat_is_bad(self, seats: list[int], pos: int) -> bool:
        x = seats[pos]
        base = pos & ~3
        k = pos & 3
        if self.partner[x][seats[base | (k ^ 2)]] > self.partner_floor[x]:
            return True
        limit = self.opponent_floor[x] + 1
        o = self.opponent[x]
        return (
            o[seats[base | ((k + 1) & 3)]] > limit
            or o[seats[base | ((k + 3) & 3)]] > limit
        )


def _less(a: tuple[float, float], b: tuple[float, float]) -> bool:
    if a[0] < b[0] - _EPS:
        return True
    return abs(a[0] - b[0]) <= _EPS and a[1] < b[1] - _EPS


def _repair(seats: list[int], counts: _Counts, rng: _Rng, max_passes: int = 12) -> None:
    """Hill climb: swap players while that cuts partner, then opponent, repeats."""
    size = len(seats)
    cost = counts.table_cost
    tcost = [cost(*seats[i : i + 4]) for i in range(0, size, 4)]
    for _ in range(max_passes):
        bad = [pos for pos in range(size) if counts.seat_is_bad(seats, pos)]
        if not bad:
            return
        rng.shuffle(bad)
        improved = False
        for p in bad:
            if not counts.seat_is_bad(seats, p):
                continue
            tp = p >> 2
            bp = 4 * tp
            best: tuple[float, float] = (0.0, 0.0)
            best_q = -1
            for q in range(size):
                if q == p:
                    continue
                tq = q >> 2
                seats[p], seats[q] = seats[q], seats[p]
                after_p = cost(*seats[bp : bp + 4])
                if tq == tp:
                    delta = (after_p[0] - tcost[tp][0], after_p[1] - tcost[tp][1])
                else:
                    bq = 4 * tq
                    after_q = cost(*seats[bq : bq + 4])
                    delta = (
                        after_p[0] + after_q[0] - tcost[tp][0] - tcost[tq][0],
                        after_p[1] + after_q[1] - tcost[tp][1] - tcost[tq][1],
                    )
                seats[p], seats[q] = seats[q], seats[p]
                if _less(delta, best):
                    best, best_q = delta, q
            if best_q >= 0:
                seats[p], seats[best_q] = seats[best_q], seats[p]
                tq = best_q >> 2
                tcost[tp] = cost(*seats[bp : bp + 4])
                tcost[tq] = cost(*seats[4 * tq : 4 * tq + 4])
                improved = True
        if not improved:
            return


def _choose_sit_outs(
    count: int, totals: list[int], natural: set[int], rank: list[int]
) -> list[int]:
    """Fair sit-outs: fewest sit-outs first, then the template's own, then rank.

    Taking the lowest counts first keeps every two players' counts within one
    of each other after every round, as long as they started so.
    """
    order = sorted(
        range(len(totals)), key=lambda x: (totals[x], x not in natural, rank[x])
    )
    return order[:count]


def _realise(
    plan: _Plan,
    players: Sequence[int],
    tables: int,
    history: Sequence[Seating],
    rng: _Rng,
) -> list[Seating]:
    v = len(players)
    index = {p: i for i, p in enumerate(players)}
    counts = _Counts(v)
    sat_out = [0] * v
    for seating in history:
        for t in seating.tables:
            n, e, s, w = (index.get(x) for x in t.players())
            if n is not None and s is not None:
                counts.add_partners(n, s)
            if e is not None and w is not None:
                counts.add_partners(e, w)
            for x, y in ((n, e), (n, w), (s, e), (s, w)):
                if x is not None and y is not None:
                    counts.add_opponents(x, y)
        for x in seating.sit_outs:
            if x in index:
                sat_out[index[x]] += 1
    # Sit-out counts to start from: the plan's own (a continued plan), or the
    # history's, capped one above the lowest so nobody sits out again and
    # again to catch up; players new to the drive start level with the lowest.
    seen = {x for seating in history for x in seating.players()}
    known = [sat_out[i] for i, p in enumerate(players) if p in seen]
    floor = min(known, default=0)
    totals = [
        plan.start_counts[p]
        if p in plan.start_counts
        else min(sat_out[i], floor + 1)
        if p in seen
        else floor
        for i, p in enumerate(players)
    ]
    sit_count = v - 4 * tables
    result: list[Seating] = []
    for template in plan.rounds:
        rank = list(range(v))
        rng.shuffle(rank)
        slots = [[index.get(x) if x is not None else None for x in t] for t in template]
        # The template's own sit-outs: players it leaves out, and the players
        # of its broken tables (an empty point's table mates).
        present = {x for t in slots if None not in t for x in t}
        natural = set(range(v)) - present
        sitting = set(_choose_sit_outs(sit_count, totals, natural, rank))
        for t in slots:
            for k in range(4):
                if t[k] in sitting:
                    t[k] = None
        complete = [t for t in slots if None not in t]
        partial = [t for t in slots if None in t and any(x is not None for x in t)]
        partial.sort(key=lambda t: -sum(x is not None for x in t))
        keep = partial[: tables - len(complete)]
        placed = {x for t in complete + keep for x in t if x is not None}
        free = [x for x in range(v) if x not in sitting and x not in placed]
        work = complete + keep
        while len(work) < tables:
            work.append([None, None, None, None])
        exact = plan.exact and not history and len(complete) == tables
        if not exact:
            free.sort(key=lambda x: rank[x])
            for t in work:
                for k in range(4):
                    if t[k] is None:
                        t[k] = _best_free(t, k, free, counts)
                        free.remove(t[k])
        seats = [x for t in work for x in t]
        if not exact:
            _repair(seats, counts, rng)
        order = list(range(tables))
        if not plan.keep_order:
            rng.shuffle(order)
        games = []
        for number, t in enumerate(order, start=1):
            n, e, s, w = seats[4 * t : 4 * t + 4]
            counts.add_table(n, e, s, w)
            games.append(
                TableSeating(
                    table=number,
                    north=players[n],
                    east=players[e],
                    south=players[s],
                    west=players[w],
                )
            )
        for x in sitting:
            totals[x] += 1
        result.append(
            Seating(
                tables=tuple(games), sit_outs=tuple(sorted(players[x] for x in sitting))
            )
        )
    return result


def _best_free(
    table: list[int | None], k: int, free: list[int], counts: _Counts
) -> int:
    partner = table[k ^ 2]
    opponents = [table[(k + 1) & 3], table[(k + 3) & 3]]
    best_x = free[0]
    best: tuple[float, float] | None = None
    for x in free:
        pc = _PARTNER_WEIGHT[counts.partner[x][partner]] if partner is not None else 0.0
        oc = sum(
            _OPPONENT_WEIGHT[counts.opponent[x][o]] for o in opponents if o is not None
        )
        cost = (pc, oc)
        if best is None or _less(cost, best):
            best, best_x = cost, x
            if pc == 0 and oc == 0:
                break
    return best_x


# ---------------------------------------------------------------------------
# Re-plans: recognise our own plan in the history.


def _continuation(
    players: Sequence[int],
    rounds: int,
    seed: int,
    tables: int,
    history: Sequence[Seating],
) -> _Plan | None:
    roster = sorted(history[0].players())
    if len(roster) < 4:
        return None
    first_tables = len(history[0].tables)
    if not 1 <= first_tables <= len(roster) // 4:
        return None
    total = len(history) + rounds
    base = _realise(
        _plan_fresh(roster, total, seed, first_tables),
        roster,
        first_tables,
        (),
        _Rng("individual-engine", seed, len(roster)),
    )
    alias = {p: p for p in roster}  # base player -> player now in that place
    for seating, expected in zip(history, base, strict=False):
        if len(seating.tables) != len(expected.tables):
            return None
        now = seating.players()
        swap: dict[int, int] = {}
        for got, want in zip(seating.tables, expected.tables, strict=True):
            for x, y in zip(got.players(), want.players(), strict=True):
                mapped = alias[y]
                if x == mapped:
                    continue
                if mapped in now or swap.get(y, x) != x:
                    return None
                swap[y] = x
        if len(set(swap.values())) != len(swap) or set(swap.values()) & set(
            alias.values()
        ):
            return None
        alias.update(swap)
        if tuple(sorted(seating.sit_outs)) != tuple(
            sorted(alias[y] for y in expected.sit_outs)
        ):
            return None
    # Players who left since, and players who came: swap them one for one.
    active = set(players)
    gone = sorted(y for y, p in alias.items() if p not in active)
    came = sorted(active - set(alias.values()))
    for y, p in zip(gone, came, strict=False):
        alias[y] = p
    to_player = {y: (p if p in active else None) for y, p in alias.items()}
    start_counts = dict.fromkeys(active, 0)
    for seating in base[: len(history)]:
        for y in seating.sit_outs:
            if to_player[y] is not None:
                start_counts[to_player[y]] += 1
    plan_rounds = [
        [tuple(to_player[x] for x in t.players()) for t in seating.tables]
        for seating in base[len(history) :]
    ]
    return _Plan(plan_rounds, keep_order=True, start_counts=start_counts)


# ---------------------------------------------------------------------------
# Public API.


def _check_players(players: Sequence[int]) -> list[int]:
    result = []
    for p in players:
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError(f"players must be ints, got {p!r}")
        result.append(p)
    result.sort()
    for before, after in zip(result, result[1:], strict=False):
        if before == after:
            raise ValueError(f"player {before} appears twice in players")
    return result


def individual_schedule(
    *,
    players: Sequence[int],
    rounds: int,
    seed: int,
    history: Sequence[Seating] = (),
    tables: int | None = None,
) -> list[Seating]:
    """Plan ``rounds`` new rounds of an individual drive for ``players``.

    ``history`` holds the rounds already played; its partner, opponent and
    sit-out counts count toward the repeats, so a re-plan after a late arrival
    or a withdrawal carries on fairly. ``players`` are the players active from
    now on (the history may mention others). ``tables`` caps the tables per
    round (default: as many as the head count fills); the rest sit out.

    Deterministic: the same arguments give the same schedule, and the order of
    ``players`` does not matter. Tables are numbered 1..T in every round.
    """
    active = _check_players(players)
    if len(active) < 4:
        raise ValueError(
            f"an individual drive needs at least 4 players, got {len(active)}"
        )
    for name, value in (("rounds", rounds), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if rounds < 0:
        raise ValueError(f"rounds must not be negative, got {rounds}")
    most = len(active) // 4
    if tables is None:
        tables = most
    elif isinstance(tables, bool) or not isinstance(tables, int):
        raise TypeError(f"tables must be an int, got {tables!r}")
    elif not 1 <= tables <= most:
        raise ValueError(f"{len(active)} players fill 1 to {most} tables, not {tables}")
    history = tuple(history)
    for seating in history:
        if not isinstance(seating, Seating):
            raise TypeError(f"history must hold Seating values, got {seating!r}")
    if rounds == 0:
        return []
    plan = None
    if history:
        plan = _continuation(active, rounds, seed, tables, history)
    if plan is None:
        plan = _plan_fresh(active, rounds, seed, tables)
    engine_rng = _Rng("individual-engine", seed, len(active))
    return _realise(plan, active, tables, history, engine_rng)
