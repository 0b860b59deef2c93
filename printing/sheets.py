"""Writing a sheet of a workbook (openpyxl, write-only), for every workbook we make.

Text is never a formula: a cell holding text is stored as text whatever its
first character, and every text goes through players.typed_text.printable_text.
Money is exact: given a `money_format`, every Decimal of a row is written as
the number it is (never through a float) in that format (players.money.number_format).
A date is a date the spreadsheet can sort and count with, shown as the
language writes it (Polish 08.01.2026, English 08/01/2026; not 2026-01-08),
and a moment (already in the club's time zone) with its hours and minutes.
A column is at least as wide as its longest heading or word-sized text (a
long Polish or Russian name, a pair's two names, a label of the Drive sheet),
up to FIT_MAX characters; a longer text (a rule in words) keeps the width the
sheet gives it and runs on into the empty cells beside it.
A sheet's headers stay in sight as it scrolls down, and a sheet of players
keeps its names (No. and Name, or Rank, No. and Name) in sight as it scrolls
right: its panes are frozen at its first data cell.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django.utils import formats
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

from players.typed_text import printable_text

BOLD = Font(bold=True)

# Excel's rules for a sheet's name: at most 31 characters, none of these, no
# apostrophe first or last, not "History", and no two alike (case aside).
SHEET_NAME_MAX = 31
SHEET_NAME_FORBIDDEN = re.compile(r"[:\\/?*\[\]\x00-\x1f]")


def sheet_name(title: object, taken: Iterable[str] = ()) -> str:
    """`title` (a sheet's name in any language) as a name Excel accepts: the
    forbidden characters made "-", cut to 31 characters, and a number added
    where it would be the same as one of the `taken` names."""
    name = SHEET_NAME_FORBIDDEN.sub("-", " ".join(str(title).split()))
    name = name.strip("'").strip() or "Sheet"
    if name.casefold() == "history":
        name = f"{name} 1"
    used = {t.casefold() for t in taken}
    candidate = name[:SHEET_NAME_MAX].rstrip("' ")
    number = 1
    while candidate.casefold() in used:
        number += 1
        suffix = f" {number}"
        candidate = name[: SHEET_NAME_MAX - len(suffix)].rstrip("' ") + suffix
    return candidate


def text_cell(
    sheet: WriteOnlyWorksheet, value: Any, *, bold: bool = False
) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        # Stored as text, never as a formula, whatever the first character.
        cell.data_type = "s"
    if bold:
        cell.font = BOLD
    return cell


def needs_text_cell(value: Any) -> bool:
    """Whether openpyxl would store this string as something else than text.

    It reads a string that starts with "=" as a formula and one like "#N/A" as
    an error; only those need a cell of their own saying "text". Everything
    else is appended as a plain value, which writes the same XML much faster.
    """
    return isinstance(value, str) and (value.startswith("=") or value in ERROR_CODES)


# strftime's fields as a spreadsheet's number format writes them.
EXCEL_DATE_FIELDS = {"%d": "dd", "%m": "mm", "%Y": "yyyy", "%y": "yy"}


def date_format() -> str:
    """The active language's way of writing a date, as a number format
    ("dd.mm.yyyy"): the first date format its forms read (Django's)."""
    written = str(formats.get_format("DATE_INPUT_FORMATS")[0])
    for field, excel in EXCEL_DATE_FIELDS.items():
        written = written.replace(field, excel)
    return written


def date_cell(sheet: WriteOnlyWorksheet, value: datetime.date) -> WriteOnlyCell:
    """A date (or a moment: a datetime, with hours and minutes) in the language's
    way of writing it."""
    cell = WriteOnlyCell(sheet, value=value)
    moment = isinstance(value, datetime.datetime)
    cell.number_format = date_format() + (" hh:mm" if moment else "")
    return cell


def money_cell(
    sheet: WriteOnlyWorksheet, amount: Decimal, *, money_format: str
) -> WriteOnlyCell:
    """An amount as a number, exact as written, in the currency's format."""
    cell = WriteOnlyCell(sheet, value=amount)
    cell.number_format = money_format
    return cell


# The widest a column grows to fit its text, in characters.
FIT_MAX = 50


def fitted_widths(
    widths: Sequence[int], headers: Sequence[object], rows: Sequence[Sequence[Any]]
) -> list[float]:
    """`widths`, each widened to its column's longest heading or cell (as
    written, plus one for the margin) of at most FIT_MAX characters."""
    fitted = [float(width) for width in widths]
    for row in [headers, *rows]:
        for index, value in enumerate(row[: len(fitted)]):
            if value is None or isinstance(value, datetime.date):
                continue
            length = len(str(value)) + 1
            if fitted[index] < length <= FIT_MAX + 1:
                fitted[index] = float(length)
    return fitted


def first_data_cell(*, header_rows: int, name_columns: int) -> str:
    """Where a sheet freezes its panes: the first cell under its headers and
    right of its name columns ("C2": the headers and columns A and B stay)."""
    return f"{get_column_letter(name_columns + 1)}{header_rows + 1}"


def add_sheet(
    workbook: Workbook,
    title: object,
    headers: Sequence[object],
    widths: Sequence[int],
    rows: Iterable[Sequence[Any]],
    *,
    money_format: str | None = None,
    fit_headers: bool = True,
    name_columns: int = 0,
    heading: str | None = None,
) -> None:
    """A sheet: bold headers, frozen under them, the columns' widths (widened
    to fit: `fitted_widths`; to fit the rows alone without `fit_headers`), the
    rows.

    With `money_format`, the rows' Decimal values are money (`money_cell`).
    A sheet of players names its first `name_columns` columns (No., Name):
    they stay in sight, frozen with the headers, as the sheet scrolls right.
    A `heading` (what the file is: the club, the season, the day it was made)
    is a line of bold text over the headers, in the first cell, running on
    into the empty cells beside it (it widens no column); it stays in sight
    with the headers."""
    sheet = workbook.create_sheet(sheet_name(title, workbook.sheetnames))
    sheet.freeze_panes = first_data_cell(
        header_rows=2 if heading else 1, name_columns=name_columns
    )
    rows = [list(row) for row in rows]
    fitted = fitted_widths(widths, headers if fit_headers else [], rows)
    for index, width in enumerate(fitted, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    if heading:
        sheet.append([text_cell(sheet, printable_text(heading), bold=True)])
    sheet.append(
        [text_cell(sheet, printable_text(str(header)), bold=True) for header in headers]
    )
    for row in rows:
        row = [printable_text(v) if isinstance(v, str) else v for v in row]
        if money_format is not None:
            row = [
                money_cell(sheet, v, money_format=money_format)
                if isinstance(v, Decimal)
                else v
                for v in row
            ]
        if any(needs_text_cell(value) for value in row):
            row = [text_cell(sheet, v) if needs_text_cell(v) else v for v in row]
        if any(isinstance(value, datetime.date) for value in row):
            row = [
                date_cell(sheet, v) if isinstance(v, datetime.date) else v for v in row
            ]
        sheet.append(row)
