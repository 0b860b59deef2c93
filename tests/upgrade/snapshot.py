"""What a club gets out of its database, as plain JSON: the upgrade test's yardstick.

For the database that DATABASE_URL names: every drive's workbook (each sheet's
cells, column widths and frozen panes) and its results CSV, every season's
league workbook, and the rows of every table and of every model's table.

    DATABASE_URL=sqlite:///path/to.sqlite3 .venv/bin/python -m tests.upgrade.snapshot --output out.json

It only reads. tests/upgrade/make_fixture.py runs it on the old release's
database to record what that release showed; tests/upgrade/test_upgrade.py runs
it on a migrated copy and compares.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.apps import apps  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.migrations.recorder import MigrationRecorder  # noqa: E402
from openpyxl import load_workbook  # noqa: E402

from drive.models import Drive  # noqa: E402
from tests.upgrade.jsontext import dump  # noqa: E402

# isort: split
# The writers of what a club downloads: the ONE place tests/upgrade/ names where
# they live. When the redesign moves them (to printing/), update these imports
# and nothing else here; the test then writes with the new release's writers.
from printing.exports import write_results_csv, write_workbook  # noqa: E402
from printing.league_exports import write_season_workbook  # noqa: E402


def cell_value(cell: Any) -> Any:
    """A cell as JSON: dates and times as ISO text; anything but plain text, a
    number or a date (a formula, an error) marked with its kind."""
    value = cell.value
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if value is not None and cell.data_type not in ("s", "n", "d"):
        return {cell.data_type: value}
    return value


def workbook_cells(data: bytes) -> list[dict[str, Any]]:
    """Each sheet in order: its title, frozen panes, column widths and every row."""
    workbook = load_workbook(io.BytesIO(data))
    return [
        {
            "title": sheet.title,
            "freeze_panes": sheet.freeze_panes,
            "widths": {
                letter: dimension.width
                for letter, dimension in sorted(sheet.column_dimensions.items())
                if dimension.customWidth
            },
            "rows": [[cell_value(cell) for cell in row] for row in sheet.iter_rows()],
        }
        for sheet in workbook.worksheets
    ]


def _model_named(name: str):
    """A model found by its class name alone, wherever the release keeps it."""
    found = [m for m in apps.get_models() if m.__name__ == name]
    if len(found) != 1:
        raise LookupError(f"{len(found)} models are called {name}")
    return found[0]


def drive_downloads() -> dict[str, Any]:
    drives = {}
    for drive in Drive.objects.select_related("club").order_by("pk"):
        workbook = io.BytesIO()
        write_workbook(drive=drive, output=workbook)
        results = io.StringIO()
        write_results_csv(drive=drive, output=results)
        drives[str(drive.pk)] = {
            "name": drive.name,
            "date": drive.date.isoformat(),
            "format": drive.format,
            "state": drive.state,
            "workbook": workbook_cells(workbook.getvalue()),
            "results_csv": results.getvalue(),
        }
    return drives


def season_downloads() -> dict[str, Any]:
    seasons = {}
    for season in _model_named("Season").objects.order_by("pk"):
        workbook = io.BytesIO()
        write_season_workbook(season=season, output=workbook)
        seasons[str(season.pk)] = {
            "name": season.name,
            "workbook": workbook_cells(workbook.getvalue()),
        }
    return seasons


def _count(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
        return cursor.fetchone()[0]


def table_rows() -> dict[str, int]:
    """Rows per table of the database, whatever the models say."""
    return {
        table: _count(table) for table in sorted(connection.introspection.table_names())
    }


def model_rows() -> dict[str, dict[str, Any]]:
    """Each model ("app.Model", many-to-many tables included): its table and rows."""
    return {
        model._meta.label: {
            "db_table": model._meta.db_table,
            "rows": _count(model._meta.db_table),
        }
        for model in sorted(
            apps.get_models(include_auto_created=True), key=lambda m: m._meta.label
        )
    }


def applied_migrations() -> dict[str, str]:
    """Each app's last migration applied to this database."""
    latest = {}
    for app, name in (
        MigrationRecorder(connection)
        .migration_qs.order_by("id")
        .values_list("app", "name")
    ):
        latest[app] = name
    return dict(sorted(latest.items()))


def snapshot() -> dict[str, Any]:
    return {
        "migrations": applied_migrations(),
        "drives": drive_downloads(),
        "seasons": season_downloads(),
        "tables": table_rows(),
        "models": model_rows(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, required=True)
    options = parser.parse_args()
    options.output.write_text(dump(snapshot()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
