"""The workbook's Results sheet (and its CSV) says, once the drive is
finished, the tie-break rule that placed each row the final boards mark
("count-back from the last hand"), in a column of its own, blank for the
rest; a drive with no tie broken (a place shared, play going on) has no
such column."""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from printing import exports
from tests.factories import play_round
from tests.prizes.fixtures import finished_tie, set_order, two_hand_drive

pytestmark = pytest.mark.django_db

HEADER = {
    "ru": "Порядок при равенстве очков",
    "pl": "Kolejność przy równym wyniku",
    "en-gb": "Placed by tie-break",
}
COUNT_BACK = {
    "ru": "сравнение с последней сдачи",
    "pl": "porównanie od ostatniego rozdania",
    "en-gb": "count-back from the last hand",
}


def results(drive, language: str) -> list[tuple]:
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
    sheet = load_workbook(io.BytesIO(buffer.getvalue())).worksheets[0]
    return list(sheet.iter_rows(values_only=True))


@pytest.mark.parametrize("language", ["ru", "pl", "en-gb"])
def test_the_results_sheet_says_the_rule_that_placed_a_row(club, language):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    head, *rows = results(drive, language)
    column = head.index(HEADER[language])
    assert column == len(head) - 1  # after Total: nobody withdrew
    placed = {row[1]: row[column] for row in rows}
    assert placed == {
        at["N"]: None,
        at["W"]: COUNT_BACK[language],
        at["S"]: COUNT_BACK[language],
        at["E"]: None,
    }
    # The CSV as the sheet.
    text = io.StringIO()
    with translation.override(language):
        exports.write_results_csv(drive=drive, output=text)
        delimiter, _decimal = exports.csv_separators()
    lines = list(csv.reader(io.StringIO(text.getvalue()), delimiter=delimiter))
    assert lines[0][-1] == HEADER[language]
    assert sorted(line[-1] for line in lines[1:]) == sorted(
        ["", "", COUNT_BACK[language], COUNT_BACK[language]]
    )


def test_no_column_without_a_broken_tie(club):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, _seats = finished_tie(club)
    head, *_rows = results(drive, "ru")
    assert HEADER["ru"] not in head
    set_order(club, "count_back")
    playing = two_hand_drive(club)
    play_round(playing, tricks=lambda deal: 9)
    head, *_rows = results(playing, "ru")
    assert HEADER["ru"] not in head
