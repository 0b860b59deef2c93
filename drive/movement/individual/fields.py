"""Finite fields and transversal designs, the algebra the constructions build on.

Words:

- *GF(q)*: the field of q = p^e elements; element x stands for the polynomial
  whose coefficients are x's base-p digits, low first (``_field``).
- *TD(k, n)*: a transversal design, k groups of n points (point (i, g) is
  i * n + g) and n^2 blocks of k, one point in each group, every two points
  of different groups in exactly one block (``_transversal_design``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


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
