"""How this release lays out the sheets an older release wrote, for the
upgrade test (test_upgrade): each change is checked on the old drives and
seasons, then undone, so that everything else is compared as before.

- Frozen panes: a sheet of players keeps its names in sight as it scrolls
  right, frozen with its headers (printing.sheets.first_data_cell), where an
  older release froze the header row alone ("A2").
- Attendance: each drive's column is headed by its date, a date the
  spreadsheet sorts and filters by, and its name on a second header row,
  where an older release wrote one heading of text ("04 Sep 2026 September
  drive").
"""

from __future__ import annotations

import datetime
from typing import Any

OLD_FROZEN = "A2"
FROZEN_AT = {
    "Results": "D2",  # Rank, No., Name
    "Hands": "C2",  # No., Name
    "Cards": "C2",
    "Adjustments": "C2",
    "Money": "C2",  # Entry, Name
    "League": "C2",  # Rank, Name
    "Attendance": "C3",  # Name, Drives; under the dates and the names
    "Takings": "C2",  # Date, Drive
}


def frozen_as_before(sheet: dict[str, Any], where: str, problems: list[str]) -> None:
    expected = FROZEN_AT.get(sheet["title"], OLD_FROZEN)
    if sheet["freeze_panes"] != expected:
        problems.append(f"{where}: frozen at {sheet['freeze_panes']}, not {expected}")
    sheet["freeze_panes"] = OLD_FROZEN


def attendance_as_before(
    sheet: dict[str, Any], where: str, problems: list[str]
) -> None:
    """The two header rows (dates, names) as the one heading of text they were."""
    rows = sheet["rows"]
    dates, names = rows[0], rows[1]
    if dates[:2] != ["Name", "Drives"] or names[:2] != [None, None]:
        problems.append(f"{where}: the header rows are {dates[:2]} and {names[:2]}")
        return
    headings = []
    for date, name in zip(dates[2:], names[2:], strict=True):
        try:
            day = datetime.datetime.fromisoformat(date).date()
        except (TypeError, ValueError):
            problems.append(f"{where}: {date!r} is not a date")
            return
        headings.append(f"{day:%d %b %Y} {name}")
    sheet["rows"] = [dates[:2] + headings, *rows[2:]]


def sheets_as_before(after: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """`after` with the sheets laid out as an older release laid them out, and
    what is wrong with the new layout."""
    problems: list[str] = []
    for kind in ("drives", "seasons"):
        for key, item in after[kind].items():
            for sheet in item.get("workbook", []):
                where = f"{kind}/{key} ({item.get('name')})/{sheet['title']}"
                frozen_as_before(sheet, where, problems)
                if kind == "seasons" and sheet["title"] == "Attendance":
                    attendance_as_before(sheet, where, problems)
    return after, problems
