"""Hand-written SQL for the few queries every captain's phone runs at the bell.

The ORM builds each query afresh on every call, and for the short queries of a
captain's submission building took far longer than running it.
These helpers run SQL written once and still hand back what the ORM would:

- `fetch(model, sql, params)`: model instances, each column converted exactly
  as a queryset converts it (dates, booleans, JSON...), with the conversions
  looked up once per model and column list, not once per query;
  `fetch_joined` the same for a join, one instance of each model per row
  (`fetch_joined_then` with a second query's rows, in the same round trip on
  PostgreSQL);
- `insert(instance)`: one INSERT of a new instance, its pk set, its
  `auto_now_add` fields filled, values prepared by each field as `save()`
  prepares them; `Insert(instance)` the same, prepared now and run later;
  `insert_values(model, fields, rows)` many new rows given as plain values,
  in as few INSERTs as the database takes, with no instances made. Models with
  save() overrides or signal receivers must not use them (they send no signals
  and call no save()).

The SQL stays the caller's: it names tables and columns from `_meta` and
quote_name, so it runs on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.db import connections
from django.db.models import Model
from django.db.models.base import DEFERRED

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]


@functools.cache
def _plan(
    alias: str, model: type[Model], columns: tuple[str, ...]
) -> tuple[list[str], list[tuple[int | None, tuple[Converter, ...], Any]]]:
    """For each of the model's concrete fields, in the model's order: the index of
    its column in the row (None if absent: deferred) and its conversions."""
    connection = connections[alias]
    position = {column: index for index, column in enumerate(columns)}
    fields = model._meta.concrete_fields
    unknown = set(columns) - {f.column for f in fields}
    if unknown:
        raise ValueError(f"{model.__name__} has no columns {sorted(unknown)}")
    plan = []
    for field in fields:
        expression = field.get_col(model._meta.db_table)
        converters = tuple(
            connection.ops.get_db_converters(expression)
            + expression.get_db_converters(connection)
        )
        plan.append((position.get(field.column), converters, expression))
    return [f.attname for f in fields], plan


def _build(
    model: type[M], columns: tuple[str, ...], row: Sequence[Any], using: str
) -> M:
    connection = connections[using]
    names, plan = _plan(using, model, columns)
    values = []
    for index, converters, expression in plan:
        if index is None:
            values.append(DEFERRED)
            continue
        value = row[index]
        for converter in converters:
            value = converter(value, expression, connection)
        values.append(value)
    return model.from_db(using, names, values)


def fetch(
    model: type[M], sql: str, params: Sequence[Any], *, using: str = "default"
) -> list[M]:
    """Instances of `model` from `sql`, whose columns must all be the model's
    (any of its columns left out is deferred, as with only())."""
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        columns = tuple(column[0] for column in cursor.description)
        return [_build(model, columns, row, using) for row in cursor.fetchall()]


def fetch_joined(
    models: Sequence[type[Model]],
    sql: str,
    params: Sequence[Any],
    *,
    using: str = "default",
) -> list[tuple[Model, ...]]:
    """Rows of a join, each as one instance of each of `models`: the SELECT
    lists every column of each model in turn (`SELECT t.*, d.* FROM ...`)."""
    return fetch_joined_then(models, sql, params, using=using)[0]


@functools.cache
def select_list(
    alias: str, aliased: tuple[tuple[str, type[Model]], ...]
) -> tuple[str, tuple[str, ...]]:
    """Every column of each (table alias, model) in turn, in the model's field
    order: the SELECT list for fetch_joined, and the columns' names to hand it,
    so that it need not ask the cursor for them (psycopg makes an object for
    each column it describes, sixty for a captain link's lookup)."""
    q = connections[alias].ops.quote_name
    names = [
        (table, field.column)
        for table, model in aliased
        for field in model._meta.concrete_fields
    ]
    return (
        ", ".join(f"{table}.{q(column)}" for table, column in names),
        tuple(column for _, column in names),
    )


def fetch_joined_then(
    models: Sequence[type[Model]],
    sql: str,
    params: Sequence[Any],
    then: tuple[str, Sequence[Any]] | None = None,
    *,
    columns: tuple[str, ...] | None = None,
    using: str = "default",
) -> tuple[list[tuple[Model, ...]], list[tuple] | None]:
    """fetch_joined, and the plain rows of a second query `then` (sql, params;
    None without one), which must not depend on the first one's answer. Where
    the database takes several statements at once (PostgreSQL) both go in one
    round trip. `columns`: the names of the columns `sql` selects, as
    select_list gives them (None: asked of the cursor)."""
    connection = connections[using]
    together = then is not None and connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if together:
            cursor.execute(f"{sql}; {then[0]}", [*params, *then[1]])
        else:
            cursor.execute(sql, params)
        if columns is None:
            columns = tuple(column[0] for column in cursor.description)
        found = cursor.fetchall()
        if then is None:
            more = None
        else:
            if together:
                cursor.nextset()
            else:
                cursor.execute(*then)
            more = cursor.fetchall()
    spans, start = [], 0
    for model in models:
        width = len(model._meta.concrete_fields)
        spans.append((model, columns[start : start + width], start))
        start += width
    if start != len(columns):
        raise ValueError(f"{len(columns)} columns for {start} fields")
    joined = [
        tuple(
            _build(model, names, row[first : first + len(names)], using)
            for model, names, first in spans
        )
        for row in found
    ]
    return joined, more


@functools.cache
def _insert_sql(alias: str, model: type[Model]) -> tuple[str, list[Any], bool]:
    connection = connections[alias]
    q = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} "
        f"({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returning:
        sql += f" RETURNING {q(model._meta.pk.column)}"
    return sql, fields, returning


class Insert:
    """One INSERT of a new instance, prepared now and run later: the values are
    made ready before a lock is taken, so that holding it costs only the write.
    `refresh(name)` prepares one field again after the instance changed."""

    def __init__(self, instance: Model, *, using: str = "default") -> None:
        self.instance = instance
        self.using = using
        self.sql, self.fields, self.returning = _insert_sql(using, type(instance))
        connection = connections[using]
        self.values = [
            f.get_db_prep_save(f.pre_save(instance, add=True), connection)
            for f in self.fields
        ]

    def refresh(self, name: str) -> None:
        connection = connections[self.using]
        for index, field in enumerate(self.fields):
            if field.name == name:
                value = field.pre_save(self.instance, add=True)
                self.values[index] = field.get_db_prep_save(value, connection)
                return
        raise ValueError(f"No field {name!r}")

    def run(self) -> Model:
        with connections[self.using].cursor() as cursor:
            cursor.execute(self.sql, self.values)
            pk = cursor.fetchone()[0] if self.returning else cursor.lastrowid
        return saved(self.instance, pk, using=self.using)


def saved(instance: M, pk: Any, *, using: str = "default") -> M:
    """Mark `instance` as the row with `pk` that SQL of the caller's wrote."""
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = using
    return instance


def insert(instance: M, *, using: str = "default") -> M:
    """Write a new `instance` in one INSERT (no signals, no save()); returns it."""
    Insert(instance, using=using).run()
    return instance


def insert_values(
    model: type[Model],
    names: Sequence[str],
    values: Sequence[Sequence[Any]],
    *,
    using: str = "default",
) -> None:
    """Write new rows of `model`, each given as its values for the fields
    `names` (attnames: "round_id"), which must be every concrete field but the
    primary key: as bulk_create writes them (each value prepared by its field),
    without making an instance of each row, and without reading their primary
    keys back. On PostgreSQL one INSERT of one array a column (unnest); on
    SQLite as many rows to an INSERT as it takes."""
    connection = connections[using]
    by_attname = {
        f.attname: f for f in model._meta.concrete_fields if not f.primary_key
    }
    if sorted(names) != sorted(by_attname):
        raise ValueError(f"{model.__name__} needs values for {sorted(by_attname)}")
    fields = [by_attname[name] for name in names]
    if not values:
        return
    q = connection.ops.quote_name
    head = (
        f"INSERT INTO {q(model._meta.db_table)} "
        f"({', '.join(q(f.column) for f in fields)}) "
    )
    prepared = [
        [
            field.get_db_prep_save(value, connection)
            for field, value in zip(fields, row, strict=True)
        ]
        for row in values
    ]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One array a column: four parameters for a round's 400 seats, not
            # 1,600 (psycopg writes each parameter into the SQL on the client).
            arrays = ", ".join(f"%s::{f.db_type(connection)}[]" for f in fields)
            cursor.execute(
                f"{head}SELECT * FROM unnest({arrays})",
                [list(column) for column in zip(*prepared, strict=True)],
            )
            return
        one = f"({', '.join(['%s'] * len(fields))})"
        batch = max(connection.ops.bulk_batch_size(fields, prepared), 1)
        for start in range(0, len(prepared), batch):
            chunk = prepared[start : start + batch]
            cursor.execute(
                f"{head}VALUES {', '.join([one] * len(chunk))}",
                [value for row in chunk for value in row],
            )
