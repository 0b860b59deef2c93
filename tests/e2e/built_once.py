"""Rows that a module's browser tests only read, built by the first test that
asks and put back, as they were, for each test after it.

The database is emptied after every browser test (tests/flush.py), so a module
whose tests each build the same drive (tests/e2e/test_projector_hall.py: 21
players, three rounds played, about a second) built it again for each of its
80 tests. Here the first build's rows, every table's, are kept in memory and
written back for the next test that asks for the same thing: the same rows,
the same keys, their times moved on by the time since (a round's clock has as
long to run as when it was built; a time written on saving is the time of
putting back). What a test writes is emptied after it, as before, and never
reaches the next test: each starts from the rows as built.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.db import connection, models, transaction
from django.utils import timezone

from drive.models import Drive
from tests import flush

# Rows written back at a time, well under SQLite's limit of a statement's values.
BATCH = 100


@dataclass(frozen=True)
class Table:
    model: type[models.Model]
    fields: tuple[models.Field, ...]
    rows: tuple[tuple, ...]


@dataclass(frozen=True)
class Rows:
    at: datetime.datetime
    tables: tuple[Table, ...]


def _models() -> list[type[models.Model]]:
    """Every model with a table of its own, but the tables flush keeps."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed
        and not model._meta.proxy
        and model._meta.db_table not in flush.KEPT
    ]


def take() -> Rows:
    """Every row of the database (but flush's kept tables), as stored."""
    tables = []
    for model in _models():
        fields = tuple(model._meta.local_concrete_fields)
        rows = tuple(
            model._base_manager.order_by("pk").values_list(
                *(field.attname for field in fields)
            )
        )
        if rows:
            tables.append(Table(model, fields, rows))
    return Rows(at=timezone.now(), tables=tuple(tables))


def put_back(rows: Rows) -> None:
    """`rows` written back into the (emptied) database, their times moved on
    by the time since they were taken. The foreign keys are checked at the
    end, once every table has its rows."""
    since = timezone.now() - rows.at
    with transaction.atomic():
        for table in rows.tables:
            moved = [
                index
                for index, field in enumerate(table.fields)
                if isinstance(field, models.DateTimeField)
            ]
            objs = []
            for row in table.rows:
                values = list(row)
                for index in moved:
                    if values[index] is not None:
                        values[index] += since
                obj = table.model()
                for field, value in zip(table.fields, values, strict=True):
                    setattr(obj, field.attname, value)
                objs.append(obj)
            for start in range(0, len(objs), BATCH):
                table.model._base_manager._insert(
                    objs[start : start + BATCH],
                    fields=table.fields,
                    raw=True,
                    using=connection.alias,
                )


class BuiltOnce:
    """`drive(key, build)`: the drive `build()` returns, built for the first
    test that asks for `key` and put back (put_back) for each later one."""

    def __init__(self) -> None:
        self._built: dict[object, tuple[Rows, int]] = {}

    def drive(self, key: object, build: Callable[[], Drive]) -> Drive:
        if key in self._built:
            rows, pk = self._built[key]
            put_back(rows)
        else:
            built = build()
            rows, pk = take(), built.pk
            self._built[key] = (rows, pk)
        return Drive.objects.get(pk=pk)
