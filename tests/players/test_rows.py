"""players.rows: hand-written SQL that hands back what the ORM would."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection, transaction
from django.forms.models import model_to_dict

from drive.models import Drive, Table
from players import rows
from players.models import AuditEvent
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db


def q(name: str) -> str:
    return connection.ops.quote_name(name)


def every_field(instance) -> dict:
    return {
        f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields
    }


def test_fetch_gives_the_instance_the_orm_gives_whatever_the_column_order(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    drive.finished_at = datetime.datetime(
        2026, 12, 1, 21, 30, tzinfo=datetime.timezone.utc
    )
    drive.save()
    expected = every_field(Drive.objects.get(pk=drive.pk))
    columns = [f.column for f in Drive._meta.concrete_fields]
    table = q(Drive._meta.db_table)
    for order in (columns, list(reversed(columns))):
        sql = (
            f"SELECT {', '.join(q(c) for c in order)} FROM {table} WHERE {q('id')} = %s"
        )
        (found,) = rows.fetch(Drive, sql, [drive.pk])
        assert every_field(found) == expected
        # Converted as the ORM converts: a date, booleans, an aware time.
        assert isinstance(found.date, datetime.date)
        assert found.opponent_confirms is False
        assert found.finished_at == drive.finished_at
        assert not found._state.adding and found._state.db == "default"


def test_fetch_defers_the_columns_left_out(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = q(Drive._meta.db_table)
    (found,) = rows.fetch(
        Drive,
        f"SELECT {q('id')}, {q('state')} FROM {table} WHERE {q('id')} = %s",
        [drive.pk],
    )
    assert found.get_deferred_fields() >= {"name", "date"}
    assert found.name == drive.name  # loaded when asked for, as with only()


def test_fetch_refuses_columns_the_model_does_not_have(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    with pytest.raises(ValueError, match="no columns"):
        rows.fetch(
            Drive,
            f"SELECT {q('id')}, 1 AS extra FROM {q(Drive._meta.db_table)} "
            f"WHERE {q('id')} = %s",
            [drive.pk],
        )


def test_fetch_joined_splits_each_row_into_its_models(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    found = rows.fetch_joined(
        (Table, Drive),
        f"SELECT t.*, d.* FROM {q(Table._meta.db_table)} t "
        f"JOIN {q(Drive._meta.db_table)} d ON d.{q('id')} = t.{q('drive_id')} "
        f"WHERE d.{q('id')} = %s ORDER BY t.{q('number')}",
        [drive.pk],
    )
    assert [t.number for t, _ in found] == [1, 2]
    assert {every_field(t)["id"] for t, _ in found} == set(
        Table.objects.filter(drive=drive).values_list("id", flat=True)
    )
    assert all(
        every_field(d) == every_field(drive.__class__.objects.get(pk=drive.pk))
        for _, d in found
    )


def test_insert_writes_what_save_would(club):
    event = AuditEvent(
        club=club,
        drive_id=None,
        kind="entry.register",
        who="olive",
        subject="entry 1",
        refs={"number": 1, "names": ["Ann", "Ōki"]},
        old=None,
        new={"group": "A"},
    )
    rows.insert(event)
    assert event.pk is not None and not event._state.adding
    stored = AuditEvent.objects.get(pk=event.pk)
    assert model_to_dict(stored) == model_to_dict(event)
    assert stored.refs == {"number": 1, "names": ["Ann", "Ōki"]}
    assert stored.old is None  # SQL NULL, as save() writes it


def test_a_prepared_insert_takes_a_field_changed_before_it_runs(club):
    event = AuditEvent(club=club, kind="entry.register", who="x", subject="s", refs={})
    prepared = rows.Insert(event)
    event.refs["result"] = 42
    prepared.refresh("refs")
    with transaction.atomic():
        prepared.run()
    assert AuditEvent.objects.get(pk=event.pk).refs == {"result": 42}
    with pytest.raises(ValueError, match="No field"):
        prepared.refresh("nothing")


def test_fetch_joined_then_gives_the_join_and_the_second_querys_rows(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table_name, drive_name = q(Table._meta.db_table), q(Drive._meta.db_table)
    sql = (
        f"SELECT t.*, d.* FROM {table_name} t JOIN {drive_name} d "
        f"ON d.{q('id')} = t.{q('drive_id')} WHERE d.{q('id')} = %s "
        f"ORDER BY t.{q('number')}"
    )
    then = (
        f"SELECT {q('number')} FROM {table_name} WHERE {q('drive_id')} = %s "
        f"ORDER BY {q('number')} DESC",
        [drive.pk],
    )
    joined, more = rows.fetch_joined_then((Table, Drive), sql, [drive.pk], then)
    assert [(t.number, d.pk) for t, d in joined] == [(1, drive.pk), (2, drive.pk)]
    assert more == [(2,), (1,)]
    # Without a second query: the join alone, and no rows.
    assert rows.fetch_joined_then((Table, Drive), sql, [drive.pk])[1] is None


def test_a_select_list_gives_the_join_without_describing_its_columns(club):
    """select_list names every column of each model in field order: the rows
    split into the same instances as from a `t.*, d.*` join, with the cursor
    never asked for its columns' names."""
    drive = drive_with_players(players=8, club=club, hands=3)
    select, columns = rows.select_list("default", (("t", Table), ("d", Drive)))
    assert columns == tuple(
        f.column for m in (Table, Drive) for f in m._meta.concrete_fields
    )
    sql = (
        f"SELECT {select} FROM {q(Table._meta.db_table)} t "
        f"JOIN {q(Drive._meta.db_table)} d ON d.{q('id')} = t.{q('drive_id')} "
        f"WHERE d.{q('id')} = %s ORDER BY t.{q('number')}"
    )
    joined, _ = rows.fetch_joined_then((Table, Drive), sql, [drive.pk], columns=columns)
    assert [every_field(t) for t, _ in joined] == [
        every_field(t) for t in Table.objects.filter(drive=drive).order_by("number")
    ]
    stored = every_field(Drive.objects.get(pk=drive.pk))
    assert all(every_field(d) == stored for _, d in joined)


def _seats(round_) -> list[tuple]:
    return sorted(
        round_.seats.values_list("entry_id", "table_id", "position"),
        key=lambda seat: seat[0],
    )


@pytest.mark.parametrize("batch", [None, 3])
def test_insert_values_writes_the_rows_bulk_create_would(club, monkeypatch, batch):
    from drive.models import Round, SeatAssignment

    drive = drive_with_players(players=8, club=club, hands=3)
    entries = list(drive.entries.order_by("pk").values_list("pk", flat=True))
    table = Table.objects.filter(drive=drive).order_by("number").first()
    places = [(e, table.pk, p) for e, p in zip(entries[:4], "NESW", strict=True)]
    places += [(e, None, "") for e in entries[4:]]  # sitting out
    by_orm = Round.objects.create(drive=drive, number=98)
    SeatAssignment.objects.bulk_create(
        SeatAssignment(round=by_orm, entry_id=e, table_id=t, position=p)
        for e, t, p in places
    )
    if batch is not None:  # SQLite's batches (PostgreSQL writes one statement)
        monkeypatch.setattr(connection.ops, "bulk_batch_size", lambda f, o: batch)
    by_rows = Round.objects.create(drive=drive, number=99)
    rows.insert_values(
        SeatAssignment,
        ("round_id", "entry_id", "table_id", "position"),
        [(by_rows.pk, e, t, p) for e, t, p in places],
    )
    assert _seats(by_rows) == _seats(by_orm) == sorted(places)


def test_insert_values_wants_every_field_and_writes_nothing_for_no_rows(club):
    from drive.models import SeatAssignment

    with pytest.raises(ValueError):
        rows.insert_values(SeatAssignment, ("round_id", "entry_id"), [(1, 2)])
    before = SeatAssignment.objects.count()
    rows.insert_values(
        SeatAssignment, ("round_id", "entry_id", "table_id", "position"), []
    )
    assert SeatAssignment.objects.count() == before
