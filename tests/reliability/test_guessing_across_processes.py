"""Link guessing is counted once for the whole site, however many processes serve it.

Two gunicorn servers (one worker each, on different loopback ports) share one
database, as gunicorn's three workers do in production. A guesser sends wrong
captain links to each in turn: ten misses in all are answered 404, and then
both servers answer 429. Each process counting its own misses would let the
guesser have ten per process.

The guesser connects from 127.0.0.2, so the servers' own start-up checks (from
127.0.0.1) are not its misses. Both servers trust 127.0.0.1 as a reverse proxy,
the guesser is not one, so the X-Forwarded-For it makes up for every request
is ignored: it does not get a fresh count by sending another address.
"""

from __future__ import annotations

import http.client

from bench.live import LiveServer, query
from tests.reliability.server import assert_log_clean

LIMIT = 10  # players.throttle.LINK_MISSES_PER_MINUTE (this file imports no Django)
GUESSER = "127.0.0.2"
SOMEONE_ELSE = "127.0.0.3"


def status_from(
    server: LiveServer, path: str, source: str, headers: dict | None = None
) -> int:
    """GET `path` from the loopback address `source` (Linux answers on all 127/8)."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=60, source_address=(source, 0)
    )
    try:
        conn.request("GET", path, headers={"Connection": "close", **(headers or {})})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_ten_misses_in_all_then_every_process_refuses(scratch):
    database = scratch.fresh()
    env = {"TRUSTED_PROXIES": "127.0.0.1"}
    with (
        LiveServer(database, workers=1, env=env) as first,
        LiveServer(database, workers=1, env=env) as second,
    ):
        servers = [first, second]
        statuses = []
        for n in range(LIMIT + 4):
            spoofed = {"X-Forwarded-For": f"198.51.100.{n + 1}"}
            path = f"/t/guess-{n:02d}-abcdefghijklmn/"
            statuses.append(status_from(servers[n % 2], path, GUESSER, spoofed))
        assert statuses == [404] * LIMIT + [429] * 4, statuses
        # Both processes saw the same ten misses, every one from the guesser.
        stored = query(
            database,
            "SELECT address, COUNT(*) FROM players_secretlinkmiss"
            " WHERE address <> %s GROUP BY address",
            ("127.0.0.1",),
        )
        assert stored == [(GUESSER, LIMIT)]
        # Another address is not held up by the guesser, on either server.
        for server in servers:
            assert status_from(server, "/t/not-a-link-either/", SOMEONE_ELSE) == 404
        for server in servers:
            assert_log_clean(server, ("Traceback",))
