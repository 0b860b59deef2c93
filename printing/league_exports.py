"""The season's workbook: `League` (Rank, Name, Drives, Counted, Total, Average,
Per hand, Note: the league page's table, cell for cell; the average is per
counted drive, Per hand per hand of the counted drives, Note how a tie was
placed or "not yet qualified"; the unqualified follow with no rank; Per hand
and Note came last, after the columns older releases wrote, so a spreadsheet
that reads those by position reads them as before),
`Attendance` (one row per player, one column per drive: 1 when they came) and,
when a drive of the season has money to account for, `Takings`.

`Takings` is the season's takings page as a sheet (league.selectors.season_takings:
every drive of the club in the season's dates, whatever its state): one row per
drive (Date, Drive, Entry fees, Other income, Total received, Costs, Net), then
the season's sums. Amounts are numbers, exact as kept, in the club's currency
format; its headers are in the site's language. A season without money keeps
the two sheets it always had, as the drive's workbook does with its `Money` sheet.
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import IO

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl import Workbook

from league.models import Season
from league.selectors import (
    league,
    season_attendance,
    season_takings,
)
from league.table import LeagueRow
from players import dates
from players.money import number_format
from printing import filenames
from printing.sheets import add_sheet

LEAGUE_HEADERS = [
    gettext_lazy("Rank"),
    gettext_lazy("Name"),
    gettext_lazy("Drives"),
    gettext_lazy("Counted"),
    gettext_lazy("Total"),
    gettext_lazy("Average"),
    gettext_lazy("Per hand"),
    gettext_lazy("Note"),
]
LEAGUE_WIDTHS = [7, 28, 8, 9, 8, 9, 10, 30]
TAKINGS_WIDTHS = [12, 30, 12, 13, 15, 12, 12]


def takings_headers() -> list[str]:
    """The `Takings` sheet's headers, in the language of the moment."""
    return [
        _("Date"),
        _("Drive"),
        _("Entry fees"),
        _("Other income"),
        _("Total received"),
        _("Costs"),
        _("Net"),
    ]


def add_takings_sheet(workbook: Workbook, *, season: Season) -> bool:
    """Write the `Takings` sheet if a drive of the season has money; whether it did."""
    takings = season_takings(season=season)
    if not takings.has_money:
        return False
    rows: list[list[object]] = [
        [
            row.drive.date,
            row.drive.name,
            row.fees_received,
            row.other_income,
            row.total_received,
            row.costs,
            row.net,
        ]
        for row in takings.drives
    ]
    rows.append(
        [
            _("The season"),
            None,
            takings.fees_received,
            takings.other_income,
            takings.total_received,
            takings.costs,
            takings.net,
        ]
    )
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Takings"),
        takings_headers(),
        TAKINGS_WIDTHS,
        rows,
        money_format=number_format(takings.currency),
    )
    return True


def season_workbook_filename(season: Season) -> str:
    return filenames.named(
        filenames.file_word("league"),
        filenames.slug(season.name) or filenames.file_word("season"),
        extension="xlsx",
    )


def _number(value: Decimal | None) -> float | None:
    return float(value) if value is not None else None


def league_row(row: LeagueRow) -> list[object]:
    """A row of the `League` sheet: the league page's row, its averages as numbers."""
    note = row.remark
    return [
        row.rank,
        row.name,
        row.drives,
        row.counted,
        row.total,
        _number(row.average_per_drive),
        _number(row.average_per_hand),
        note or None,
    ]


def build_season_workbook(*, season: Season) -> Workbook:
    workbook = Workbook(write_only=True)
    table = league(season=season)
    add_sheet(
        workbook,
        pgettext("workbook sheet", "League"),
        LEAGUE_HEADERS,
        LEAGUE_WIDTHS,
        [league_row(row) for row in table.rows],
    )
    present = season_attendance(season=season)
    headers = [_("Name"), _("Drives")] + [
        f"{dates.short_date(drive.date, padded=True)} {drive.name}"
        for drive in present.drives
    ]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Attendance"),
        headers,
        [28, 8] + [14] * len(present.drives),
        [
            [row.name, row.drives] + [1 if here else None for here in row.present]
            for row in present.rows
        ]
        + [[_("Players"), None] + present.counts],
    )
    add_takings_sheet(workbook, season=season)
    return workbook


def write_season_workbook(*, season: Season, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_season_workbook(season=season).save(buffer)
    output.write(buffer.getvalue())
