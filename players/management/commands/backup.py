"""A consistent copy of the whole database while the site is in use.

SQLite: the online backup API copies every page in one step, reading one
snapshot of the database (WAL mode lets the site keep writing meanwhile), into
a temporary file beside the target, which is checked and then renamed into
place: a half-written copy never has the target's name. PostgreSQL: use
pg_dump, which does the same from its side (docs/operations.md, "Backup and restore").

A copy holds password hashes and sessions, so it is private from the first
byte: the file is created 0600 before SQLite writes into it (SQLite gives its
journal the database file's mode), and a folder made for it is 0700.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def _create_private(path: Path) -> None:
    """Create `path` empty, readable by its owner only (never a file already there).

    O_EXCL refuses a file or a link someone put there meanwhile; an empty file
    is an empty SQLite database, so the copy then writes into it with this mode.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    os.close(os.open(path, flags, PRIVATE_FILE))


def make_private_folders(folder: Path) -> None:
    """Create `folder` and any missing parents, each 0700 (mkdir -p would use 0777)."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir(mode=PRIVATE_FOLDER)


def copy_sqlite(source: sqlite3.Connection, output: Path) -> None:
    """Copy the database behind `source` to `output`, checked, replacing nothing half-way."""
    if source.in_transaction:
        # A connection cannot copy pages it is itself writing: SQLite would
        # answer "locked" for ever.
        raise CommandError(_("Cannot back up from inside a transaction."))
    partial = output.with_name(f".{output.name}.partial")
    partial.unlink(missing_ok=True)
    _create_private(partial)
    target = sqlite3.connect(partial)
    try:
        source.backup(target)  # all pages in one step: one consistent snapshot
        # The copy stands alone: no -wal file beside it.
        target.execute("PRAGMA journal_mode=DELETE")
        (verdict,) = target.execute("PRAGMA integrity_check").fetchone()
    finally:
        target.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise CommandError(
            _("The copy failed its integrity check: %(verdict)s") % {"verdict": verdict}
        )
    os.replace(partial, output)


class Command(BaseCommand):
    help = "Copy the SQLite database to FILE while the site runs (PostgreSQL: use pg_dump)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", required=True, help="The file to write the copy to."
        )
        parser.add_argument(
            "--force", action="store_true", help="Replace FILE if it exists."
        )

    def handle(self, *args: object, **options: object) -> None:
        if connection.vendor != "sqlite":
            raise CommandError(
                _(
                    "This site uses PostgreSQL: back it up with pg_dump, e.g. "
                    '`pg_dump --format=custom --file=whist.dump "$DATABASE_URL"` '
                    "(see Backup and restore in docs/operations.md)."
                )
            )
        output = Path(str(options["output"])).expanduser()
        if output.exists() and not options["force"]:
            raise CommandError(
                _("%(file)s exists; choose another name or add --force.")
                % {"file": output}
            )
        if output.parent.exists() and not output.parent.is_dir():
            raise CommandError(
                _("%(folder)s is not a folder.") % {"folder": output.parent}
            )
        connection.ensure_connection()
        try:
            make_private_folders(output.parent)
            copy_sqlite(connection.connection, output)
        except (OSError, sqlite3.Error) as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s") % {"file": output, "error": error}
            ) from error
        size = output.stat().st_size
        self.stdout.write(
            ngettext(
                "backed up to %(file)s (%(size)s byte)",
                "backed up to %(file)s (%(size)s bytes)",
                size,
            )
            % {"file": output, "size": formats.number_format(size, force_grouping=True)}
        )
