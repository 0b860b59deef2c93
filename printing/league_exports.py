"""The season's workbook: `League` (Rank, Name, Drives, Counted, Total, Average;
the average is per counted drive; the unqualified follow with no rank), and
`Attendance` (one row per player, one column per drive: 1 when they came).
"""

from __future__ import annotations

import io
import re
from typing import IO

from openpyxl import Workbook

from league.models import Season
from league.selectors import (
    league,
    season_attendance,
)
from printing.sheets import add_sheet

LEAGUE_HEADERS = ["Rank", "Name", "Drives", "Counted", "Total", "Average"]


def season_workbook_filename(season: Season) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", season.name).strip("-").lower() or "season"
    return f"league-{slug}.xlsx"


def build_season_workbook(*, season: Season) -> Workbook:
    workbook = Workbook(write_only=True)
    table = league(season=season)
    add_sheet(
        workbook,
        "League",
        LEAGUE_HEADERS,
        [7, 28, 8, 9, 8, 9],
        [
            [
                row.rank,
                row.name,
                row.drives,
                row.counted,
                row.total,
                float(row.average_per_drive)
                if row.average_per_drive is not None
                else None,
            ]
            for row in table.rows
        ],
    )
    present = season_attendance(season=season)
    headers = ["Name", "Drives"] + [
        f"{drive.date:%d %b %Y} {drive.name}" for drive in present.drives
    ]
    add_sheet(
        workbook,
        "Attendance",
        headers,
        [28, 8] + [14] * len(present.drives),
        [
            [row.name, row.drives] + [1 if here else None for here in row.present]
            for row in present.rows
        ]
        + [["Players", None] + present.counts],
    )
    return workbook


def write_season_workbook(*, season: Season, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_season_workbook(season=season).save(buffer)
    output.write(buffer.getvalue())
