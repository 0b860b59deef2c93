"""The database emptied after a test that commits (transactional_db: every
browser test, the live server's), without building Django's own rows again.

Django empties every table after such a test (`manage.py flush`: on
PostgreSQL a TRUNCATE of every table) and then runs the post_migrate signal,
which writes the content types and the permissions of every model anew. On a
two-core machine busy with other tests that took a median 0.07 s a test on
SQLite and 1.36 s on PostgreSQL, against 0.006 s and 0.024 s here, for each
of the suite's 400-odd browser tests. Here the tables are emptied with
DELETE in one transaction (the foreign keys checked at its end), all but the
two tables post_migrate fills, which are kept as the last full flush left
them. The next test starts from the same database as before: empty but for
what the migrations' post_migrate writes.

Whenever a test changed either kept table (added a permission, removed a
content type), or the DELETE is refused, the test is followed by Django's
own flush, post_migrate included, as before. A DELETE that fails for any
other reason (a table locked by a request still running) fails the test.
"""

from __future__ import annotations

from django.core.management import call_command
from django.db import IntegrityError, connections, transaction
from django.test import TransactionTestCase

# The tables post_migrate fills (django.contrib.contenttypes, django.contrib.auth).
KEPT = ("django_content_type", "auth_permission")

# By database: the kept tables' rows as the last full flush left them.
_MIGRATED: dict[tuple[str, str], tuple] = {}


def kept_rows(connection) -> tuple:
    """Every row of the kept tables, in order."""
    rows = []
    with connection.cursor() as cursor:
        for table in KEPT:
            cursor.execute(
                f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY id"
            )
            rows.append(tuple(tuple(row) for row in cursor.fetchall()))
    return tuple(rows)


def _delete_all_but_kept(connection) -> None:
    tables = [
        table
        for table in connection.introspection.django_table_names(
            only_existing=True, include_views=False
        )
        if table not in KEPT
    ]
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        for table in tables:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")


def flush(connection) -> bool:
    """Every table of `connection`'s database emptied but for post_migrate's
    rows. True when the kept tables were kept; False when Django's full flush
    (post_migrate included) was needed."""
    key = (connection.alias, str(connection.settings_dict["NAME"]))
    if key in _MIGRATED and _MIGRATED[key] == kept_rows(connection):
        try:
            _delete_all_but_kept(connection)
        except IntegrityError:
            # Refused by a constraint: Django's flush empties it its own way.
            # Anything else (a table locked by a request still running) is the
            # test's error, as it is with Django's flush.
            pass
        else:
            return True
    call_command(
        "flush",
        verbosity=0,
        interactive=False,
        database=connection.alias,
        reset_sequences=False,
        allow_cascade=False,
        inhibit_post_migrate=False,
    )
    _MIGRATED[key] = kept_rows(connection)
    return False


_DJANGOS_TEARDOWN = TransactionTestCase._fixture_teardown


def _fixture_teardown(self) -> None:
    """TransactionTestCase's teardown with `flush`; a test case that limits
    the apps or rolls back serialised rows (neither used here) as Django does."""
    if self.available_apps is not None or self.serialized_rollback:
        return _DJANGOS_TEARDOWN(self)
    for alias in self._databases_names(include_mirrors=False):
        flush(connections[alias])
    return None


def install() -> None:
    """Every transactional test emptied by `flush` from now on."""
    TransactionTestCase._fixture_teardown = _fixture_teardown
