"""A live server for one test: gunicorn started on loopback, stopped, its log read for trouble."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bench.live import LiveServer

# What a server must never have written, however busy it was.
LOG_PROBLEMS = ("database is locked", "Traceback", "Internal Server Error")


def assert_log_clean(
    server: LiveServer, problems: tuple[str, ...] = LOG_PROBLEMS
) -> None:
    log = server.log_text()
    assert not [p for p in problems if p in log], log[-3000:]


@contextmanager
def serving(database_url: str, **options: object) -> Iterator[LiveServer]:
    """A LiveServer (options as LiveServer takes them) for the block; its log checked after.

    The log is checked only when the block ends without an exception: a test's
    own failure is the one to report.
    """
    server = LiveServer(database_url, **options)
    server.start()
    try:
        yield server
    finally:
        server.stop()
    assert_log_clean(server)
