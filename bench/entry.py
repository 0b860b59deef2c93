"""Score entry under load: 100 captains' phones enter a 24-hand drive of 100 tables.

    python -m bench.entry [--db sqlite|postgres] [--tables 100] [--hands 24]

The site runs under gunicorn on loopback against a fresh database. Each
captain is a thread with its own table link and cookies. Every hand, all the
captains send their table's result at once (a barrier releases them together,
within a few milliseconds of jitter), as a hall does when a bell ends the hand;
the last result of each hand seats the next round inside its own transaction,
so when every captain has an answer the next hand is open.

The floor is the same server's trivial view (`/bench/trivial/`, through the
same middleware), requested by the same 100 threads in the same pattern: a
burst of 100 before each hand's, so that floor and value meet the same
machine, busy or not. Both are latencies seen by the client: connect,
request, response.

Halfway through, while the captains wait, 100 players' phones poll the public
leaderboard that has not changed since their last look (a conditional GET of
the htmx partial with If-None-Match), in bursts of 100 taking turns with
bursts of the trivial view: `poll_unchanged`.

Prints one JSON object: entry_p50, entry_p95 (or entry_pg_*), poll_unchanged,
each with value, floor, ratio and unit, plus the checks (errors, results
stored, 304s).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.live import (  # noqa: E402
    Captain,
    LiveServer,
    Phone,
    ScratchDatabases,
    query,
    run_seed,
    submission_key,
)
from bench.measure import percentile, result  # noqa: E402

JITTER_SECONDS = 0.02
POLLS_PER_PHONE = 6
LOG_PROBLEMS = ("database is locked", "Traceback", "Internal Server Error")


def tricks_for(table: int, hand: int) -> int:
    # Spread over 0..13 so that both sides win rounds and everyone moves.
    return (table * 7 + hand * 3) % 14


Request = Callable[[int, int], tuple[str, float, str | None]]


def in_bursts(
    clients: int,
    rounds: int,
    request: Request,
    *,
    between: Callable[[int], None] | None = None,
    delay: Callable[[int, int], float] | None = None,
) -> tuple[dict[str, list[float]], dict[str, list[str]]]:
    """`clients` threads; in each of `rounds` rounds they all start together.

    `request(client, round)` returns (what, seconds, problem or None); the
    times and problems come back sorted by `what`. `between(round)` runs once
    after each round (1, 2, ...), while every thread waits. `delay(client,
    round)` is how long a client waits into the round before its request (by
    default a few milliseconds of jitter).
    """
    times: dict[str, list[float]] = defaultdict(list)
    problems: dict[str, list[str]] = defaultdict(list)
    lock = threading.Lock()
    current = {"round": 0}

    def after_round() -> None:
        current["round"] += 1
        if between is not None:
            between(current["round"])

    barrier = threading.Barrier(clients, action=after_round, timeout=600)

    def worker(client: int) -> None:
        rng = random.Random(client)
        for round_number in range(1, rounds + 1):
            time.sleep(
                delay(client, round_number)
                if delay is not None
                else rng.uniform(0, JITTER_SECONDS)
            )
            try:
                what, seconds, problem = request(client, round_number)
            except OSError as exc:  # a refused or dropped connection is an error too
                what, seconds, problem = "error", 0.0, f"client {client}: {exc!r}"
            with lock:
                if problem is None:
                    times[what].append(seconds)
                else:
                    problems[what].append(problem)
            barrier.wait()

    threads = [threading.Thread(target=worker, args=(c,)) for c in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, problems


def trivial_view(phone: Phone) -> tuple[str, float, str | None]:
    reply = phone.get("/bench/trivial/")
    problem = None if reply.status == 200 else f"trivial view answered {reply.status}"
    return "floor", reply.seconds, problem


def run(
    *, db: str, tables: int, hands: int, workers: int, poll_after: int
) -> dict[str, object]:
    scratch = ScratchDatabases(db)
    server = None
    try:
        url = scratch.fresh()
        seeded = run_seed(url, "--tables", str(tables), "--hands", str(hands))
        server = LiveServer(url, workers=workers, settings="bench.settings")
        server.start()
        captains = {
            int(number): Captain(server.url, key)
            for number, key in seeded["keys"].items()
        }
        numbers = sorted(captains)

        def open_page(client: int, _round: int) -> tuple[str, float, str | None]:
            return "open", captains[numbers[client]].open().seconds, None

        in_bursts(len(numbers), 1, open_page)
        trivial_phones = [Phone(server.url) for _ in numbers]
        poll: dict[str, object] = {}

        def between(round_number: int) -> None:
            if round_number == 2 * poll_after:
                poll.update(poll_unchanged(server.url, seeded["public_key"], tables))

        def floor_or_submit(
            client: int, round_number: int
        ) -> tuple[str, float, str | None]:
            # Odd rounds: the trivial view; even rounds: hand round/2. The floor's
            # bursts come between the hands' so both meet the same machine.
            if round_number % 2:
                return trivial_view(trivial_phones[client])
            number, hand = numbers[client], round_number // 2
            reply = captains[number].send(
                table=number,
                hand=hand,
                ns_tricks=tricks_for(number, hand),
                key=submission_key(),
            )
            if reply.status != 200:
                return (
                    "entry",
                    reply.seconds,
                    (f"table {number} hand {hand}: {reply.status} {reply.body[:200]}"),
                )
            return "entry", reply.seconds, None

        started = time.perf_counter()
        times, problems = in_bursts(
            len(numbers), 2 * hands, floor_or_submit, between=between
        )
        elapsed = time.perf_counter() - started
        stored = query(
            url,
            "SELECT COUNT(*), SUM(CASE WHEN r.status = 'confirmed' THEN 1 ELSE 0 END) "
            "FROM scoring_handresult r JOIN drive_table t ON t.id = r.table_id "
            "WHERE t.drive_id = %s",
            (seeded["drive"],),
        )[0]
        state = query(
            url, "SELECT state FROM drive_drive WHERE id = %s", (seeded["drive"],)
        )[0][0]
    finally:
        log = server.log_text() if server else ""
        if server is not None:
            server.stop()
        scratch.close()
    prefix = "entry" if db == "sqlite" else "entry_pg"
    entry_problems = problems["entry"] + problems["error"]
    entry_times, floor_times = times["entry"], times["floor"]
    checks = {
        "errors": len(entry_problems),
        "floor_errors": len(problems["floor"]),
        "results_stored": stored[0],
        "results_confirmed": stored[1],
        "results_expected": tables * hands,
        "drive_state": state,
        "log_problems": sorted({p for p in LOG_PROBLEMS if p in log}),
        "first_errors": entry_problems[:5],
        "submissions_per_second": len(entry_times) / elapsed,
    }
    out: dict[str, object] = {
        f"{prefix}_p50": result(
            percentile(entry_times, 50) * 1000,
            percentile(floor_times, 50) * 1000,
            "ms",
        ),
        f"{prefix}_p95": result(
            percentile(entry_times, 95) * 1000,
            percentile(floor_times, 95) * 1000,
            "ms",
        ),
        f"{prefix}_checks": checks,
    }
    if poll:
        out["poll_unchanged" if db == "sqlite" else "poll_unchanged_pg"] = poll
    return out


def poll_unchanged(base: str, public_key: str, phones: int) -> dict[str, object]:
    """Players' phones ask for an unchanged public leaderboard, with its ETag."""
    page = f"/p/{public_key}/"
    players = [Phone(base) for _ in range(phones)]
    trivial_phones = [Phone(base) for _ in range(phones)]
    etags: list[str] = [""] * phones

    def first_look(client: int, _round: int) -> tuple[str, float, str | None]:
        players[client].get(page)  # the full page, and the link's cookie
        reply = players[client].get(page, headers={"HX-Request": "true"})
        etags[client] = reply.headers.get("etag", "")
        return "first", reply.seconds, None if etags[client] else "no ETag"

    def floor_or_poll(client: int, round_number: int) -> tuple[str, float, str | None]:
        if round_number % 2:
            return trivial_view(trivial_phones[client])
        reply = players[client].get(
            page, headers={"HX-Request": "true", "If-None-Match": etags[client]}
        )
        if reply.status != 304:
            return "poll", reply.seconds, f"poll answered {reply.status}"
        return "poll", reply.seconds, None

    # The ETags are honoured for a minute (scoring.freshness): poll straight after.
    _, first_problems = in_bursts(phones, 1, first_look)
    times, problems = in_bursts(phones, 2 * POLLS_PER_PHONE, floor_or_poll)
    found = first_problems["first"] + problems["poll"] + problems["error"]
    poll_times = times["poll"]
    value = percentile(poll_times, 50) * 1000 if poll_times else float("inf")
    return result(
        value,
        percentile(times["floor"], 50) * 1000,
        "ms",
        not_modified=len(poll_times),
        polls=phones * POLLS_PER_PHONE,
        problems=found[:5],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--poll-after", type=int, default=12, help="hand after which phones poll"
    )
    args = parser.parse_args(argv)
    out = run(
        db=args.db,
        tables=args.tables,
        hands=args.hands,
        workers=args.workers,
        poll_after=args.poll_after,
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
