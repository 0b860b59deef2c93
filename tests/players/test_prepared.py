"""players.prepared: the phones' hottest statements, planned once per connection."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from drive.models import Table
from players import prepared
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL prepares statements"
)


def q(name: str) -> str:
    return connection.ops.quote_name(name)


def table_sql() -> str:
    return (
        f"SELECT {q('number')}, {q('captain_key')} FROM {q('drive_table')} "
        f"WHERE {q('drive_id')} = %s AND {q('number')} >= %s ORDER BY {q('number')}"
    )


def run(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def prepared_names() -> set[str]:
    return {
        name
        for (name,) in run(
            "SELECT name FROM pg_prepared_statements WHERE name LIKE %s", ["w\\_%"]
        )
    }


@pytest.fixture
def drive(club):
    return drive_with_players(players=12, club=club, hands=3)


def test_without_postgresql_or_when_turned_off_the_statement_itself_is_sent(
    drive, settings
):
    settings.DATABASE_PREPARED_STATEMENTS = False
    sql, params = prepared.statement(table_sql(), [drive.pk, 3])
    assert (sql, params) == (table_sql(), [drive.pk, 3])
    assert run(sql, params) == [
        (3, Table.objects.get(drive=drive, number=3).captain_key)
    ]


@postgres_only
def test_a_statement_is_prepared_once_per_connection_and_answers_as_itself(drive):
    expected = run(table_sql(), [drive.pk, 2])
    sql, params = prepared.statement(table_sql(), [drive.pk, 2])
    assert sql.startswith("EXECUTE w_") and params == [drive.pk, 2]
    name = sql.split("(")[0].removeprefix("EXECUTE ")
    first = prepared_names()
    assert name in first
    assert run(sql, params) == expected
    # Asked again with other values: the same statement, not prepared again.
    again, params = prepared.statement(table_sql(), [drive.pk, 3])
    assert again == sql
    assert run(again, params) == [expected[1]]
    assert prepared_names() == first


@postgres_only
def test_other_types_of_value_are_another_statement(drive):
    sql = (
        f"SELECT COUNT(*) FROM {q('drive_table')} WHERE {q('drive_id')} = %s "
        f"AND {q('captain_key')} IS NOT DISTINCT FROM %s"
    )
    with_none, params = prepared.statement(sql, [drive.pk, None])
    assert with_none.startswith("EXECUTE w_")
    assert run(with_none, params) == [(0,)]
    key = Table.objects.get(drive=drive, number=2).captain_key
    with_text, params = prepared.statement(sql, [drive.pk, key])
    assert with_text.split("(")[0] != with_none.split("(")[0]
    assert run(with_text, params) == [(1,)]


@postgres_only
@pytest.mark.parametrize("atomic", [False, True])
def test_a_value_whose_type_its_place_cannot_tell_is_sent_as_it_is(drive, atomic):
    """PostgreSQL cannot type a lone None: the statement goes unprepared, and
    a transaction under way goes on as if nothing had been tried."""
    sql = f"SELECT COUNT(*) FROM {q('drive_table')} WHERE {q('drive_id')} = %s AND %s IS NULL"
    with transaction.atomic(durable=False) if atomic else transaction.atomic():
        assert run(f"SELECT COUNT(*) FROM {q('drive_table')}", []) == [(3,)]
        assert prepared.statement(sql, [drive.pk, None]) == (sql, [drive.pk, None])
        assert run(sql, [drive.pk, None]) == [(3,)]
    # Remembered: not tried again.
    assert prepared.statement(sql, [drive.pk, None]) == (sql, [drive.pk, None])


@postgres_only
def test_a_rollback_keeps_what_the_connection_prepared(drive):
    expected = run(table_sql(), [drive.pk, 1])
    # pytest-django's test runs in a transaction; a rolled-back savepoint
    # inside it stands for a request's failed transaction.
    with pytest.raises(RuntimeError), transaction.atomic():
        sql, params = prepared.statement(table_sql(), [drive.pk, 1])
        assert run(sql, params) == expected
        raise RuntimeError("the request failed")
    name = sql.split("(")[0].removeprefix("EXECUTE ")
    assert name in prepared_names()
    again, params = prepared.statement(table_sql(), [drive.pk, 1])
    assert again == sql
    assert run(again, params) == expected


@postgres_only
def test_a_literal_percent_or_an_unknown_type_of_value_is_sent_as_it_is(drive):
    sql = f"SELECT COUNT(*) FROM {q('drive_table')} WHERE {q('captain_key')} LIKE '%%x' AND {q('drive_id')} = %s"
    assert prepared.statement(sql, [drive.pk]) == (sql, [drive.pk])
    # Its columns would be fixed when prepared: a migration adding one
    # would make PostgreSQL refuse it.
    for star in (
        f"SELECT * FROM {q('drive_table')} WHERE {q('drive_id')} = %s",
        f"SELECT t.{q('id')}, d.* FROM {q('drive_table')} t, {q('drive_drive')} d "
        f"WHERE d.{q('id')} = t.{q('drive_id')} AND d.{q('id')} = %s",
    ):
        assert prepared.statement(star, [drive.pk]) == (star, [drive.pk])
    count = f"SELECT COUNT(*) FROM {q('drive_table')} WHERE {q('drive_id')} = %s"
    assert prepared.statement(count, [drive.pk])[0].startswith("EXECUTE w_")
    odd = object()
    assert prepared.statement(table_sql(), [drive.pk, odd]) == (
        table_sql(),
        [drive.pk, odd],
    )


def test_placeholders_and_values_must_agree(drive, settings):
    settings.DATABASE_PREPARED_STATEMENTS = True
    if connection.vendor != "postgresql":
        assert prepared.statement(table_sql(), [1]) == (table_sql(), [1])
        return
    with pytest.raises(ValueError):
        prepared.statement(table_sql(), [1])
