"""Spreadsheets of prizes and the season.

- The drive's workbook has a `Prizes` sheet (scoring.exports adds it with
  `prize_rows`): Prize, No., Name, Total, Note; one row per winner, in the prize
  list's order, and one row with no winner for a prize not decided yet.
- The season's workbook: `League` (Rank, Name, Drives, Counted, Total, Average;
  the average is per counted drive; the unqualified follow with no rank), and
  `Attendance` (one row per player, one column per drive: 1 when they came).
"""

from __future__ import annotations

import io
import re
from typing import IO, Any

from openpyxl import Workbook

from drive.models import Drive
from scoring.models import Season
from scoring.selectors import DriveScores
from scoring.selectors_prizes import (
    DrivePrizes,
    drive_prizes,
    league,
    season_attendance,
)

PRIZE_HEADERS = ["Prize", "No.", "Name", "Total", "Note"]
PRIZE_WIDTHS = [28, 6, 28, 8, 48]
LEAGUE_HEADERS = ["Rank", "Name", "Drives", "Counted", "Total", "Average"]


def prize_rows(
    *,
    drive: Drive,
    scores: DriveScores | None = None,
    prizes: DrivePrizes | None = None,
) -> list[list[Any]]:
    prizes = prizes or drive_prizes(drive=drive, scores=scores)
    rows: list[list[Any]] = []
    for award in prizes.awards:
        if not award.winners:
            rows.append([award.title, None, "", None, award.note])
            continue
        for winner in award.winners:
            rows.append(
                [award.title, winner.number, winner.name, winner.total, award.note]
            )
    return rows


def season_workbook_filename(season: Season) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", season.name).strip("-").lower() or "season"
    return f"league-{slug}.xlsx"


def build_season_workbook(*, season: Season) -> Workbook:
    # scoring.exports imports this module for its Prizes sheet: import it here.
    from scoring.exports import _sheet

    workbook = Workbook(write_only=True)
    table = league(season=season)
    _sheet(
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
    _sheet(
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
