"""Small measuring helpers shared by the benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def best_of(function: Callable[[], object], *, repeat: int = 5) -> float:
    """The fastest of `repeat` runs, in seconds: the run least disturbed by the machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def median_of(function: Callable[[], object], *, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def paired(
    ours: Callable[[], object],
    floor: Callable[[], object],
    *,
    repeat: int = 5,
    pick: Callable[[list[float]], float] = statistics.median,
) -> tuple[float, float]:
    """Time `ours` and its `floor` in turns, `repeat` times each, and `pick` of each.

    Taking turns puts both under the same load on a shared machine, so a busy
    spell slows both and leaves their ratio alone.
    """
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for function, into in ((ours, times[0]), (floor, times[1])):
            start = time.perf_counter()
            function()
            into.append(time.perf_counter() - start)
    return pick(times[0]), pick(times[1])


def result(value: float, floor: float, unit: str, **extra: object) -> dict[str, object]:
    """One line of results.json: the value, its floor, their ratio and the unit."""
    return {
        "value": value,
        "floor": floor,
        "ratio": value / floor if floor else float("inf"),
        "unit": unit,
        **extra,
    }
