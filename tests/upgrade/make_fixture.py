"""Make the upgrade test's fixture: a club's database from this release, and what it shows.

Run from the repository root, with the release the fixture stands for checked out:

    .venv/bin/python -m tests.upgrade.make_fixture

It migrates a fresh SQLite database and fills it through the services the
pages use (as `manage.py demo` and tests/factories.py do), then writes

- tests/upgrade/old_release.sqlite3: that database, compacted (VACUUM, no WAL);
- tests/upgrade/old_release_workbooks.json: what tests.upgrade.snapshot, run on
  the finished file in a fresh process, sees: every drive's workbook and results
  CSV, every season's league workbook, the rows of every table; with the
  commit and the migrations that made it.

tests/upgrade/club_evenings.py says what the club and its drives are, and
fills the database; tests/upgrade/fixed_clock.py fixes the clock and the
secrets it runs under.

Everything is fixed: the seeds, the tricks, the clock (set to each drive's
evening, moving on a few seconds at each reading) and the secrets (captain
links, password salts) drawn from a seeded generator. So running this twice
writes the same JSON.

Regenerate it only from the release it stands for: the test proves that a
database made by that release upgrades; made by a later one, it proves nothing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.upgrade.club_evenings import fill
from tests.upgrade.fixed_clock import CLOCK, fixed_time_and_secrets
from tests.upgrade.jsontext import dump

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
DATABASE = HERE / "old_release.sqlite3"
WORKBOOKS = HERE / "old_release_workbooks.json"
COMMAND = ".venv/bin/python -m tests.upgrade.make_fixture"
# Not a secret: the fixture's subprocesses need some key, and must not make .secret_key.
SECRET_KEY = "upgrade-fixture-not-a-secret-" + "x" * 30


# --- the files ---------------------------------------------------------------------


def run(command: list[str], env: dict[str, str]) -> None:
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def compact(database: Path) -> None:
    """One self-contained file, as small as it goes: no WAL beside it, no free pages."""
    connection = sqlite3.connect(database)
    try:
        connection.execute("PRAGMA journal_mode=DELETE")
        # Small pages: most of the file is one page per table and index.
        connection.execute("PRAGMA page_size=1024")
        connection.execute("VACUUM")
    finally:
        connection.close()


def made_with() -> dict[str, Any]:
    """The commit of the code that made the fixture, and the command that did."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()

    return {
        "commit": git("rev-parse", "HEAD"),
        # Anything but tests/ changed since that commit would make it another release.
        "product_code_as_committed": not git(
            "status", "--porcelain", "--", ".", ":!tests"
        ),
        "command": COMMAND,
    }


def build(output: Path, env: dict[str, str]) -> None:
    """Migrate and fill `output` in a fresh process (this module's --fill)."""
    env = env | {"DATABASE_URL": f"sqlite:///{output}"}
    run([sys.executable, "-m", "tests.upgrade.make_fixture", "--fill"], env)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--fill", action="store_true", help="(internal) fill the DATABASE_URL database"
    )
    options = parser.parse_args(argv)
    if options.fill:
        import django

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        django.setup()
        from django.core.management import call_command

        with fixed_time_and_secrets(seed=2026):
            CLOCK.at(datetime.date(2026, 6, 1), 9)
            call_command("migrate", interactive=False, verbosity=0)
            fill()
        return

    env = dict(os.environ) | {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": SECRET_KEY,
    }
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / DATABASE.name
        snapshot = Path(folder) / WORKBOOKS.name
        build(database, env)
        compact(database)
        # What the old release shows, read from the finished file by a fresh process.
        reader = env | {"DATABASE_URL": f"sqlite:///{database}"}
        run(
            [sys.executable, "-m", "tests.upgrade.snapshot", "--output", str(snapshot)],
            reader,
        )
        compact(database)  # opening it turned WAL on again
        seen = json.loads(snapshot.read_text(encoding="utf-8"))
        made = made_with() | {"migrations": seen.pop("migrations")}
        WORKBOOKS.write_text(dump({"made_with": made} | seen) + "\n", encoding="utf-8")
        shutil.copyfile(database, DATABASE)
    for path in (DATABASE, WORKBOOKS):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
