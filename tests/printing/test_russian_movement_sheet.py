"""The workbook's Movement sheet in Russian, format by format: the seats by
the compass letters С, В, Ю, З where the format seats by the compass
(progressive, semi-partner, individual, partners, rubber: a rubber's
partners sit С-Ю and В-З), by number in prediction whist; each name's
column says whose seat it is as the prediction sheet does («С: имя», as
«Место 1: имя»), not «Имя С», «Имя В», which a Russian reads as "name
with", "name in"; and the sit-out's name column without a man's word
(«Отдыхает: имя», was «Имя отдыхающего»)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, prediction_drive, rubber_drive
from tests.printing.fixtures import workbook_values

pytestmark = pytest.mark.django_db

COMPASS = [
    "Тур",
    "Первая сдача",
    "Последняя сдача",
    "Стол",
    "С",
    "В",
    "Ю",
    "З",
    "Отдыхает",
    "С: имя",
    "В: имя",
    "Ю: имя",
    "З: имя",
    "Отдыхает: имя",
]


@pytest.mark.parametrize(
    "make",
    [
        lambda club: drive_with_players(club=club, players=10, hands=4),
        lambda club: drive_with_players(club=club, players=8, format="semi-partner"),
        lambda club: drive_with_players(
            club=club, players=8, format="individual", hands=7
        ),
        lambda club: drive_with_players(club=club, players=10, format="partners"),
        lambda club: rubber_drive(club=club),
    ],
    ids=["progressive", "semi-partner", "individual", "partners", "rubber"],
)
def test_the_compass_formats_name_each_seats_column_by_its_letter(club, make):
    drive = make(club)
    with translation.override("ru"):
        sheets = workbook_values(drive)
    assert list(sheets["Рассадка"][0]) == COMPASS


def test_prediction_whist_numbers_its_seats(club):
    drive = prediction_drive(club=club, players=9, games=1)
    with translation.override("ru"):
        sheets = workbook_values(drive)
    assert list(sheets["Рассадка"][0]) == [
        "Партия",
        "Первая сдача",
        "Последняя сдача",
        "Стол",
        *(f"Место {seat}" for seat in range(1, 6)),
        "Отдыхает",
        *(f"Место {seat}: имя" for seat in range(1, 6)),
        "Отдыхает: имя",
    ]
