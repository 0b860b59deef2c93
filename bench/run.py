"""`make bench`: every benchmark, a table of ratios, and bench/results.json.

    python -m bench.run [--only entry,leaderboard,...] [--output bench/results.json]

Each benchmark runs in its own process against its own fresh database, and each
value is divided by a floor measured in the same run on the same machine, so a
ratio holds on a noisy machine where a time would not. Times are reported, never
asserted: the exit status is 1 only when a benchmark's own checks fail (an error
under load, a result missing, the leaderboard's query count growing).

- entry_p50, entry_p95: 100 captains enter a 24-hand drive of 100 tables
  through gunicorn and SQLite, against the trivial view (bench/entry.py);
  entry_pg_p50, entry_pg_p95: the same on PostgreSQL when DATABASE_URL points
  at one (a scratch database is made beside it and dropped after).
- poll_unchanged: an unchanged public leaderboard polled with its ETag, against
  the trivial view (bench/entry.py, halfway through the SQLite drive).
- leaderboard, leaderboard_queries: the 1,000-entry leaderboard page against
  one raw SQL aggregation (bench/leaderboard.py).
- scorecards_pdf, export_xlsx: 400 score cards and a 1,000-entry workbook
  against bare reportlab and openpyxl (bench/bench_printing.py).
- movement_*: individual schedules and a 250-table progressive round
  (bench/movement.py).
- move_latency: after the last result of a round at 100 tables, how soon
  every waiting captain's phone, polling as the page makes it poll, shows the
  next round's seating, against the poll interval (bench/move_latency.py);
  move_latency_pg: the same on PostgreSQL when DATABASE_URL points at one.
- county_entry_p95, county_leaderboard_p95: 20 clubs' drives of 25 tables at
  once, their bells spread over a minute, on two app servers behind HAProxy
  and one PostgreSQL (DATABASE_URL's server), against the trivial view through
  the same balancer (bench/county.py).
- phone_first_load, phone_repeat_load: a phone opening the captain's page
  (Debian's chromium, 360x740, throttled to 400 ms and 500 kbit/s, static
  files collected as deployed): seconds to the load event against the goal's
  1.5 s, with the bytes (at most 40 KB, checked) and requests; and the
  requests a second visit makes, against the one the page itself needs;
  phone_board_*: the same for the public board (bench/phone.py).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import PYTHON, ScratchDatabases, postgres_url, python_env  # noqa: E402

GOALS = {
    "entry_p50": 2.0,
    "entry_p95": 3.0,
    "entry_pg_p50": 2.0,
    "entry_pg_p95": 3.0,
    "poll_unchanged": 1.5,
    "leaderboard": 3.0,
    "scorecards_pdf": 2.0,
    "export_xlsx": 1.5,
    # Within one poll interval plus 0.3 s, at 95%: (5 + 0.3) / 5 for the site's
    # 5 s; a result carrying its own "goal" (worked out from the interval its
    # pages gave) is judged by that.
    "move_latency": (5 + 0.3) / 5,
    "move_latency_pg": (5 + 0.3) / 5,
    "county_entry_p95": 3.0,
    "county_leaderboard_p95": 3.0,
    # Rows whose floor is the goal's own constant (1.5 s, one request) carry "goal": 1.
}
PARTS = (
    "entry",
    "entry_pg",
    "leaderboard",
    "printing",
    "movement",
    "move",
    "move_pg",
    "county",
    "phone",
)


def _run(command: list[str], env: dict[str, str] | None = None) -> dict:
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def entry(db: str) -> tuple[dict, list[str]]:
    measured = _run([PYTHON, "-m", "bench.entry", "--db", db])
    prefix = "entry" if db == "sqlite" else "entry_pg"
    checks = measured.pop(f"{prefix}_checks")
    problems = []
    if checks["errors"] or checks["floor_errors"]:
        problems.append(
            f"{prefix}: {checks['errors']} errors, first: {checks['first_errors']}"
        )
    if not (
        checks["results_stored"]
        == checks["results_confirmed"]
        == checks["results_expected"]
    ):
        problems.append(
            f"{prefix}: {checks['results_stored']} results stored "
            f"({checks['results_confirmed']} confirmed), "
            f"expected {checks['results_expected']}"
        )
    if checks["log_problems"]:
        problems.append(f"{prefix}: server log shows {checks['log_problems']}")
    measured[f"{prefix}_p50"].update(
        errors=checks["errors"],
        results_stored=checks["results_stored"],
        submissions_per_second=round(checks["submissions_per_second"], 1),
    )
    for name in ("poll_unchanged", "poll_unchanged_pg"):
        if name in measured and measured[name].get("problems"):
            problems.append(f"{name}: {measured[name]['problems']}")
    return measured, problems


def county() -> tuple[dict, list[str]]:
    measured = _run([PYTHON, "-m", "bench.county"])
    checks = measured.pop("county_checks")
    problems = []
    if checks["errors"] or checks["floor_errors"] or checks["leaderboard_errors"]:
        problems.append(
            f"county: {checks['errors']} entry, {checks['leaderboard_errors']} "
            f"leaderboard errors, first: {checks['first_errors']}"
        )
    if (
        not (
            checks["results_stored"]
            == checks["results_confirmed"]
            == checks["results_expected"]
        )
        or checks["drives_finished"] != checks["drives"]
    ):
        problems.append(
            f"county: {checks['results_stored']} results stored "
            f"({checks['results_confirmed']} confirmed), expected "
            f"{checks['results_expected']}; {checks['drives_finished']} of "
            f"{checks['drives']} drives finished"
        )
    if checks["log_problems"]:
        problems.append(f"county: server logs show {checks['log_problems']}")
    measured["county_entry_p95"].update(seconds=checks["seconds"])
    return measured, problems


def leaderboard() -> tuple[dict, list[str]]:
    scratch = ScratchDatabases("sqlite")
    try:
        measured = _run(
            [PYTHON, "-m", "bench.leaderboard"],
            env=python_env(scratch.fresh(), ALLOWED_HOSTS="testserver"),
        )
    finally:
        scratch.close()
    counts = measured.pop("leaderboard_queries")
    measured["leaderboard_queries"] = {
        "value": counts["entries_1000"],
        "floor": counts["entries_10"],
        "ratio": counts["entries_1000"] / counts["entries_10"],
        "unit": "queries",
        "scores_and_standings_alone": counts["selector_1000"],
    }
    problems = []
    if not counts["same"] or counts["selector_10"] != counts["selector_1000"]:
        problems.append(
            f"leaderboard: {counts['entries_10']} queries for 10 entries, "
            f"{counts['entries_1000']} for 1,000"
        )
    return measured, problems


def printing() -> tuple[dict, list[str]]:
    script = ROOT / "bench" / "bench_printing.py"
    measured = {}
    # Each in a process of its own, as every other benchmark: what one leaves
    # in memory must not slow the other.
    for only in ("score_cards", "workbook"):
        scratch = ScratchDatabases("sqlite")
        with tempfile.TemporaryDirectory() as folder:
            output = Path(folder) / "printing.json"
            try:
                done = subprocess.run(
                    [PYTHON, str(script), "--json", str(output), "--only", only],
                    cwd=ROOT,
                    env=python_env(scratch.fresh()),
                    capture_output=True,
                    text=True,
                    timeout=900,
                )
            finally:
                scratch.close()
            if not output.exists():
                raise RuntimeError(f"bench_printing failed:\n{done.stderr[-3000:]}")
            measured.update(json.loads(output.read_text()))
    out = {}
    for theirs, ours, extra in (
        ("score_cards", "scorecards_pdf", "count"),
        ("workbook", "export_xlsx", "entries"),
    ):
        if theirs in measured:
            m = measured[theirs]
            out[ours] = {
                "value": m["seconds"],
                "floor": m["floor"],
                "ratio": m["seconds"] / m["floor"],
                "unit": "s",
                extra: m.get(extra),
            }
    return out, []


def movement() -> tuple[dict, list[str]]:
    return _run([PYTHON, "-m", "bench.movement"]), []


def move(db: str) -> tuple[dict, list[str]]:
    measured = _run([PYTHON, "-m", "bench.move_latency", "--db", db])
    name = "move_latency" if db == "sqlite" else "move_latency_pg"
    r = measured[name]
    problems = []
    if r["problems"] or r["got"] != r["expected"]:
        problems.append(
            f"{name}: {r['got']} of {r['expected']} phones showed the next round; "
            f"{r['problems']}"
        )
    return measured, problems


def phone() -> tuple[dict, list[str]]:
    measured = _run([PYTHON, "-m", "bench.phone"])
    checks = measured.pop("phone_checks")
    problems = [
        f"{name}: {size} bytes over the wire, more than 40 KB"
        for name, size in checks["over_bytes"].items()
    ]
    return measured, problems


def table(results: dict, skipped: dict[str, str]) -> str:
    lines = [
        f"{'benchmark':<32} {'value':>18} {'floor':>18} {'ratio':>8} {'goal':>9}  verdict",
    ]
    for name, r in results.items():
        goal = r.get("goal", GOALS.get(name))
        if name == "leaderboard_queries":
            verdict = "ok" if r["value"] == r["floor"] and r["value"] <= 10 else "OVER"
            goal_text = "same,<=10"
        else:
            verdict = "" if goal is None else ("ok" if r["ratio"] <= goal else "OVER")
            goal_text = "" if goal is None else f"{goal:g}"
        unit = r["unit"]
        lines.append(
            f"{name:<32} {r['value']:>10.2f} {unit:<7} {r['floor']:>10.2f} {unit:<7} "
            f"{r['ratio']:>8.2f} {goal_text:>9}  {verdict}"
        )
    for name, why in skipped.items():
        lines.append(f"{name:<32} skipped: {why}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated parts: " + ", ".join(PARTS))
    parser.add_argument("--output", default=str(ROOT / "bench" / "results.json"))
    args = parser.parse_args(argv)
    parts = args.only.split(",") if args.only else list(PARTS)
    started = time.monotonic()
    results: dict[str, dict] = {}
    skipped: dict[str, str] = {}
    problems: list[str] = []
    for part in parts:
        if part == "entry_pg" and postgres_url() is None:
            skipped["entry_pg_p50, entry_pg_p95"] = "DATABASE_URL is not PostgreSQL"
            continue
        if part == "county" and postgres_url() is None:
            skipped["county_entry_p95"] = "DATABASE_URL is not PostgreSQL"
            continue
        if part == "move_pg" and postgres_url() is None:
            skipped["move_latency_pg"] = "DATABASE_URL is not PostgreSQL"
            continue
        print(f"-- {part}", end=" ", flush=True)
        part_started = time.monotonic()
        measured, found = {
            "entry": lambda: entry("sqlite"),
            "entry_pg": lambda: entry("postgres"),
            "leaderboard": leaderboard,
            "printing": printing,
            "movement": movement,
            "move": lambda: move("sqlite"),
            "move_pg": lambda: move("postgres"),
            "county": county,
            "phone": phone,
        }[part]()
        problems += found
        for name, value in measured.items():
            if "skipped" in value:
                skipped[name] = value["skipped"]
            else:
                results[name] = value
        print(f"{time.monotonic() - part_started:.0f} s", flush=True)
    Path(args.output).write_text(json.dumps(results, indent=2) + "\n")
    print(table(results, skipped))
    print(
        f"\n{len(results)} results in {time.monotonic() - started:.0f} s -> {args.output}"
    )
    for problem in problems:
        print(f"CHECK FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
