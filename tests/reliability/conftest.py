"""What every live-server test here starts from: scratch databases of its own.

A fresh SQLite file per database, or a fresh PostgreSQL database when
DATABASE_URL points at one (bench.live); pytest-django's in-memory database
would hide SQLite's locking. One set per test module, dropped after it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.live import ScratchDatabases, postgres_url


@pytest.fixture(scope="module")
def scratch() -> Iterator[ScratchDatabases]:
    databases = ScratchDatabases("postgres" if postgres_url() else "sqlite")
    yield databases
    databases.close()
