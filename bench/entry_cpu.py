"""The CPU a captain's result costs, in-process, against the trivial view's.

    DATABASE_URL=postgres://... python -m bench.entry_cpu [--hands 24] [--tables 100]
    python -m bench.entry_cpu --db sqlite

Not part of `make bench`: what it reports is where the time goes, not a
latency. A fresh database (beside DATABASE_URL's on PostgreSQL) holds the
benchmark's drive (bench.seed, 100 tables); Django's test client sends each
hand's results, table after table, as captain.js sends them (a form, the CSRF
header, JSON asked for), in turns with as many requests of the trivial view
(/bench/trivial/). Each batch is timed by the site's process CPU
(time.process_time) and, on PostgreSQL, by the CPU of the database's server
processes (/proc/<pid>/stat), so that other work on a shared machine moves the
answer little. The last result of each hand, which seats the next round, is
timed apart.

Prints one JSON object: the medians over the hands of each batch's ms a
request (site and database), the last result's, and the average submission's
(the last result's share included) over the trivial request's.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import tricks_for  # noqa: E402
from bench.live import SECRET_KEY, ScratchDatabases, postgres_url  # noqa: E402


class ServerCpu:
    """The CPU seconds spent so far by the server processes of one database."""

    def __init__(self, url: str | None) -> None:
        self.admin = self.name = None
        if url is not None:
            import psycopg

            parts = url.rsplit("/", 1)
            self.name = parts[1]
            self.admin = psycopg.connect(f"{parts[0]}/postgres", autocommit=True)
        self.tick = os.sysconf("SC_CLK_TCK")

    def seconds(self) -> float:
        if self.admin is None:
            return 0.0
        pids = self.admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.name]
        ).fetchall()
        total = 0
        for (pid,) in pids:
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except FileNotFoundError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / self.tick


def measure(seed: dict, server: ServerCpu, hands: int) -> dict[str, float]:
    from django.test import Client

    captains = {}
    for number, key in seed["keys"].items():
        client = Client(enforce_csrf_checks=True)
        if client.get(f"/t/{key}/").status_code != 200:
            raise RuntimeError(f"table {number}'s page did not open")
        captains[int(number)] = (client, key)
    trivial = Client()
    times: dict[str, list[float]] = {
        k: []
        for k in ("sub_site", "sub_db", "last_site", "last_db", "triv_site", "triv_db")
    }

    def clock() -> tuple[float, float]:
        return time.process_time(), server.seconds()

    def note(what: str, start: tuple[float, float], count: int) -> tuple[float, float]:
        end = clock()
        times[f"{what}_site"].append((end[0] - start[0]) / count * 1000)
        times[f"{what}_db"].append((end[1] - start[1]) / count * 1000)
        return end

    tables = sorted(captains)
    for hand in range(1, hands + 1):
        start = clock()
        for _ in tables:
            if trivial.get("/bench/trivial/").status_code != 200:
                raise RuntimeError("the trivial view failed")
        note("triv", start, len(tables))
        start = clock()
        for number in tables:
            if number == tables[-1]:
                start = note("sub", start, len(tables) - 1)
            client, key = captains[number]
            reply = client.post(
                f"/t/{key}/result/",
                urlencode(
                    {
                        "table": number,
                        "hand": hand,
                        "ns_tricks": tricks_for(number, hand),
                        "idempotency_key": secrets.token_urlsafe(16),
                    }
                ),
                content_type="application/x-www-form-urlencoded",
                headers={
                    "Accept": "application/json",
                    "X-CSRFToken": client.cookies["csrftoken"].value,
                },
            )
            if reply.status_code != 200 or b'"recorded"' not in reply.content:
                raise RuntimeError(f"table {number} hand {hand}: {reply.content!r}")
        note("last", start, 1)
    median = {name: statistics.median(values) for name, values in times.items()}
    share = 1 / len(tables)
    average = {
        where: median[f"sub_{where}"] * (1 - share) + median[f"last_{where}"] * share
        for where in ("site", "db")
    }
    return {
        **{name: round(value, 3) for name, value in median.items()},
        "avg_sub_site": round(average["site"], 3),
        "avg_sub_db": round(average["db"], 3),
        "ratio": round(
            (average["site"] + average["db"])
            / (median["triv_site"] + median["triv_db"]),
            2,
        ),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("postgres", "sqlite"), default=None)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--hands", type=int, default=24)
    args = parser.parse_args(argv)
    kind = args.db or ("postgres" if postgres_url() else "sqlite")
    databases = ScratchDatabases(kind)
    try:
        url, seed = databases.seeded(
            "--tables", str(args.tables), "--hands", str(args.hands)
        )
        os.environ.update(
            DATABASE_URL=url,
            DJANGO_SETTINGS_MODULE="bench.settings",
            SECRET_KEY=SECRET_KEY,
            DEBUG="0",
            ALLOWED_HOSTS="testserver",
        )
        import django

        django.setup()
        server = ServerCpu(url if kind == "postgres" else None)
        print(json.dumps(measure(seed, server, args.hands)))
        from django.db import connections

        connections.close_all()
        from django.db import connection

        if getattr(connection, "pool", None) is not None:
            connection.close_pool()
    finally:
        databases.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
