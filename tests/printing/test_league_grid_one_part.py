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
from printing.league_sheet import (
    DriveGrid,
    GridDrive,
    GridLine,
    GridScore,
    LeagueLine,
    LeagueSheet,
)
from tests.printing.printed import needs_pdftotext, pdf_text

pytestmark = needs_pdftotext

MONTHS = ("янв.", "февр.", "марта", "апр.", "мая", "июня", "июля", "авг.")
NAMES = ("Пётр Ильин", "Ана Попа", "Лука Нери", "Ян Бо")


def _sheet(drives: int) -> LeagueSheet:
    lines = tuple(
        LeagueLine(
            texts={
                "rank": str(rank),
                "name": name,
                "drives": str(drives),
                "counted": str(drives),
                "total": str(100 - rank),
                "per_drive": "4,50",
                "per_hand": "1,12",
                "note": "",
            },
            qualified=True,
        )
        for rank, name in enumerate(NAMES, start=1)
    )
    grid = DriveGrid(
        title="Турниры каждого игрока",
        legend="Пустая клетка: игрок не играл в этом турнире.",
        drives=tuple(
            GridDrive(f"{1 + d % 28} {MONTHS[d % len(MONTHS)]}", "2026")
            for d in range(drives)
        ),
        lines=tuple(
            GridLine(
                str(rank),
                name,
                str(100 - rank),
                tuple(GridScore(str(d % 9)) for d in range(drives)),
                True,
            )
            for rank, name in enumerate(NAMES, start=1)
        ),
    )
    return LeagueSheet(
        club="Riverside",
        season="2026",
        title="Лига: 2026",
        rules=(),
        lines=lines,
        drives=(),
        printed="5 дек. 2026",
        grid=grid,
    )


@pytest.mark.parametrize(("drives", "parts"), [(12, 1), (40, 3)])
def test_a_grid_says_its_part_only_where_it_has_parts(tmp_path, drives, parts):
    with translation.override("ru"):
        printed = league_pdf.draw_league(_sheet(drives), paper="a4")
    text = " ".join(pdf_text(printed.data, tmp_path).split())
    said = text.count(f"из {drives}")
    assert said == (0 if parts == 1 else parts), text
