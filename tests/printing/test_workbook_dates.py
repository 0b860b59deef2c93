"""Dates in the workbooks are dates a spreadsheet sorts and counts with,
shown as the club's language writes them (08.01.2026 in Polish, 08/01/2026 in
English and Italian), not 2026-01-08; a moment keeps its hours and minutes."""

from __future__ import annotations

import datetime
import io

import pytest
from django.utils import translation
from openpyxl import Workbook, load_workbook

from printing import exports
from printing.sheets import add_sheet
from tests.factories import drive_with_players
from tests.printing.season_book import WRITTEN


def read_back(workbook: Workbook) -> Workbook:
    buffer = io.BytesIO()
    workbook.save(buffer)
    return load_workbook(buffer)


@pytest.mark.parametrize("language", sorted(WRITTEN))
def test_a_date_and_a_moment_are_written_as_the_language_writes_them(language):
    day = datetime.date(2026, 1, 8)
    moment = datetime.datetime(2026, 1, 8, 21, 5)
    workbook = Workbook(write_only=True)
    with translation.override(language):
        add_sheet(
            workbook,
            "Sheet",
            ["Date", "When", "Text"],
            [12, 18, 9],
            [[day, moment, "8 Jan"]],
        )
    date_cell, moment_cell, text = read_back(workbook).active[2]
    assert date_cell.is_date and date_cell.value.date() == day
    assert date_cell.number_format == WRITTEN[language]
    assert moment_cell.is_date and moment_cell.value == moment
    assert moment_cell.number_format == WRITTEN[language] + " hh:mm"
    assert text.value == "8 Jan" and not text.is_date


@pytest.mark.django_db
def test_the_drive_sheet_gives_the_drives_date_in_polish():
    drive = drive_with_players(players=8, start=False, date=datetime.date(2026, 1, 8))
    with translation.override("pl"):
        buffer = io.BytesIO()
        exports.write_workbook(drive=drive, output=buffer)
    sheet = load_workbook(buffer)["Turniej"]
    [date] = [row[1] for row in sheet.iter_rows() if row[0].value == "Data"]
    assert date.is_date and date.value.date() == datetime.date(2026, 1, 8)
    assert date.number_format == "dd.mm.yyyy"
