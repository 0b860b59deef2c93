"""The backup command: a consistent, private copy of the database while the site
writes to it."""

from __future__ import annotations

import io
import os
import sqlite3
import stat
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from drive.models import Drive, Entry
from players.management.commands.backup import copy_sqlite
from players.models import AuditEvent, Club
from scoring.models import HandResult
from tests.factories import eventful_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, organiser):
    drive, _ = eventful_drive(club, organiser)
    return drive


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL: pg_dump")
@pytest.mark.django_db(transaction=True)
def test_backup_copies_the_database(played, tmp_path):
    target = tmp_path / "copy.sqlite3"
    out = io.StringIO()
    call_command("backup", output=str(target), stdout=out)
    assert "backed up to" in out.getvalue()
    copy = sqlite3.connect(target)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        for model in (Drive, Entry, HandResult, AuditEvent, Club):
            (count,) = copy.execute(
                f"SELECT COUNT(*) FROM {model._meta.db_table}"
            ).fetchone()
            assert count == model.objects.count()
    finally:
        copy.close()
    with pytest.raises(CommandError, match="exists"):
        call_command("backup", output=str(target))
    call_command("backup", output=str(target), force=True, stdout=io.StringIO())
    assert not list(tmp_path.glob(".*partial"))


@pytest.fixture
def usual_umask():
    """The usual umask, which would give new files 0644 and new folders 0755."""
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL: pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_backup_is_private_from_the_first_byte(
    club, usual_umask, monkeypatch, tmp_path
):
    """The copy holds password hashes and sessions: owner-only, and never readable
    by others even while it is being written."""
    seen: list[int] = []
    connect = sqlite3.connect

    def watching_connect(path, *args, **kwargs):
        opened = connect(path, *args, **kwargs)
        if str(path).endswith(".partial"):  # the copy, before a page is written
            seen.append(stat.S_IMODE(os.stat(path).st_mode))
        return opened

    monkeypatch.setattr(sqlite3, "connect", watching_connect)
    target = tmp_path / "copy.sqlite3"
    call_command("backup", output=str(target), stdout=io.StringIO())
    replaced = tmp_path / "old.sqlite3"
    replaced.write_text("an older copy")
    replaced.chmod(0o644)
    call_command("backup", output=str(replaced), force=True, stdout=io.StringIO())
    assert [oct(m) for m in seen] == ["0o600", "0o600"]  # private when SQLite opens it
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert stat.S_IMODE(replaced.stat().st_mode) == 0o600
    copy = sqlite3.connect(target)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        copy.close()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL: pg_dump")
@pytest.mark.django_db(transaction=True)
def test_a_backup_makes_its_folders_private(club, usual_umask, tmp_path):
    target = tmp_path / "backups" / "nightly" / "copy.sqlite3"
    call_command("backup", output=str(target), stdout=io.StringIO())
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    for folder in (tmp_path / "backups", tmp_path / "backups" / "nightly"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    beside_a_file = target / "again.sqlite3"
    with pytest.raises(CommandError, match="not a folder"):
        call_command("backup", output=str(beside_a_file))


def test_backup_on_postgresql_points_to_pg_dump(monkeypatch, tmp_path):
    monkeypatch.setattr(connection, "vendor", "postgresql")
    with pytest.raises(CommandError, match="pg_dump"):
        call_command("backup", output=str(tmp_path / "x"))


def test_a_backup_taken_while_the_site_writes_is_consistent(tmp_path):
    """Writers keep committing pairs of rows (a result and its history) while the
    copy is made: the copy holds whole pairs only, and passes the integrity check."""
    source_path = tmp_path / "live.sqlite3"
    setup = sqlite3.connect(source_path)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("CREATE TABLE result (id INTEGER PRIMARY KEY, payload TEXT)")
    setup.execute("CREATE TABLE history (id INTEGER PRIMARY KEY, result_id INTEGER)")
    setup.commit()
    setup.close()
    stop = threading.Event()
    written = [0]

    def write() -> None:
        writer = sqlite3.connect(source_path, timeout=20, isolation_level=None)
        writer.execute("PRAGMA busy_timeout=20000")
        while not stop.is_set():
            writer.execute("BEGIN IMMEDIATE")
            cursor = writer.execute(
                "INSERT INTO result (payload) VALUES (?)", ("x" * 500,)
            )
            writer.execute(
                "INSERT INTO history (result_id) VALUES (?)", (cursor.lastrowid,)
            )
            writer.execute("COMMIT")
            written[0] += 1
        writer.close()

    threads = [threading.Thread(target=write) for _ in range(2)]
    for thread in threads:
        thread.start()
    try:
        while written[0] < 200:
            stop.wait(0.01)
        copies = []
        for index in range(3):
            source = sqlite3.connect(source_path, timeout=20)
            try:
                target = tmp_path / f"copy-{index}.sqlite3"
                copy_sqlite(source, target)
                copies.append(target)
            finally:
                source.close()
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    for target in copies:
        copy = sqlite3.connect(target)
        try:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            (results,) = copy.execute("SELECT COUNT(*) FROM result").fetchone()
            (orphans,) = copy.execute(
                "SELECT COUNT(*) FROM result WHERE id NOT IN (SELECT result_id FROM history)"
            ).fetchone()
            assert results >= 200 and orphans == 0
        finally:
            copy.close()
