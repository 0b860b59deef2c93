"""The season's workbook shows each drive's whole name under its date.

Attendance's drive columns are 14 wide and Drive scores' 12 (columns of 1s
and of scores), and a name longer than that was cut at the next name: a
Polish club's «Klubowy turniej wista» read «Klubowy turnie», a Russian
club's «Клубный турнир по висту» «Клубный турн». The names are wrapped in
their cells (the columns keep their widths), so each shows whole."""

from __future__ import annotations

import pytest

from tests.printing.season_book import DAYS, season_book

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_each_drives_name_wraps_in_its_narrow_column(season, language):
    book = season_book(season, language)
    for sheet, first in ((book.worksheets[1], 3), (book.worksheets[2], 4)):
        names = sheet[2][first - 1 : first - 1 + len(DAYS)]
        assert [cell.value for cell in names] == ["Spring drive", "=Christmas drive"]
        for cell in names:
            width = sheet.column_dimensions[cell.column_letter].width
            assert width < 20, (sheet.title, width)  # the column stays narrow
            assert cell.alignment.wrap_text, (sheet.title, cell.coordinate)
            assert cell.alignment.vertical == "top"
