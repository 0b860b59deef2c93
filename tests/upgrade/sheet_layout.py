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
- The League sheet of a season's workbook begins with a line naming the
  club, the season and the day it was made ("Trefl · League: 2026 · made
  5 Dec 2026"; printing.league_exports.season_heading), over its headers,
  which an older release wrote on the first row; it is checked and taken
  off first (league_heading_as_before), before anything reads the headers.
- A sit-out's reason on the Adjustments sheet goes on in lower case after
  its colon ("4 hands sat out: the room's average"; reasons_as_before).
- A drive of fixed pairs has a Pairs sheet after its Results, each pair
  once (pairs_sheet_taken_off), which an older release did not write.
- The movement rule on the Drive sheet names the groups as the drive does
  ("the Ladies player stays North"), where an older release said "A stays
  North"; the old words with the drive's names in them are the new words.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

OLD_FROZEN = "A2"
FROZEN_AT = {
    "Results": "D2",  # Rank, No., Name
    "Pairs": "D2",  # Rank, No., Name (a drive of fixed pairs; new in this release)
    "Hands": "C2",  # No., Name
    "Cards": "C2",
    "Adjustments": "C2",
    "Money": "C2",  # Entry, Name
    "League": "C3",  # Rank, Name; under the line naming it and the headers
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


def league_heading_as_before(
    seasons: dict[str, Any],
) -> tuple[dict[str, Any], list[str]]:
    """The seasons' League sheets without the line over their headers, and
    what is wrong with it: one cell, "<club> · League: <season> · made <day>"."""
    problems: list[str] = []
    for key, season in seasons.items():
        for sheet in season.get("workbook", []):
            if sheet["title"] != "League":
                continue
            where = f"seasons/{key} ({season.get('name')})/League"
            line, *rest = sheet["rows"][0] if sheet["rows"] else [None]
            title = f" · League: {season.get('name')} · made "
            if not isinstance(line, str) or title not in line or any(rest):
                problems.append(f"{where}: the first row is {sheet['rows'][:1]}")
                continue
            sheet["rows"] = sheet["rows"][1:]
    return seasons, problems


# The old rule's words for the groups, and the new words with their names.
NAMED_RULE = [
    (
        "(A stays North, B moves to West)",
        "(the {a} player stays North, the {b} player moves to West)",
    ),
    (
        "the losing A moves up a table and the losing B down",
        "the losing {a} player moves up a table and the losing {b} player down",
    ),
    (
        "the winning A moves up a table and the winning B down",
        "the winning {a} player moves up a table and the winning {b} player down",
    ),
    ("(A North, B South)", "(the {a} player North, the {b} player South)"),
    ("(A East, B West)", "(the {a} player East, the {b} player West)"),
    ("group A never moves; group B follows", "{a} never move; {b} follow"),
]


def rule_as_before(
    sheet: dict[str, Any], old: dict[str, Any], where: str, problems: list[str]
) -> None:
    """The Drive sheet's movement rule as the old release worded it."""
    rows = {row[0]: row for row in sheet["rows"] if row}
    rule = rows.get("Movement rule")
    old_rule = next((r for r in old["rows"] if r and r[0] == "Movement rule"), None)
    if rule is None or old_rule is None:
        return
    names = {
        "a": rows.get("Group A", [0, "A"])[1],
        "b": rows.get("Group B", [0, "B"])[1],
    }
    expected = old_rule[1]
    for words, named in NAMED_RULE:
        expected = expected.replace(words, named.format(**names))
    if rule[1] != expected:
        problems.append(f"{where}: the rule is {rule[1]!r}, not {expected!r}")
        return
    rule[1] = old_rule[1]


# Fixed pairs' quality as the old release worded it, and as this one does
# (drive.movement.quality: "1 different partner" was no sentence, and the most
# times two partners play together only counted the rounds).
FIXED_PAIRS_QUALITY = (
    re.compile(
        r"^everyone has 1 different partner; nobody partners anyone more than [^;]*; "
    ),
    "everyone keeps one partner all evening; ",
)


def quality_as_before(
    sheet: dict[str, Any], old: dict[str, Any], where: str, problems: list[str]
) -> None:
    """The Drive sheet's movement quality as the old release worded it."""
    rows = {row[0]: row for row in sheet["rows"] if row}
    quality = rows.get("Movement quality")
    old_quality = next(
        (r for r in old["rows"] if r and r[0] == "Movement quality"), None
    )
    if quality is None or old_quality is None:
        return
    words, now = FIXED_PAIRS_QUALITY
    expected = words.sub(now, old_quality[1])
    if quality[1] != expected:
        problems.append(f"{where}: the quality is {quality[1]!r}, not {expected!r}")
        return
    quality[1] = old_quality[1]


def sheets_as_before(
    after: dict[str, Any], before: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """`after` with the sheets laid out as an older release laid them out
    (`before`, what it showed), and what is wrong with the new layout."""
    problems: list[str] = []
    for kind in ("drives", "seasons"):
        for key, item in after[kind].items():
            old_sheets = {
                sheet["title"]: sheet
                for sheet in before[kind].get(key, {}).get("workbook", [])
            }
            for sheet in item.get("workbook", []):
                where = f"{kind}/{key} ({item.get('name')})/{sheet['title']}"
                frozen_as_before(sheet, where, problems)
                if kind == "seasons" and sheet["title"] == "Attendance":
                    attendance_as_before(sheet, where, problems)
                if (
                    kind == "drives"
                    and sheet["title"] == "Drive"
                    and "Drive" in old_sheets
                ):
                    rule_as_before(sheet, old_sheets["Drive"], where, problems)
                    quality_as_before(sheet, old_sheets["Drive"], where, problems)
            for sheet in item.get("workbook", []):
                if kind == "drives" and sheet["title"] == "Adjustments":
                    reasons_as_before(sheet, f"{kind}/{key}/Adjustments", problems)
            if kind == "drives" and "Pairs" not in old_sheets:
                pairs_sheet_taken_off(item, problems)
    return after, problems


def pairs_sheet_taken_off(drive: dict[str, Any], problems: list[str]) -> None:
    """A drive of fixed pairs' workbook has a Pairs sheet an older release
    did not: next after Results, each pair once (half as many rows as Results
    has players), headed as Results is. Checked, then taken off."""
    sheets = drive.get("workbook", [])
    titles = [sheet["title"] for sheet in sheets]
    if "Pairs" not in titles:
        return
    where = f"drives ({drive.get('name')})/Pairs"
    at = titles.index("Pairs")
    results, pairs = sheets[0]["rows"], sheets[at]["rows"]
    if at != 1 or titles[0] != "Results":
        problems.append(f"{where}: the sheets are {titles}, Pairs not after Results")
    elif pairs[0][:3] != results[0][:3] or 2 * (len(pairs) - 1) != len(results) - 1:
        problems.append(f"{where}: {len(pairs) - 1} pairs for {len(results) - 1}")
    drive["workbook"] = sheets[:at] + sheets[at + 1 :]


SAT_OUT = " sat out: "


def reasons_as_before(sheet: dict[str, Any], where: str, problems: list[str]) -> None:
    """A sit-out's reason goes on in lower case after its colon ("4 hands sat
    out: the room's average for that hand"), where an older release began the
    rule with a capital."""
    for row in sheet["rows"][1:]:
        reason = row[4] if len(row) > 4 else None
        if not isinstance(reason, str) or SAT_OUT not in reason:
            continue
        head, rule = reason.split(SAT_OUT, 1)
        if rule[:1] != rule[:1].lower():
            problems.append(f"{where}: {reason!r} has a capital after its colon")
        row[4] = f"{head}{SAT_OUT}{rule[:1].upper()}{rule[1:]}"
