"""tests/e2e/waits.written: a browser test's own write, refused while the live
server's thread reads SQLite's shared test database, is run again, in one
transaction each time, so it is written once; any other error is the test's."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from players.models import Club
from tests.e2e.waits import written
from tests.factories import ClubFactory

# written() opens a transaction for each try.
pytestmark = pytest.mark.django_db(transaction=True)


class Page:
    def __init__(self) -> None:
        self.waited = 0

    def wait_for_timeout(self, ms: float) -> None:
        self.waited += 1


def refused(times: int, error: str):
    tries = []

    def write():
        tries.append(1)
        if len(tries) <= times:
            raise OperationalError(error)
        return len(tries)

    return write


def test_a_write_refused_as_locked_is_run_again_until_it_goes_in():
    page = Page()
    assert written(page, refused(2, "database table is locked: drive_drive")) == 3
    assert page.waited == 2


def test_any_other_refusal_is_the_test_s_error():
    with pytest.raises(OperationalError, match="no such table"):
        written(Page(), refused(1, "no such table: drive_drive"))


def test_a_table_locked_for_the_whole_wait_is_the_test_s_error():
    with pytest.raises(OperationalError, match="locked"):
        written(Page(), refused(10**9, "database table is locked"), timeout_ms=50)


def test_a_write_refused_half_way_is_written_once_when_run_again():
    """A write of several statements (a factory's rows, a service and the
    refresh after it) refused after its first: nothing of the refused try
    stays, so the second writes it once."""
    tries = []

    def write():
        tries.append(1)
        ClubFactory(name="The one club")
        if len(tries) == 1:
            raise OperationalError("database table is locked: drive_drive")

    written(Page(), write)
    assert len(tries) == 2
    assert list(Club.objects.values_list("name", flat=True)) == ["The one club"]
