"""Table count, group balance and fair sit-outs.

Rule: every table seats two players of group A (North, East) and two of
group B (South, West), so a round fills ``min(|A| // 2, |B| // 2)`` tables and
everyone else sits out. The organiser balances the groups; the software only
says how many players to move so that the head count fills the most tables it
can, ``(|A| + |B|) // 4``.

Sit-outs rotate fairly within each group: the players who have sat out the
fewest times sit out first, so nobody sits out twice while someone else in the
group has not sat out once. Among equals, a player who sat out the previous
round is spared if possible (nobody sits out two rounds running unless the
numbers force it), then a stable pseudo-random rank decides.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")


def table_count(*, group_a: int, group_b: int) -> int:
    """Tables that can be filled by ``group_a`` A players and ``group_b`` B players."""
    _check_count("group_a", group_a)
    _check_count("group_b", group_b)
    return min(group_a // 2, group_b // 2)


def balance_advice(*, group_a: int, group_b: int) -> int:
    """How many players to move between groups to fill the most tables.

    Positive k: move k players from group B to group A; negative k: move -k
    from A to B; 0: nothing to move. The result is the smallest move after which
    ``table_count`` equals ``(group_a + group_b) // 4``.
    """
    _check_count("group_a", group_a)
    _check_count("group_b", group_b)
    target = (group_a + group_b) // 4
    for size in range(group_a + group_b + 1):
        for k in (size, -size):
            a, b = group_a + k, group_b - k
            if a >= 0 and b >= 0 and table_count(group_a=a, group_b=b) == target:
                return k
    raise AssertionError("unreachable: some split always fills the tables")


def sit_out_priority(*, seed: int, player: int) -> int:
    """Stable pseudo-random rank of ``player`` for the drive's ``seed``.

    Lower ranks sit out first among equals. Uses SHA-256, not ``hash()``, so the
    rank is the same in every process and Python version.
    """
    digest = hashlib.sha256(f"{seed}:{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def choose_sit_outs(
    *,
    players: Collection[int],
    count: int,
    sit_out_counts: Mapping[int, int],
    seed: int,
    sat_out_last: Collection[int] = (),
) -> tuple[int, ...]:
    """Choose ``count`` of ``players`` (one group) to sit out; returns them sorted.

    Order: fewest ``sit_out_counts`` first (missing = 0), then players not in
    ``sat_out_last`` (the previous round's sit-outs), then lowest
    ``sit_out_priority``, then lowest id.
    """
    _check_count("count", count)
    if count > len(players):
        raise ValueError(f"cannot sit out {count} of {len(players)} players in a group")
    last = set(sat_out_last)
    ranked = sorted(
        players,
        key=lambda p: (
            sit_out_counts.get(p, 0),
            p in last,
            sit_out_priority(seed=seed, player=p),
            p,
        ),
    )
    return tuple(sorted(ranked[:count]))
