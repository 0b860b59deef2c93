"""The constructions: a whist tournament Wh(v) for every v = 4n and 4n + 1 to 400.

``_design(v)`` returns the design for v points, or None where none is held;
the data each construction reads (starters, PBDs, products, resolvable
designs) is in ``designs`` and ``whist_starters``, the words are those of
``develop`` and ``fields``. Every design is checked whole by
``tests/drive/test_individual.py``. The constructions, in the order
``_design`` tries them:

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
  at run time and cached.
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
- Most starters in ``whist_starters`` are "patterned": every table but
  inf's is {x, -x} v {y, -y}, and an exact-cover search pairs the
  classes {x, -x} so that the x - y and x + y cover every class once (for
  301, 328, 341 and 364 a pairing invariant under a unit of order 3, 9, 5
  and 5). That needs the squares to balance in the group's ring, so it
  cannot reach a v = 4n + 1 that 3 divides exactly, nor most v = 4n.
  Those of 44, 48 and 52 are not: their search took a random starter (the
  partner pairs) and looked for a matching of its pairs into tables.
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
  400 a head count without one takes the nearest design, which
  ``templates`` and ``engine`` mend.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import gcd

from .designs import (
    _CLASS_FAMILIES,
    _CYCLIC_STARTERS,
    _PBD,
    _PRODUCTS,
    _RESOLVABLE,
    _ROTATIONAL_STARTERS,
    _ClassFamily,
)
from .develop import (
    Table4,
    _Design,
    _develop_cyclic,
    _develop_group,
    _develop_rotational,
    _map_round,
    _parse_tables,
    _sit_out_rounds,
    _translations,
)
from .fields import _factorise, _field, _transversal_design
from .whist_starters import FRAME_STARTERS, SEARCHED_STARTERS


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
# is at least k - 1); ``_PBD`` lists them.
#
# New points on parallel classes (``_CLASS_FAMILIES``). Over an abelian
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
# of GF(q)* of the order given; class g adds g to every x. For that each
# ordered pair of copies must see every difference once (the same copy: every
# nonzero one).


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
