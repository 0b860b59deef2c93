"""The evening goes on while a big drive's movement is being planned (issue #14, item 15).

A real gunicorn (bench.live) on a fresh database file (or PostgreSQL
database), whose planner waits for the test's word
(tests/reliability/slow_plan_settings.py): while the organiser's start of a
stationary drive is planning,

- a captain of another drive, already in play, sends a result, and
- at the door of the drive being started, a late arrival is registered;

both are answered before the plan is let finish. Planning under the drive's
lock, as the start used to, made both wait for it (on SQLite the lock is every
writer's); here they go through, and the start, seeing the late arrival when
it takes the lock, plans again and seats them too.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from bench.live import (
    Captain,
    query,
    submission_key,
)
from tests.fixtures import START
from tests.reliability.phones import organiser
from tests.reliability.server import serving

WAITING_PLAYERS = 40
# Bounds, not measurements: how long a request may take before the test gives
# up on it (a request held behind the plan waits for as long as the plan).
ANSWER_WITHIN = 20


def wait_for(path: Path, bound: float = ANSWER_WITHIN) -> None:
    deadline = time.monotonic() + bound
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.05)


def test_a_start_that_is_planning_holds_up_no_one(scratch, tmp_path):
    url, seeded = scratch.seeded(
        "--tables", "2", "--hands", "2", "--waiting", str(WAITING_PLAYERS)
    )
    waiting = seeded["waiting_drive"]
    started: dict[str, object] = {}
    with serving(
        url,
        workers=4,
        settings="tests.reliability.slow_plan_settings",
        env={"SLOW_PLAN_FOLDER": str(tmp_path)},
    ) as server:
        try:
            starter = organiser(server.url, seeded, timeout=ANSWER_WITHIN)
            starter.timeout = 120
            starter.get(f"/drives/{waiting}/")

            def start() -> None:
                started["reply"] = starter.post(f"/drives/{waiting}/start/", START)

            thread = threading.Thread(target=start)
            thread.start()
            wait_for(tmp_path / "planning")

            # A captain of the drive in play sends a result.
            captain = Captain(server.url, seeded["keys"]["1"])
            captain.timeout = ANSWER_WITHIN
            captain.open()
            sent = captain.send(table=1, hand=1, ns_tricks=8, key=submission_key())
            assert sent.status == 200 and sent.json()["ok"], sent.body[:500]
            # A late arrival is registered at the door of the drive being started.
            door = organiser(server.url, seeded, timeout=ANSWER_WITHIN)
            door.get(f"/drives/{waiting}/entries/")
            registered = door.post(
                f"/drives/{waiting}/entries/",
                {"name": "Late Arrival", "checked_in": "on"},
            )
            assert registered.status == 302, registered.body[:500]
            # Both answered while the start is still planning.
            assert thread.is_alive() and not (tmp_path / "go").exists()
            assert query(
                url,
                "SELECT state FROM drive_drive WHERE id = %s",
                (waiting,),
            ) == [("open",)]
        finally:
            (tmp_path / "go").touch()
            thread.join(timeout=120)
    assert started["reply"].status == 302, started["reply"].body[:500]
    assert query(url, "SELECT state FROM drive_drive WHERE id = %s", (waiting,)) == [
        ("in_play",)
    ]
    # The start planned again and seated the late arrival with everyone else.
    [(everyone, seated)] = query(
        url,
        "SELECT COUNT(*), COUNT(joined_round) FROM drive_entry WHERE drive_id = %s",
        (waiting,),
    )
    assert everyone == seated == WAITING_PLAYERS + 1
    [(first_round,)] = query(
        url,
        "SELECT COUNT(*) FROM drive_seatassignment s "
        "JOIN drive_round r ON r.id = s.round_id "
        "WHERE r.drive_id = %s AND r.number = 1",
        (waiting,),
    )
    assert first_round == WAITING_PLAYERS + 1
    [(results,)] = query(
        url,
        "SELECT COUNT(*) FROM scoring_handresult r JOIN drive_table t "
        "ON t.id = r.table_id WHERE t.drive_id = %s",
        (seeded["drive"],),
    )
    assert results == 1
