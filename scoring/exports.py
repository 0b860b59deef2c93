"""The drive's workbook (openpyxl, write-only): everything a secretary needs.

Sheets: `Results` (the standings, rank order), `Deals` (one row per table per
hand: the seats by entry number and the tricks, from which anyone can recompute
every total), and `Drive` (the settings the scores depend on).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from typing import IO, Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from drive.models import Drive
from scoring.rules import hand_scores
from scoring.selectors import deals, drive_scores

BOLD = Font(bold=True)

RESULTS_HEADERS = [
    "Rank",
    "No.",
    "Name",
    "Group",
    "Played",
    "Sat out",
    "Score",
    "Adjustment",
    "Total",
]
DEALS_HEADERS = [
    "Hand",
    "Round",
    "Trumps",
    "Table",
    "N",
    "E",
    "S",
    "W",
    "NS tricks",
    "EW tricks",
    "NS score",
    "EW score",
]


def workbook_filename(drive: Drive) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", drive.name).strip("-").lower() or "drive"
    return f"{slug}-{drive.date:%Y-%m-%d}.xlsx"


def _cell(
    sheet: WriteOnlyWorksheet, value: Any, *, bold: bool = False
) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        # Stored as text, never as a formula, whatever the first character.
        cell.data_type = "s"
    if bold:
        cell.font = BOLD
    return cell


def _sheet(
    workbook: Workbook,
    title: str,
    headers: Sequence[str],
    widths: Sequence[int],
    rows: Iterable[Sequence[Any]],
) -> None:
    sheet = workbook.create_sheet(title)
    sheet.freeze_panes = "A2"
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    sheet.append([_cell(sheet, header, bold=True) for header in headers])
    for row in rows:
        sheet.append([_cell(sheet, value) for value in row])


def build_workbook(*, drive: Drive) -> Workbook:
    workbook = Workbook(write_only=True)
    scores = drive_scores(drive=drive)
    results = [
        [
            s.rank,
            s.number,
            s.name,
            drive.group_label(s.group),
            s.played,
            s.sat_out,
            s.score,
            s.adjustment,
            s.total,
        ]
        for s in scores.standings()
    ]
    _sheet(
        workbook, "Results", RESULTS_HEADERS, [7, 6, 28, 12, 8, 8, 8, 11, 8], results
    )
    deal_rows = []
    for deal in deals(drive=drive):
        scores_row: list[Any] = [None, None]
        if deal.ns_tricks is not None:
            scores_row = list(hand_scores(deal.ns_tricks, drive.scoring_rule))
        deal_rows.append(
            [
                deal.hand,
                deal.round,
                deal.trumps.label,
                deal.table,
                deal.north,
                deal.east,
                deal.south,
                deal.west,
                deal.ns_tricks,
                deal.ew_tricks,
                *scores_row,
            ]
        )
    _sheet(
        workbook,
        "Deals",
        DEALS_HEADERS,
        [7, 7, 11, 7, 6, 6, 6, 6, 10, 10, 9, 9],
        deal_rows,
    )
    settings_rows = [
        ["Club", drive.club.name],
        ["Drive", drive.name],
        ["Date", drive.date],
        ["Venue", drive.venue],
        [
            "Movement",
            drive.get_format_display()
            + (" (winners move)" if drive.winners_move else ""),
        ],
        ["Hands", drive.hands],
        ["Hands per round", drive.hands_per_round],
        ["Trumps", ", ".join(t.label for t in drive.trumps)],
        ["Scoring", drive.get_scoring_rule_display()],
        ["Group A", drive.group_a_label],
        ["Group B", drive.group_b_label],
        ["Sit-out compensation", drive.get_sit_out_compensation_display()],
        ["Fixed score per hand sat out", drive.sit_out_fixed_score],
        ["State", drive.get_state_display()],
    ]
    _sheet(workbook, "Drive", ["Setting", "Value"], [28, 40], settings_rows)
    return workbook


def write_workbook(*, drive: Drive, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_workbook(drive=drive).save(buffer)
    output.write(buffer.getvalue())
