"""A county's evening: 20 clubs' drives at once on two app servers behind a balancer.

    python -m bench.county [--drives 20] [--tables 25] [--hands 3] [--spread 60]

One PostgreSQL database (a scratch one beside DATABASE_URL's), two gunicorn
servers (bench.settings, two workers each) behind Debian's HAProxy in round
robin, as docs/operations.md's multi-server deployment has it. Each of `drives` clubs
plays a progressive drive of `tables` tables; its 25 captains send each
hand's result together when the club's bell rings, and the clubs' bells are
spread over `spread` seconds (each club its own moment, the same every hand).
While the hands are sent, one phone per club reads the club's public
leaderboard (the whole page) every two seconds.

The floor is the trivial view (`/bench/trivial/`) through the same balancer,
asked by the same captains at the same moments between the hands, so that the
floor and the value meet the same machine.

Prints one JSON object: county_entry_p95 and county_leaderboard_p95, each
with value, floor (the trivial view's 95th percentile), ratio and unit, and
the checks (errors, results stored against expected, drives finished).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import (  # noqa: E402
    LOG_PROBLEMS,
    in_bursts,
    tricks_for,
    trivial_view,
)
from bench.live import (  # noqa: E402
    Balancer,
    Captain,
    LiveServer,
    Phone,
    ScratchDatabases,
    query,
    run_seed,
    submission_key,
)
from bench.measure import percentile, result  # noqa: E402

LEADERBOARD_EVERY_SECONDS = 2.0


def read_leaderboards(
    base: str, keys: list[str], stop: threading.Event
) -> tuple[list[float], list[str], list[threading.Thread]]:
    """One phone per club reads its public leaderboard every few seconds until `stop`."""
    times: list[float] = []
    problems: list[str] = []
    lock = threading.Lock()

    def phone(key: str, rng: random.Random) -> None:
        reader = Phone(base)
        stop.wait(rng.uniform(0, LEADERBOARD_EVERY_SECONDS))
        while not stop.is_set():
            try:
                reply = reader.get(f"/p/{key}/")
                with lock:
                    if reply.status == 200:
                        times.append(reply.seconds)
                    else:
                        problems.append(f"leaderboard answered {reply.status}")
            except OSError as exc:
                with lock:
                    problems.append(repr(exc))
            stop.wait(LEADERBOARD_EVERY_SECONDS)

    threads = [
        threading.Thread(target=phone, args=(key, random.Random(n)))
        for n, key in enumerate(keys)
    ]
    for thread in threads:
        thread.start()
    return times, problems, threads


def run(
    *, drives: int, tables: int, hands: int, spread: float, workers: int
) -> dict[str, object]:
    scratch = ScratchDatabases("postgres")
    servers: list[LiveServer] = []
    logs = ""
    try:
        url = scratch.fresh()
        answer = run_seed(
            url, "--tables", str(tables), "--hands", str(hands), "--drives", str(drives)
        )
        seeded = answer["drives"] if drives > 1 else [answer]
        servers = [
            LiveServer(url, workers=workers, settings="bench.settings")
            for _ in range(2)
        ]
        for server in servers:
            server.start()
        with Balancer(servers) as balancer:
            base = balancer.url
            # Client n is a captain: its club, its table, its phone.
            clients = [
                (club, int(number), Captain(base, key))
                for club, drive in enumerate(seeded)
                for number, key in sorted(
                    drive["keys"].items(), key=lambda i: int(i[0])
                )
            ]
            bells = random.Random(20).sample(range(int(spread * 1000)), drives)
            bell_of = [bells[club] / 1000 for club, _, _ in clients]
            jitter = random.Random(7)

            def open_page(client: int, _round: int) -> tuple[str, float, str | None]:
                return "open", clients[client][2].open().seconds, None

            in_bursts(len(clients), 1, open_page)
            trivial_phones = [Phone(base) for _ in clients]

            def floor_or_submit(
                client: int, round_number: int
            ) -> tuple[str, float, str | None]:
                if round_number % 2:
                    return trivial_view(trivial_phones[client])
                _club, number, captain = clients[client]
                hand = round_number // 2
                reply = captain.send(
                    table=number,
                    hand=hand,
                    ns_tricks=tricks_for(number, hand),
                    key=submission_key(),
                )
                problem = (
                    None
                    if reply.status == 200
                    else f"table {number} hand {hand}: {reply.status} {reply.body[:200]}"
                )
                return "entry", reply.seconds, problem

            stop = threading.Event()
            board_times, board_problems, readers = read_leaderboards(
                base, [drive["public_key"] for drive in seeded], stop
            )
            started = time.perf_counter()
            try:
                times, problems = in_bursts(
                    len(clients),
                    2 * hands,
                    floor_or_submit,
                    delay=lambda client, _round: (
                        bell_of[client] + jitter.uniform(0, 0.02)
                    ),
                )
            finally:
                stop.set()
                for reader in readers:
                    reader.join()
            elapsed = time.perf_counter() - started
        ids = tuple(drive["drive"] for drive in seeded)
        marks = ",".join(["%s"] * len(ids))
        stored = query(
            url,
            "SELECT COUNT(*), SUM(CASE WHEN r.status = 'confirmed' THEN 1 ELSE 0 END) "
            "FROM scoring_handresult r JOIN drive_table t ON t.id = r.table_id "
            f"WHERE t.drive_id IN ({marks})",
            ids,
        )[0]
        finished = query(
            url,
            f"SELECT COUNT(*) FROM drive_drive WHERE state = 'finished' AND id IN ({marks})",
            ids,
        )[0][0]
    finally:
        for server in servers:
            logs += server.log_text()
            server.stop()
        scratch.close()
    entry_problems = problems["entry"] + problems["error"]
    floor_p95 = percentile(times["floor"], 95) * 1000
    checks = {
        "errors": len(entry_problems),
        "floor_errors": len(problems["floor"]),
        "leaderboard_errors": len(board_problems),
        "results_stored": stored[0],
        "results_confirmed": stored[1],
        "results_expected": drives * tables * hands,
        "drives_finished": finished,
        "drives": drives,
        "log_problems": sorted({p for p in LOG_PROBLEMS if p in logs}),
        "first_errors": (entry_problems + board_problems)[:5],
        "seconds": round(elapsed, 1),
    }
    return {
        "county_entry_p95": result(
            percentile(times["entry"], 95) * 1000,
            floor_p95,
            "ms",
            submissions=len(times["entry"]),
        ),
        "county_leaderboard_p95": result(
            percentile(board_times, 95) * 1000 if board_times else float("inf"),
            floor_p95,
            "ms",
            reads=len(board_times),
        ),
        "county_checks": checks,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drives", type=int, default=20)
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--spread", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2, help="per app server")
    args = parser.parse_args(argv)
    print(
        json.dumps(
            run(
                drives=args.drives,
                tables=args.tables,
                hands=args.hands,
                spread=args.spread,
                workers=args.workers,
            )
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
