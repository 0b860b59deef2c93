"""Registering one more player costs the same however many are entered: the
door's 400th player as its 1st (and every test's drive_with_players, which
registers its players one by one through the same services)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from unittest import mock

import pytest
from django.db import connection
from django.db.backends.utils import CursorWrapper
from django.test.utils import CaptureQueriesContext

from drive import services
from drive.stay_services import entry_set_stays
from tests.factories import PlayerFactory, drive_with_players

pytestmark = pytest.mark.django_db


@dataclass
class Cost:
    queries: int = 0
    rows: int = 0


@contextmanager
def counted() -> Iterator[Cost]:
    """The queries run and the rows they handed back, inside the block."""
    cost = Cost()

    def fetchone(self):
        with self.db.wrap_database_errors:
            row = self.cursor.fetchone()
        cost.rows += row is not None
        return row

    def fetchmany(self, size=None):
        with self.db.wrap_database_errors:
            rows = self.cursor.fetchmany(*(() if size is None else (size,)))
        cost.rows += len(rows)
        return rows

    def fetchall(self):
        with self.db.wrap_database_errors:
            rows = self.cursor.fetchall()
        cost.rows += len(rows)
        return rows

    def rows(self):
        with self.db.wrap_database_errors:
            for row in self.cursor:
                cost.rows += 1
                yield row

    reads = {
        "fetchone": fetchone,
        "fetchmany": fetchmany,
        "fetchall": fetchall,
        "__iter__": rows,
    }
    with (
        mock.patch.multiple(CursorWrapper, create=True, **reads),
        CaptureQueriesContext(connection) as queries,
    ):
        yield cost
    cost.queries = len(queries.captured_queries)


def test_the_counter_sees_the_rows_a_query_reads():
    drive = drive_with_players(players=6, start=False)
    with counted() as cost:
        assert len(list(drive.entries.all())) == 6
    assert (cost.queries, cost.rows) == (1, 6)


def with_staying_players(players: int, format: str):
    """A drive open for registration with `players` entered, two of whom stay
    at one table (one named, one wherever they first sit)."""
    drive = drive_with_players(players=players, format=format, start=False)
    entries = list(drive.entries.order_by("number"))
    entry_set_stays(entry=entries[0], stays=True, table=1)
    entry_set_stays(entry=entries[3], stays=True)
    return drive


def register_one(drive) -> None:
    player = PlayerFactory(club=drive.club)
    if drive.plays_in_pairs:
        partner = PlayerFactory(club=drive.club)
        services.pair_register(
            drive=drive, first=player, second=partner, stays=True, stays_table=2
        )
    else:
        services.entry_register(drive=drive, player=player, stays=True, stays_table=2)


@pytest.mark.parametrize("format", ["progressive", "partners", "individual"])
def test_registering_reads_as_much_at_200_entries_as_at_10(format):
    cost = {}
    for players in (10, 200):
        drive = with_staying_players(players, format)
        with counted() as cost[players]:
            register_one(drive)
        assert drive.entries.filter(stays_at_table=True).count() == 3
    assert cost[200] == cost[10]
