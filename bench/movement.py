"""Movement timings: individual schedules, a big stationary plan, a big progressive round.

    python -m bench.movement [--case individual_40]

Plain Python, no database: drive.movement on plain values.

- individual_16/40/100/200: the whole 24-round schedule of an individual drive
  for that many players (`plan_fixed`), when drive/movement/individual/ is
  there.
- progressive_250_tables: round 13 of a 1,000-player progressive drive (250
  tables) from the 12 rounds before it (`following_round`).
- plan_1000: the whole 24-round stationary movement of 1,000 players (500 in
  each group, 250 tables) as a start plans it (`plan_fixed`), from nothing:
  the route's seat cycles are built afresh each time, as in a fresh worker
  process (a worker keeps them for its later plans). The median of five,
  timed in turns with the floor.

There is no goal for these; the floor of each is the cost of writing out the
same number of seatings by a plain rotation (the least any engine must do), so
the ratio says how much the engine's choices cost over that. Each case runs in
its own process with a time limit, so one slow engine cannot stall `make bench`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import best_of, paired  # noqa: E402

INDIVIDUAL_PLAYERS = (16, 40, 100, 200)
ROUNDS = 24
PROGRESSIVE_TABLES = 250
PLAN_PLAYERS = 1000
CASE_SECONDS = 60


def rotation(players: list[int], rounds: int):
    """`rounds` seatings of `players` by a plain rotation: the floor's output."""
    from drive.movement import Seating, TableSeating

    tables = len(players) // 4
    out = []
    for r in range(rounds):
        turned = players[r % len(players) :] + players[: r % len(players)]
        out.append(
            Seating(
                tables=tuple(
                    TableSeating(t + 1, *turned[4 * t : 4 * t + 4])
                    for t in range(tables)
                ),
                sit_outs=tuple(sorted(turned[4 * tables :])),
            )
        )
    return out


def individual(players: int) -> dict[str, object]:
    from drive.movement.plan import Lineup, plan_fixed
    from drive.movement.types import Format

    ids = list(range(1, players + 1))
    lineup = Lineup(group_a=tuple(ids[0::2]), group_b=tuple(ids[1::2]))

    def ours() -> None:
        plan_fixed(format=Format.INDIVIDUAL, lineup=lineup, rounds=ROUNDS, seed=7)

    start = time.perf_counter()
    ours()
    first = time.perf_counter() - start
    value = first if first > 5 else best_of(ours, repeat=3)
    floor = best_of(lambda: rotation(ids, ROUNDS), repeat=20)
    return {"value": value * 1000, "floor": floor * 1000, "unit": "ms"}


def progressive(tables: int) -> dict[str, object]:
    from drive.movement import Side
    from drive.movement.plan import Lineup, following_round, opening_round
    from drive.movement.types import Format

    ids = list(range(1, 4 * tables + 1))
    lineup = Lineup(group_a=tuple(ids[0::2]), group_b=tuple(ids[1::2]))
    history = [opening_round(lineup=lineup, seed=7)]

    def winners(round_number: int) -> dict[int, Side]:
        return {
            t: Side.NS if (t * 7 + round_number) % 3 else Side.EW
            for t in range(1, tables + 1)
        }

    def next_round():
        return following_round(
            format=Format.PROGRESSIVE,
            winners_move=False,
            history=history,
            winners=winners(len(history)),
            lineup=lineup,
            seed=7,
        )

    while len(history) < 12:
        history.append(next_round())
    value = best_of(next_round, repeat=5)
    floor = best_of(lambda: rotation(ids, 1), repeat=20)
    return {"value": value * 1000, "floor": floor * 1000, "unit": "ms"}


def stationary_plan(players: int) -> dict[str, object]:
    from drive.movement import stationary_route
    from drive.movement.plan import Lineup, plan_fixed
    from drive.movement.types import Format

    ids = list(range(1, players + 1))
    lineup = Lineup(group_a=tuple(ids[0::2]), group_b=tuple(ids[1::2]))

    def plan() -> None:
        plan_fixed(format=Format.STATIONARY, lineup=lineup, rounds=ROUNDS, seed=7)

    def from_nothing() -> None:
        # What a fresh process holds: no seat cycle beyond the smallest, no route.
        stationary_route.forget_routes()
        plan()

    value, floor = paired(from_nothing, lambda: rotation(ids, ROUNDS), repeat=5)
    plan()
    kept, _ = paired(plan, lambda: None, repeat=5)
    return {
        "value": value * 1000,
        "floor": floor * 1000,
        "unit": "ms",
        "route_kept_ms": round(kept * 1000, 1),
    }


def run_case(name: str) -> dict[str, object]:
    if name.startswith("individual_"):
        return individual(int(name.removeprefix("individual_")))
    if name.startswith("plan_"):
        return stationary_plan(int(name.removeprefix("plan_")))
    if name.startswith("progressive_"):
        return progressive(int(name.removeprefix("progressive_").split("_")[0]))
    raise ValueError(name)


CASES = [f"individual_{n}" for n in INDIVIDUAL_PLAYERS] + [
    f"progressive_{PROGRESSIVE_TABLES}_tables",
    f"plan_{PLAN_PLAYERS}",
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", help="run one case in this process")
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(run_case(args.case)))
        return 0
    out: dict[str, object] = {}
    for case in CASES:
        name = f"movement_{case}"
        try:
            done = subprocess.run(
                [sys.executable, "-m", "bench.movement", "--case", case],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=CASE_SECONDS,
            )
        except subprocess.TimeoutExpired:
            out[name] = {"skipped": f"took more than {CASE_SECONDS} s"}
            continue
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["failed"])[-1]
            out[name] = {"skipped": last[:200]}
            continue
        measured = json.loads(done.stdout.strip().splitlines()[-1])
        measured["ratio"] = measured["value"] / measured["floor"]
        out[name] = measured
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
