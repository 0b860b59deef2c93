"""Search a 1-rotational resolvable BIBD(3q + 1, 4, 1) for ``_RESOLVABLE``.

Points (c, x), c in {0, 1, 2}, x in GF(q) (q = 1 (mod 4), a prime power), plus
inf. The base parallel class is inf's block {inf, (0, 0), (1, 0), (2, 0)} and
the images of a few base blocks under M, the subgroup of index 4 in GF(q)*;
class g adds g to every x. It is a resolvable design when every ordered pair
of copies (c, d) sees every difference y - x once (c = d: every nonzero one).
Each coset of M is an orbit, so this is a condition on cosets:

- q = 1 (mod 8): -1 is in M. Base blocks {+-x in copy c, +-y in copy d}, two
  per pair of copies, whose y - x and y + x fall in four different cosets
  (their own copy's differences +-2x come right by themselves).
- q = 5 (mod 8): M has odd order. Twelve orbits (copy, coset), three base
  blocks, found by annealing over the blocks' points.

Usage: python research/whist-designs/rbibd.py Q [SEED]; prints an entry for
``_RESOLVABLE`` in drive/movement/individual/designs.py.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter


def galois_field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """The addition and multiplication tables of GF(q), numbered as the product
    numbers its elements (drive/movement/individual/fields.py), which reads the
    blocks printed here: x is the polynomial whose coefficients are x's base-p
    digits, low first, modulo the first monic irreducible X^e + (low) in that
    numbering; the first, that is, whose quotient ring has no zero divisors."""
    p = next(d for d in range(2, q + 1) if q % d == 0)
    e = round(math.log(q, p))
    assert p**e == q, f"{q} is not a prime power"

    def digits(x: int) -> list[int]:
        return [x // p**i % p for i in range(e)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    add = [
        [
            number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)])
            for y in range(q)
        ]
        for x in range(q)
    ]
    for low in range(q):
        minus_low = [-c % p for c in digits(low)]  # X^e = -low
        # powers[x][i]: the digits of x times X^i
        powers = []
        for x in range(q):
            row, current = [], digits(x)
            for _ in range(e):
                row.append(current)
                top = current[-1]
                current = [
                    (below + top * c) % p
                    for below, c in zip([0, *current[:-1]], minus_low, strict=True)
                ]
            powers.append(row)
        mul = [
            [
                number(
                    [
                        sum(
                            y_i * power[k]
                            for y_i, power in zip(digits(y), row, strict=True)
                        )
                        % p
                        for k in range(e)
                    ]
                )
                for y in range(q)
            ]
            for row in powers
        ]
        if all(mul[x][y] for x in range(1, q) for y in range(1, q)):
            return add, mul
    raise AssertionError(f"no irreducible polynomial of degree {e} over GF({p})")


def main(q: int, seed: int) -> str:
    add, mul = galois_field(q)
    neg = [add[x].index(0) for x in range(q)]
    log: dict[int, int] = {}
    # A primitive element: the first whose powers reach every unit.
    for w in range(2, q):
        seen, y = {}, 1
        for k in range(q - 1):
            if y in seen:
                break
            seen[y] = k
            y = mul[y][w]
        if len(seen) == q - 1:
            log = seen
            break
    assert len(log) == q - 1 and q % 4 == 1
    coset = {x: log[x] % 4 for x in log}
    members = {c: [x for x in log if coset[x] == c] for c in range(4)}
    rng = random.Random(seed)
    order = (q - 1) // 4
    if q % 8 == 1:
        blocks = _patterned(add, neg, coset, members, rng)
    else:
        blocks = _annealed(add, neg, coset, members, rng)
    text = " ".join(str(c * q + x) for block in blocks for c, x in block)
    return f'    {3 * q + 1}: ({q}, {order}, "{text}"),'


def _patterned(add, neg, coset, members, rng) -> list[list[tuple[int, int]]]:
    while True:
        split = {}
        for c in range(3):
            cosets = [0, 1, 2, 3]
            rng.shuffle(cosets)
            split[c] = cosets
        use = {
            (0, 1): (split[0][:2], split[1][:2]),
            (1, 2): (split[1][2:], split[2][:2]),
            (0, 2): (split[0][2:], split[2][2:]),
        }
        blocks = [
            [(c, x), (c, neg[x]), (d, y), (d, neg[y])]
            for (c, d), (xs, ys) in use.items()
            for x, y in (
                (members[xc][0], rng.choice(members[yc]))
                for xc, yc in zip(xs, ys, strict=True)
            )
        ]
        if _differences_ok(blocks, add, neg, coset):
            return blocks


def _coset_counts(blocks, add, neg, coset) -> tuple[Counter, int]:
    """For every ordered pair of points in a block: how often each (copy,
    copy, coset of the difference) comes, and how many differences are 0."""
    counts: Counter = Counter()
    zeros = 0
    for block in blocks:
        for c, x in block:
            for d, y in block:
                if (c, x) == (d, y):
                    continue
                diff = add[y][neg[x]]
                if diff == 0:
                    zeros += 1
                else:
                    counts[(c, d, coset[diff])] += 1
    return counts, zeros


def _differences_ok(blocks, add, neg, coset) -> bool:
    """Each ordered pair of copies sees each coset the same number of times
    (patterned blocks see each coset from both signs: twice per orbit pair)."""
    counts, zeros = _coset_counts(blocks, add, neg, coset)
    return not zeros and len(set(counts.values())) == 1 and len(counts) == 36


def _cost(blocks, add, neg, coset) -> int:
    """How far the blocks are from each (copy, copy, coset) once, no zeros."""
    counts, zeros = _coset_counts(blocks, add, neg, coset)
    keys = [(c, d, k) for c in range(3) for d in range(3) for k in range(4)]
    return 5 * zeros + sum(abs(counts[key] - 1) for key in keys)


def _annealed(add, neg, coset, members, rng) -> list[list[tuple[int, int]]]:
    orbits = [(c, rng.choice(members[k])) for c in range(3) for k in range(4)]
    rng.shuffle(orbits)
    blocks = [orbits[i : i + 4] for i in range(0, 12, 4)]
    cost, temp = _cost(blocks, add, neg, coset), 2.0
    while cost:
        trial = [list(b) for b in blocks]
        b1, i1 = rng.randrange(3), rng.randrange(4)
        if rng.random() < 0.5:
            b2, i2 = rng.randrange(3), rng.randrange(4)
            trial[b1][i1], trial[b2][i2] = trial[b2][i2], trial[b1][i1]
        else:
            c, x = trial[b1][i1]
            trial[b1][i1] = (c, rng.choice(members[coset[x]]))
        new = _cost(trial, add, neg, coset)
        if new <= cost or rng.random() < math.exp((cost - new) / temp):
            blocks, cost = trial, new
        temp = max(0.05, temp * 0.9999)
    return blocks


if __name__ == "__main__":
    print(main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1))
