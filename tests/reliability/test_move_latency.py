"""bench.move_latency on a small drive, so that the benchmark cannot rot unnoticed.

Four tables, two rounds, pages that poll every second (BENCH_POLL_SECONDS),
each round's results spread over two seconds:
each phone does what the captain's page does (news while it asks for a
result, the result, the reload, htmx's polling while it waits). Every phone
shows every next round, with the seats the database holds for its table, and
most of them learn it by polling. Nothing here is timed: the latencies are
the benchmark's to report.
"""

from __future__ import annotations

from bench import move_latency
from tests.reliability.server import serving


def test_every_waiting_phone_shows_the_next_rounds_seating(scratch) -> None:
    url, seeded = scratch.seeded("--tables", "4", "--hands", "3")
    with serving(
        url, workers=2, settings="bench.settings", env={"BENCH_POLL_SECONDS": "1"}
    ) as server:
        # Each round's results come in over 2 s (the tables' offsets, seeded,
        # are at least 1.4 s apart from first to last).
        out = move_latency.measure(
            base=server.url, database_url=url, seeded=seeded, rounds=2, play_seconds=2
        )
    assert out["problems"] == []
    assert out["floor"] == 1
    assert out["got"] == out["expected"] == 2 * 4
    assert out["by_poll"] + out["by_reload"] == 2 * 4
    # The phone whose result ends a round sees the next on its own reload; the
    # first to send in each round was waiting, and its polling brought it.
    assert out["by_poll"] >= 2
    assert out["requests"]["poll"]["count"] >= out["by_poll"]
    assert out["requests"]["result"]["count"] == 2 * 4
