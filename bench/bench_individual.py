"""Benchmark: individual schedules for 16, 40, 100 and 200 players over 24 rounds.

Run as ``.venv/bin/python bench/bench_individual.py``. Prints one table and
writes nothing. The floor, measured in the same run, is the time to merely
shuffle the players and chunk them into tables (as Seating values) for 24
rounds; the ratio is schedule time / floor. Each time is the median of a few
runs; the first run of a head count also builds (and caches) its design.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from drive.movement.individual import individual_schedule  # noqa: E402
from drive.movement.quality import movement_quality  # noqa: E402
from drive.movement.types import Seating, TableSeating  # noqa: E402

HEAD_COUNTS = (16, 40, 100, 200)
ROUNDS = 24
RUNS = 5


def floor(players: list[int], rounds: int, seed: int) -> list[Seating]:
    rng = random.Random(seed)
    result = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        tables = len(order) // 4
        result.append(
            Seating(
                tables=tuple(
                    TableSeating(t + 1, *order[4 * t : 4 * t + 4])
                    for t in range(tables)
                ),
                sit_outs=tuple(sorted(order[4 * tables :])),
            )
        )
    return result


def median_time(run, runs: int = RUNS) -> tuple[float, float]:
    times = []
    first = 0.0
    for i in range(runs):
        start = time.perf_counter()
        run()
        elapsed = time.perf_counter() - start
        if i == 0:
            first = elapsed
        times.append(elapsed)
    return statistics.median(times), first


def main() -> None:
    print(f"individual_schedule, {ROUNDS} rounds, median of {RUNS} runs")
    print(
        f"{'players':>8} {'schedule ms':>12} {'first ms':>9} {'floor ms':>9} "
        f"{'ratio':>7}  quality"
    )
    for v in HEAD_COUNTS:
        players = list(range(1, v + 1))
        sched, first = median_time(
            lambda players=players: individual_schedule(
                players=players, rounds=ROUNDS, seed=1
            )
        )
        base, _ = median_time(
            lambda players=players: floor(players, ROUNDS, 1), runs=RUNS * 4
        )
        quality = movement_quality(
            schedule=individual_schedule(players=players, rounds=ROUNDS, seed=1)
        )
        words = "ideal" if quality.ideal else "not ideal"
        print(
            f"{v:>8} {sched * 1000:>12.1f} {first * 1000:>9.1f} {base * 1000:>9.2f} "
            f"{sched / base:>7.1f}  {words} (partners <= {quality.max_partner_count}, "
            f"opponents <= {quality.max_opponent_count})"
        )


if __name__ == "__main__":
    main()
