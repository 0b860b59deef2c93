"""The database connection as the settings make it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only")
def test_a_new_postgresql_connection_starts_in_utc():
    """Django keeps PostgreSQL sessions in UTC and sends a query to set it on
    every new connection that starts in another zone (a server's default is
    often "Etc/UTC"): asked for at connection start, no request pays for it."""
    import psycopg

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params) as raw:
        assert raw.info.parameter_status("TimeZone") == connection.timezone_name


def _sqlite_site_database(path: Path, engine: str = "config.sqlite"):
    """A connection to a SQLite file of its own, set up as the site's settings do
    (whatever database the suite itself runs on)."""
    handler = ConnectionHandler(
        {
            "default": {
                "ENGINE": engine,
                "NAME": str(path),
                "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL;"},
            }
        }
    )
    return handler["default"]


def _write_and_close(database) -> None:
    with database.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS t (x integer)")
        cursor.execute("INSERT INTO t VALUES (1)")
    database.close()


def test_a_request_that_wrote_leaves_the_write_ahead_log_for_the_next(
    tmp_path, django_db_blocker
):
    """Each request closes its connection; if it was the last one open, SQLite
    would copy the log back, sync and delete it every time. The site's backend
    keeps one idle connection open in each process, so the log stays (and
    what was written is there for the next connection)."""
    site = tmp_path / "site.sqlite3"
    with django_db_blocker.unblock():
        _write_and_close(_sqlite_site_database(site))
    assert Path(f"{site}-wal").stat().st_size > 0
    with sqlite3.connect(site) as other:
        assert other.execute("SELECT COUNT(*) FROM t").fetchone() == (1,)

    # Django's own backend: the last connection to close empties and deletes the log.
    plain = tmp_path / "plain.sqlite3"
    with django_db_blocker.unblock():
        _write_and_close(_sqlite_site_database(plain, "django.db.backends.sqlite3"))
    assert not Path(f"{plain}-wal").exists()


def test_a_database_file_made_again_gets_a_connection_kept_on_it(
    tmp_path, django_db_blocker
):
    """A test database deleted and made again at the same place is a new file:
    the connection kept on the old one keeps nothing on the new."""
    site = tmp_path / "site.sqlite3"
    with django_db_blocker.unblock():
        _write_and_close(_sqlite_site_database(site))
        for leftover in (site, Path(f"{site}-wal"), Path(f"{site}-shm")):
            leftover.unlink()
        _write_and_close(_sqlite_site_database(site))
    assert Path(f"{site}-wal").stat().st_size > 0


SHOW_DATABASE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps(settings.DATABASES["default"]))
"""


def _database_settings(**env: str) -> tuple[int, dict | str]:
    from tests.site.django_process import run_django

    done = run_django(env, SHOW_DATABASE)
    if done.returncode:
        return done.returncode, done.stderr
    return 0, json.loads(done.stdout)


def test_postgresql_connections_are_lent_from_a_pool_kept_by_each_process():
    """A new PostgreSQL connection is a new server backend that loads the
    catalogue and plans each statement afresh: each process keeps its own in
    psycopg's pool and lends one to each request."""
    code, database = _database_settings(DATABASE_URL="postgres://u@127.0.0.1:5432/w")
    assert code == 0, database
    assert database["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 10}
    assert database["CONN_MAX_AGE"] == 0
    code, database = _database_settings(
        DATABASE_URL="postgres://u@127.0.0.1:5432/w", DATABASE_POOL_MAX_SIZE="8"
    )
    assert database["OPTIONS"]["pool"]["max_size"] == 8


def test_without_the_pool_postgresql_may_keep_connections_by_age():
    code, database = _database_settings(
        DATABASE_URL="postgres://u@127.0.0.1:5432/w",
        DATABASE_POOL="0",
        CONN_MAX_AGE="60",
    )
    assert code == 0, database
    assert "pool" not in database["OPTIONS"] and database["CONN_MAX_AGE"] == 60
    # Both at once cannot be: Django refuses a pool with CONN_MAX_AGE.
    code, error = _database_settings(
        DATABASE_URL="postgres://u@127.0.0.1:5432/w", CONN_MAX_AGE="60"
    )
    assert code != 0 and "DATABASE_POOL=0" in error


def test_sqlite_has_no_pool():
    code, database = _database_settings(DATABASE_URL="sqlite:///x.sqlite3")
    assert code == 0, database
    assert "pool" not in database["OPTIONS"]


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only")
def test_the_suite_itself_runs_on_the_pool():
    """CI's PostgreSQL run goes through the pool, as a deployment does."""
    assert connection.pool is not None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
