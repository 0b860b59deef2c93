"""The season's workbook. It names what it is, for whoever it is forwarded
to (the file's name may not, and an e-mail is left behind): its `League`
sheet begins with a line over the headers, the club · "League: 2026" · the
day it was made (season_heading), and its properties give the season's
title ("League: 2026") and, as the author, the club.

Its sheets: `League` (Rank, Name, Drives, Counted, Total, Average,
Per hand, Note: the league page's table, cell for cell; the average is per
counted drive, Per hand per hand of the counted drives, Note how a tie was
placed or "not yet qualified"; the unqualified follow with no rank; Per hand
and Note came last, after the columns older releases wrote, so a spreadsheet
that reads those by position reads them as before),
`Attendance` (one row per player, one column per drive: 1 when they came;
each drive's date, a date the spreadsheet can sort and filter by, on the
first header row and its name on the second, as on `Drive scores`),
`Drive scores` (added after the sheets older releases wrote, so those stay as
they were) and, when a drive of the season has money to account for, `Takings`.

`Drive scores` is the league page's "Each player's drives": the League sheet's
rows in its order (Rank, Name, Total), then one column per drive of the season,
its date (a date the spreadsheet can sort) on the first header row and its name
on the second; each cell the player's score in that drive as a number, blank
when they were not there. A drive not counted in the total (not one of the best
N) keeps its score, in a grey cell, and the last column, Not counted, lists
those drives' dates; the scores in white cells add up to Total, the League
sheet's (league.table.scores_by_drive: the rule of what counts is written once).
When some drives' scores are of another size than the others' (total tricks
among odd tricks, another rubber preset), a row under the players says so, as
the league page does (league.games).

`Takings` is the season's takings page as a sheet (league.selectors.season_takings:
every drive of the club in the season's dates, whatever its state): one row per
drive (Date, Drive, Entry fees, Other income, Total received, Costs, Net), then
the season's sums. Amounts are numbers, exact as kept, in the club's currency
format; its headers are in the site's language. A season without money keeps
the two sheets it always had, as the drive's workbook does with its `Money` sheet.
"""

from __future__ import annotations

import datetime
import io
from decimal import Decimal
from typing import IO

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from drive.models import Drive
from league.models import Season
from league.selectors import (
    League,
    league,
    season_attendance,
    season_takings,
)
from league.table import LeagueRow
from players import dates
from players.money import number_format
from players.typed_text import printable_text
from printing import filenames
from printing.sheets import (
    BOLD,
    add_sheet,
    date_cell,
    first_data_cell,
    fitted_widths,
    sheet_name,
    text_cell,
)

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


def league_headers(table: League) -> list[object]:
    """The `League` sheet's headers: the total and the average per hand in
    the season's game's words (Total and Per hand in a season of tricks, as
    older releases wrote them; rubber points, prediction whist points, Per
    deal), since a sheet has no sentence over its columns to say so."""
    headers: list[object] = list(LEAGUE_HEADERS)
    headers[4] = table.total_heading
    headers[6] = table.per_hand_heading
    return headers


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
        name_columns=2,  # Date, Drive
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


# A dropped drive's cell on the `Drive scores` sheet: light grey, kept by every
# spreadsheet and on paper.
DROPPED_FILL = PatternFill(
    fill_type="solid", start_color="FFD9D9D9", end_color="FFD9D9D9"
)


# A drive's name under its date, in a column kept narrow for its numbers:
# wrapped onto as many lines as it needs, never cut at the next column.
NAME_ALIGNMENT = Alignment(wrap_text=True, vertical="top")


def drive_name_cell(sheet: WriteOnlyWorksheet, drive: Drive) -> WriteOnlyCell:
    cell = text_cell(sheet, printable_text(drive.name))
    cell.alignment = NAME_ALIGNMENT
    return cell


def add_drive_scores_sheet(workbook: Workbook, *, table: League) -> None:
    """The `Drive scores` sheet (the module's docstring says what it holds)."""
    sheet = workbook.create_sheet(
        sheet_name(pgettext("workbook sheet", "Drive scores"), workbook.sheetnames)
    )
    # The dates' and names' rows, and Rank, Name and Total, stay in sight.
    sheet.freeze_panes = first_data_cell(header_rows=2, name_columns=3)
    # The rank, name and total columns fit their headings and a long name.
    widths = fitted_widths(
        [7, 28, 8] + [12] * len(table.drives) + [30],
        [*LEAGUE_HEADERS[:2], table.total_heading],
        [[None, player.row.name] for player in table.player_drives],
    )
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    dates_row = [text_cell(sheet, str(h), bold=True) for h in LEAGUE_HEADERS[:2]]
    dates_row.append(text_cell(sheet, table.total_heading, bold=True))
    for drive in table.drives:
        cell = date_cell(sheet, drive.date)
        cell.font = BOLD
        dates_row.append(cell)
    dates_row.append(text_cell(sheet, _("Not counted"), bold=True))
    sheet.append(dates_row)
    sheet.append(
        [None, None, None]
        + [drive_name_cell(sheet, drive) for drive in table.drives]
        + [None]
    )
    for player in table.player_drives:
        cells: list[object] = [
            player.row.rank,
            text_cell(sheet, printable_text(player.row.name)),
            player.row.total,
        ]
        for _drive, score in player.scores:
            cell = WriteOnlyCell(sheet, value=score.total)
            if score.dropped:
                cell.fill = DROPPED_FILL
            cells.append(cell)
        dropped = ", ".join(
            dates.short_date(drive.date, padded=True) for drive, _s in player.dropped
        )
        cells.append(text_cell(sheet, dropped) if dropped else None)
        sheet.append(cells)
    if table.mixed_scales:
        # Scores of different sizes side by side: the league page's sentence
        # under the table says which drives, and so does the sheet, under its
        # rows.
        sheet.append([])
        sheet.append([text_cell(sheet, table.scale_words)])


def add_attendance_sheet(workbook: Workbook, *, season: Season) -> None:
    """The `Attendance` sheet (the module's docstring says what it holds)."""
    present = season_attendance(season=season)
    sheet = workbook.create_sheet(
        sheet_name(pgettext("workbook sheet", "Attendance"), workbook.sheetnames)
    )
    # The dates' and names' rows, and Name and Drives, stay in sight.
    sheet.freeze_panes = first_data_cell(header_rows=2, name_columns=2)
    headings = [_("Name"), _("Drives")]
    rows: list[list[object]] = [
        [row.name, row.drives] + [1 if here else None for here in row.present]
        for row in present.rows
    ]
    rows.append([_("Players"), None, *present.counts])
    # A drive's column holds 1s: it stays narrow under its date and name.
    widths = fitted_widths([28, 8], headings, rows) + [14] * len(present.drives)
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    dates_row = [text_cell(sheet, str(h), bold=True) for h in headings]
    for drive in present.drives:
        cell = date_cell(sheet, drive.date)
        cell.font = BOLD
        dates_row.append(cell)
    sheet.append(dates_row)
    sheet.append(
        [None, None] + [drive_name_cell(sheet, drive) for drive in present.drives]
    )
    for row in rows:
        sheet.append([text_cell(sheet, printable_text(row[0])), *row[1:]])


def season_title(season: Season) -> str:
    """ "League: 2026", as the league page and the printed table title it."""
    return _("League: %(name)s") % {"name": season.name}


def season_heading(season: Season, *, made: datetime.date) -> str:
    """The line over the `League` sheet's headers: what the file is, for
    whoever it is forwarded to ("Trefl · League: 2026 · made 5 Dec 2026")."""
    # Translators: the line over the season workbook's first sheet: the
    # club's name · "League: 2026" · the day the file was made (5 Dec 2026).
    return _("%(club)s · %(title)s · made %(date)s") % {
        "club": season.club.name,
        "title": season_title(season),
        "date": dates.short_date(made),
    }


def build_season_workbook(
    *, season: Season, made: datetime.date | None = None
) -> Workbook:
    """The season's workbook, made on `made` (today, the active time zone's
    day); its properties name the season and, as its author, the club."""
    made = made or timezone.localdate()
    workbook = Workbook(write_only=True)
    workbook.properties.title = printable_text(season_title(season))
    workbook.properties.creator = printable_text(season.club.name)
    table = league(season=season)
    add_sheet(
        workbook,
        pgettext("workbook sheet", "League"),
        league_headers(table),
        LEAGUE_WIDTHS,
        [league_row(row) for row in table.rows],
        name_columns=2,  # Rank, Name
        heading=season_heading(season, made=made),
    )
    add_attendance_sheet(workbook, season=season)
    add_drive_scores_sheet(workbook, table=table)
    add_takings_sheet(workbook, season=season)
    return workbook


def write_season_workbook(*, season: Season, output: IO[bytes]) -> None:
    buffer = io.BytesIO()
    build_season_workbook(season=season).save(buffer)
    output.write(buffer.getvalue())
