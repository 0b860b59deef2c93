"""The workbook's Movement sheet in Italian: each name's column says whose
seat it is as the prediction sheet does («N: nome», as «Posto 1: nome»),
not «Nome E», «Nome O», which an Italian reads as "name and", "name or"
(*e*, *o*); the seats' own columns keep their letters N, E, S, O."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, rubber_drive
from tests.printing.fixtures import workbook_values

pytestmark = pytest.mark.django_db

COMPASS = [
    "Turno",
    "Prima mano",
    "Ultima mano",
    "Tavolo",
    "N",
    "E",
    "S",
    "O",
    "Riposa",
    "N: nome",
    "E: nome",
    "S: nome",
    "O: nome",
    "Nome di chi riposa",
]


@pytest.mark.parametrize(
    "make",
    [
        lambda club: drive_with_players(club=club, players=10, hands=4),
        lambda club: rubber_drive(club=club),
    ],
    ids=["progressive", "rubber"],
)
def test_each_name_column_says_whose_seat_it_is(club, make):
    drive = make(club)
    with translation.override("it"):
        sheets = workbook_values(drive)
    assert list(sheets["Movimento"][0]) == COMPASS
