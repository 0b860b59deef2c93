"""A league's "Each player's drives" set on a page turned sideways in one
part says no part: a Russian season of twelve drives, too many for the
upright page and few enough for one sideways page, said "Турниры с 1 по 12
из 12" ("Drives 1 to 12 of 12") over its grid, as if it were a part of
something longer. A grid split in parts still says which drives each
holds ("Drives 1 to 10 of 40")."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import league_pdf
from printing.league_sheet import LeagueSheet
from tests.printing.printed import needs_pdftotext, pdf_text
from tests.printing.russian_league import russian_league

pytestmark = needs_pdftotext

MONTHS = ("янв.", "февр.", "марта", "апр.", "мая", "июня", "июля", "авг.")
NAMES = ("Пётр Ильин", "Ана Попа", "Лука Нери", "Ян Бо")


def _sheet(drives: int) -> LeagueSheet:
    dates = [f"{1 + d % 28} {MONTHS[d % len(MONTHS)]}" for d in range(drives)]
    return russian_league(NAMES, dates, lambda d: str(d % 9), top=100)


@pytest.mark.parametrize(("drives", "parts"), [(12, 1), (40, 3)])
def test_a_grid_says_its_part_only_where_it_has_parts(tmp_path, drives, parts):
    with translation.override("ru"):
        printed = league_pdf.draw_league(_sheet(drives), paper="a4")
    text = " ".join(pdf_text(printed.data, tmp_path).split())
    said = text.count(f"из {drives}")
    assert said == (0 if parts == 1 else parts), text
