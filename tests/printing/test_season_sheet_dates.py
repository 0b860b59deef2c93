"""The season's workbook as a secretary sorts and filters it: the Attendance
sheet heads each drive's column with its date, a real date in the language's
way of writing it (05.12.2026 in Polish, Russian and Romanian, 05/12/2026 in
Italian and British English), and its name under it, as Drive scores does;
and every sheet of players keeps its headers and its names in sight as it
scrolls (its panes frozen at its first data cell). Read back with openpyxl:
no spreadsheet program is needed."""

from __future__ import annotations

import pytest

from tests.printing.season_book import DAYS, WRITTEN, season_book

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", sorted(WRITTEN))
def test_attendance_heads_each_drive_with_its_date_and_name(season, language):
    book = season_book(season, language)
    attendance, scores = book.worksheets[1], book.worksheets[2]
    dates = list(attendance.iter_rows(min_row=1, max_row=1, min_col=3))[0]
    assert [cell.value.date() for cell in dates] == DAYS
    for cell in dates:
        assert cell.is_date and cell.font.bold
        assert cell.number_format == WRITTEN[language]
    names = [cell.value for cell in attendance[2][2:]]
    assert names == ["Spring drive", "=Christmas drive"]
    assert all(cell.data_type == "s" for cell in attendance[2][2:])  # not a formula
    # The same dates, written the same way, as on Drive scores.
    shown = [cell for cell in scores[1] if cell.is_date]
    assert [c.number_format for c in shown] == [WRITTEN[language]] * 2
    # The players: one a row under the two header rows, 1 where they came.
    rows = list(attendance.iter_rows(min_row=3, values_only=True))
    assert len(rows) == 16 + 1  # sixteen players, then the count of each drive
    assert all(row[1] == 1 and row[2:].count(1) == 1 for row in rows[:-1])
    assert rows[-1][2:] == (8, 8)


def test_every_sheet_of_players_keeps_its_headers_and_names_in_sight(season):
    book = season_book(season, "en-gb")
    frozen = {sheet.title: sheet.freeze_panes for sheet in book.worksheets}
    assert frozen == {
        "League": "C3",  # Rank, Name; under the line naming it and the headers
        "Attendance": "C3",  # Name, Drives; under the dates and the names
        "Drive scores": "D3",  # Rank, Name, Total
    }
    attendance = book["Attendance"]
    assert [attendance["A1"].value, attendance["B1"].value] == ["Name", "Drives"]
    assert attendance["C3"].value == 1 or attendance["D3"].value == 1
