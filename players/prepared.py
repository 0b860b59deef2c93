"""Statements PostgreSQL keeps parsed and planned, for the phones' hot path.

PostgreSQL parses and plans a statement afresh every time it is sent. For a
captain's result that was half of the database's work: the link's lookup
(three tables joined) and the write (the stamp, the result and its record)
cost about 1.3 ms of its CPU, of which about 0.65 ms went on parsing and
planning them again (`python -m bench.entry_cpu`). `statement(sql, params)`
sends such a statement once per connection as a PREPARE, and from then on an
EXECUTE of its name with the values.

- The name is made from the statement's text and its values' types, so a
  changed statement (a new release, a value of another type) has another
  name: a plan can never belong to another statement.
- Each database connection (psycopg's; the pool lends one to request after
  request) remembers the names it has prepared; a new connection prepares
  them again. A prepared statement outlives a rolled-back transaction.
- The PREPARE goes on the connection itself, like its time zone: it is not
  one of the request's queries, so counting them counts the same with it.
- A statement that selects `*` is sent as it is: its columns would be fixed
  when it is prepared, and once a migration added one, PostgreSQL would
  refuse to run it ("cached plan must not change result type") until the
  servers restarted.
- On SQLite, for a statement with a literal `%`, or with
  DATABASE_PREPARED=0 (a pooler such as PgBouncer in transaction mode shares
  one server session between clients, so a name prepared on one may be
  missing on the next), the statement itself is sent.
"""

from __future__ import annotations

import datetime
import decimal
import functools
import hashlib
import re
import threading
import weakref
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import connections

# PostgreSQL's type for each kind of value a statement is given, by Python
# type, checked in this order (bool is an int, datetime a date). None's type
# is left for PostgreSQL to infer from where the value goes.
_TYPES: tuple[tuple[type, str], ...] = (
    (type(None), "unknown"),
    (bool, "boolean"),
    (int, "bigint"),
    (float, "double precision"),
    (decimal.Decimal, "numeric"),
    (str, "text"),
)

_prepared: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()
# Statements PostgreSQL would not prepare, by name: sent as they are.
_refused: set[str] = set()


_EXACT = {kind: name for kind, name in _TYPES}


def _type_of(value: Any) -> str | None:
    exact = _EXACT.get(type(value))
    if exact is not None:
        return exact
    if isinstance(value, datetime.datetime):
        return "timestamptz" if value.tzinfo is not None else "timestamp"
    if isinstance(value, datetime.date):
        return "date"
    for kind, name in _TYPES:
        if isinstance(value, kind):
            return name
    from psycopg.types.json import Jsonb  # only ever asked on PostgreSQL

    # Django's JSONField gives its value in psycopg's wrapper.
    return "jsonb" if isinstance(value, Jsonb) else None


def _prepare(connection: Any, raw: Any, sql: str) -> bool:
    """Send a PREPARE on the connection itself; False if PostgreSQL refuses
    the statement's types (a value whose type only its place could tell, and
    its place does not), the transaction under way left as it was."""
    import psycopg

    in_transaction = not raw.autocommit
    with connection.wrap_database_errors:
        if in_transaction:
            raw.execute("SAVEPOINT w_prepare")
        try:
            raw.execute(sql)
        except psycopg.Error as error:
            # Class 42: the statement as written (its types among them).
            if not (error.sqlstate or "").startswith("42"):
                raise
            if in_transaction:
                raw.execute("ROLLBACK TO SAVEPOINT w_prepare")
                raw.execute("RELEASE SAVEPOINT w_prepare")
            return False
        if in_transaction:
            raw.execute("RELEASE SAVEPOINT w_prepare")
    return True


def enabled(using: str = "default") -> bool:
    return connections[using].vendor == "postgresql" and getattr(
        settings, "DATABASE_PREPARED_STATEMENTS", True
    )


# `SELECT *` or `t.*`, not `COUNT(*)`.
_STAR = re.compile(r"(?:\bSELECT|,|\.)\s*\*", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def _numbered(sql: str) -> tuple[str, int] | None:
    """`sql` with $1, $2, ... for its `%s`, and how many; None if it holds a
    literal `%` (written `%%` for the driver, which a PREPARE must not see)
    or selects `*`."""
    pieces = sql.split("%s")
    if any("%" in piece for piece in pieces) or _STAR.search(sql):
        return None
    numbered = pieces[0] + "".join(
        f"${number}{piece}" for number, piece in enumerate(pieces[1:], 1)
    )
    return numbered, len(pieces) - 1


@functools.lru_cache(maxsize=1024)
def _name(sql: str, types: tuple[str, ...]) -> str:
    digest = hashlib.blake2b("\0".join([sql, *types]).encode(), digest_size=10)
    return f"w_{digest.hexdigest()}"


def statement(
    sql: str, params: Sequence[Any], *, using: str = "default"
) -> tuple[str, list[Any]]:
    """What to send for `sql` (one statement, `%s` for each value) with
    `params` on this request's connection: an EXECUTE of the statement
    prepared on the connection (preparing it first if this connection has
    not), or, where nothing is prepared, the statement itself."""
    params = list(params)
    if not enabled(using):
        return sql, params
    shape = _numbered(sql)
    if shape is None:
        return sql, params
    numbered, count = shape
    if count != len(params):
        raise ValueError(f"{count} placeholders for {len(params)} values")
    types = tuple(map(_type_of, params))
    if None in types:
        return sql, params
    name = _name(sql, types)
    if name in _refused:
        return sql, params
    connection = connections[using]
    connection.ensure_connection()
    raw = connection.connection
    with _lock:
        names = _prepared.setdefault(raw, set())
        known = name in names
    if not known:
        signature = f"({', '.join(types)})" if types else ""
        if not _prepare(connection, raw, f"PREPARE {name}{signature} AS {numbered}"):
            _refused.add(name)
            return sql, params
        with _lock:
            names.add(name)
    if not params:
        return f"EXECUTE {name}", params
    return f"EXECUTE {name}({', '.join(['%s'] * count)})", params
