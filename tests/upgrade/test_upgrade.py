"""A club's database from an earlier release upgrades with nothing lost.

tests/upgrade/old_release.sqlite3 was made by an earlier release, with drives
in every format and state, prizes, seasons, captains' results, disagreements,
corrections and adjustments (tests/upgrade/club_evenings.py lists them;
tests/upgrade/make_fixture.py says how it was made); old_release_workbooks.json holds what that release showed of
it: every drive's workbook and results CSV, every season's league workbook,
and the rows of every table.

A copy is migrated by this release's `manage.py migrate` in a fresh process,
always on SQLite (DATABASE_URL names the copy), whatever database the suite
itself runs on. Then `manage.py check` passes; this release writes every
download from the migrated copy exactly as the old one did (tests/upgrade/
snapshot.py, which names the writers in one place); and every table that had
rows has them all, under its own name or, if the upgrade renamed it, under the
table of the model that kept it (found by the model's class name, since moving
a model to another app changes its label).

"Exactly" allows three things: a column grown wider to fit its text (a long
name, a heading; printing.sheets.fitted_widths), never narrower; the
Withdrawal column that ends Results and its CSV in a drive someone left
(WITHDRAWAL), checked against the words it may hold; and columns a later
release added at the end of a sheet (ADDED_COLUMNS), which the release's
contract makes part of every workbook. They must come after every old column, under their own headings,
and be blank on every row of an old drive, which had nothing to put in them;
the old columns are then compared as before, cell by cell and width by width.
A season's workbook may also have sheets a later release added after the old
ones (ADDED_SEASON_SHEETS), checked against the old League sheet and then left
out, so the old sheets are compared as before. The layout a later release
gave old sheets (tests/upgrade/sheet_layout.py: names frozen in sight, the
Attendance sheet's dates, the movement rule naming the drive's groups) is
checked, then undone, in the same way.

When the writers move, update the imports at the top of snapshot.py. Never
remake the fixture to make this pass: made by the new release, it would prove
nothing about upgrading a club's database.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openpyxl.utils import column_index_from_string, get_column_letter

from tests.upgrade.sheet_layout import league_heading_as_before, sheets_as_before

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURE = HERE / "old_release.sqlite3"
EXPECTED = HERE / "old_release_workbooks.json"
# Django's own records, which a migration adds to (an app's new content types
# and permissions): they may grow, never shrink.
BOOKKEEPING = frozenset({"django_migrations", "django_content_type", "auth_permission"})
# A model's rows are followed by its class name, from app to app. Should the
# upgrade rename a model's class, name it here: {"OldName": "NewName"}.
MODELS_RENAMED: dict[str, str] = {}
# Columns a release added at the end of a sheet of every drive's workbook, by
# sheet title. Issue 17 (honours and revokes): the Deals sheet gains Honours and
# Revoke (its contract), and Corrections the same two, so a correction of the
# honours alone shows; a drive of an older release had neither, so both are
# blank on every row.
ADDED_COLUMNS: dict[str, tuple[str, ...]] = {
    "Deals": ("Honours", "Revoke"),
    "Corrections": ("Honours", "Revoke"),
}
# A drive someone withdrew from: its Results sheet and CSV end with Withdrawal
# (printing.exports), when each one left, worked out from the old entries as
# the boards' "left early" is; blank for those who stayed. Checked, then left
# out by `without_last_column`, so the old columns are compared as before.
WITHDRAWAL = "Withdrawal"
WITHDRAWAL_WORDS = re.compile(r"before (round|game) \d+|after the last (round|game)")
# A finished drive where a tie-break placed players level on points apart: its
# Results sheet and CSV end with Placed by tie-break (printing.exports, after
# Withdrawal), the rule that placed each such row as the final boards mark it,
# worked out from the old results as the boards work it out; blank for the
# rest. Checked, then left out by `without_last_column`, as Withdrawal.
TIE_BREAK = "Placed by tie-break"
TIE_BREAK_WORDS = re.compile(
    r"count-back from the last (hand|deal)|most (hands won|predictions made exactly)"
    r"|best single (hand|deal)|a draw by the organiser \(a cut of the cards\)"
)
# Columns a release added at the end of a sheet of every season's workbook, by
# sheet title. The League sheet gains Per hand and Note, so it holds what the
# league page shows (the page had both; the sheet had neither, and an unranked
# row did not say why). Unlike the drives' added columns they are not blank on
# an old season: they are worked out from the old drives as the page works them
# out. They must come last, under their headings, Per hand a number wherever a
# drive counted, Note words or blank, and "not yet qualified" on every row
# without a rank; the old columns are then compared as before.
ADDED_SEASON_COLUMNS: dict[str, tuple[str, ...]] = {"League": ("Per hand", "Note")}
# Sheets a release added to every season's workbook, by title, right after the
# sheets older releases wrote (League, Attendance), which stay as they were.
# "Drive scores" (each player's score in each drive of the season, the ones the
# best N leave out in grey) is worked out from the old drives as the league page
# works it out: its rows are the League sheet's, its Total the League's Total.
ADDED_SEASON_SHEETS: tuple[str, ...] = ("Drive scores",)
# Sheets whose old rows were a defect this release corrects, by drive format and
# sheet title. A drive of fixed pairs gave its prizes to players, so both
# partners tied on every prize: its prizes now go to pairs (prizes.engine,
# pairs_of). Such a sheet is checked by `corrected_prizes` instead of cell by cell.
CORRECTED_SHEETS: frozenset[tuple[str, str]] = frozenset(
    {("partners", "Prizes"), ("rubber", "Prizes")}
)
# Season sheets whose names this release lists in the language's alphabet
# (players.collation, issue 20): "Ólafur" now sorts with the O's, not after Z.
# Such a sheet must hold the same rows, its names in that order.
REORDERED_SEASON_SHEETS = frozenset({"Attendance"})
# Formats without groups (issue 31): an earlier release wrote each entry's
# unseen group ("Ladies") in the Group column of Results, Hands and the CSV,
# the group labels in Drive, and named a group prize by the label ("Highest
# Ladies"). This release leaves that column out (its format says it has no
# groups: the columns after it move up one), those rows out, and names such a
# prize by the group's letter ("Highest Group A"); everything else is
# compared as before.
GROUPLESS_FORMATS = frozenset({"partners", "individual", "rubber", "prediction"})


def without_column(sheet: dict[str, Any], index: int) -> dict[str, Any]:
    """`sheet` without its column `index` (0-based): the columns after it,
    and their widths, move up one."""
    gone = index + 1
    widths = {}
    for letter, width in sheet["widths"].items():
        number = column_index_from_string(letter)
        if number != gone:
            widths[get_column_letter(number - (number > gone))] = width
    return sheet | {
        "rows": [[*row[:index], *row[index + 1 :]] for row in sheet["rows"]],
        "widths": widths,
    }


def without_groups(drive: dict[str, Any]) -> dict[str, Any]:
    """An old groupless drive's downloads as this release writes them."""
    if drive.get("format") not in GROUPLESS_FORMATS:
        return drive
    sheets = []
    for sheet in drive.get("workbook", []):
        rows = sheet["rows"]
        if sheet["title"] in ("Results", "Hands") and rows:
            sheet = without_column(sheet, rows[0].index("Group"))
            rows = sheet["rows"]
        elif sheet["title"] == "Drive":
            rows = [row for row in rows if row[0] not in ("Group A", "Group B")]
        elif sheet["title"] == "Prizes":
            # A group's prize, which a drive without groups can never give,
            # is left off (the old sheet listed it, won by nobody, with the
            # note "this drive has no groups").
            rows = [row for row in rows if row[-1] != "this drive has no groups"]
            # A group prize (which nobody wins there) is named by its letter.
            rows = [
                [
                    re.sub(
                        r"\bGents\b", "Group B", re.sub(r"\bLadies\b", "Group A", cell)
                    )
                    if i == 0 and isinstance(cell, str)
                    else cell
                    for i, cell in enumerate(row)
                ]
                for row in rows
            ]
        sheets.append(sheet | {"rows": rows})
    lines = list(csv.reader(io.StringIO(drive["results_csv"])))
    if lines:
        column = lines[0].index("Group")
        written = io.StringIO()
        csv.writer(written).writerows(
            [[*line[:column], *line[column + 1 :]] for line in lines]
        )
        drive = drive | {"results_csv": written.getvalue()}
    return drive | {"workbook": sheets}


def reordered_names(old: list[list[Any]], new: list[list[Any]]) -> list[str]:
    """What is wrong with a sheet listed by name in the alphabet's order: the
    same header, rows and total row, the names in collation order."""
    from players.collation import sort_key

    problems: list[str] = []
    if (old[:1], old[-1:]) != (new[:1], new[-1:]):
        problems.append("the header or the total row changed")
    if sorted(map(repr, old)) != sorted(map(repr, new)):
        problems.append("the rows are not the same rows")
    names = [row[0] for row in new[1:-1]]
    if names != sorted(names, key=lambda name: sort_key(name, "en-gb")):
        problems.append(f"the names are not in alphabetical order: {names}")
    return problems


def corrected_prizes(old: list[list[Any]], new: list[list[Any]]) -> list[str]:
    """What is wrong with a pairs drive's Prizes sheet: the same prizes in the
    same order, and every winner a pair ("3 & 4" in the No. column)."""
    problems: list[str] = []

    def titles(rows: list[list[Any]]) -> list[Any]:
        return [
            title
            for i, (title, *_) in enumerate(rows)
            if i == 0 or rows[i - 1][0] != title
        ]

    if old[0] != new[0] or titles(old[1:]) != titles(new[1:]):
        problems.append(f"the prizes differ: {titles(old)} -> {titles(new)}")
    for row in new[1:]:
        number = row[1]
        if number is not None and not (isinstance(number, str) and " & " in number):
            problems.append(f"{row[0]}: won by {number!r}, not a pair")
    return problems


def run(*args: str, database: Path) -> subprocess.CompletedProcess[str]:
    env = os.environ | {
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        # Any key will do; the site's own .secret_key is left alone.
        "SECRET_KEY": "upgrade-test-not-a-secret-" + "x" * 30,
    }
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, (
        f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done


def widths_grown(old: Any, new: Any) -> list[str]:
    """Make each column of `new`'s sheets that grew wider than in `old` its old
    width, so the rest is compared exactly; the columns that narrowed, said."""
    narrowed: list[str] = []
    for key, item in old.items():
        later = new.get(key)
        if not isinstance(item, dict) or not isinstance(later, dict):
            continue
        for sheet, new_sheet in zip(
            item.get("workbook", []), later.get("workbook", []), strict=False
        ):
            for letter, width in sheet["widths"].items():
                grown = new_sheet["widths"].get(letter)
                if grown is None or grown < width:
                    narrowed.append(f"{key}/{sheet['title']}/{letter}: {grown}")
                else:
                    new_sheet["widths"][letter] = width
    return narrowed


def differences(old: Any, new: Any, where: str = "", limit: int = 20) -> list[str]:
    """Where `new` differs from `old`, as readable paths (the first `limit`)."""
    found: list[str] = []

    def walk(old: Any, new: Any, where: str) -> None:
        if len(found) >= limit or old == new:
            return
        if isinstance(old, dict) and isinstance(new, dict):
            for key in [*old, *(k for k in new if k not in old)]:
                label = old.get(key, new.get(key))
                name = label.get("name") if isinstance(label, dict) else None
                step = f"{key} ({name})" if isinstance(name, str) else str(key)
                if key not in new:
                    found.append(f"{where}/{step}: missing after the upgrade")
                elif key not in old:
                    found.append(f"{where}/{step}: new after the upgrade")
                else:
                    walk(old[key], new[key], f"{where}/{step}")
        elif (
            isinstance(old, list)
            and isinstance(new, list)
            and len(old) == len(new)
            and any(isinstance(item, dict | list) for item in old)
        ):
            # Sheets (named by title) or rows; a row of cells is compared whole.
            for index, (a, b) in enumerate(zip(old, new, strict=True)):
                title = a.get("title") if isinstance(a, dict) else None
                step = f"{index} ({title})" if title else f"row {index}"
                walk(a, b, f"{where}/{step}")
        else:
            found.append(f"{where}:\n  before: {old!r}\n  after:  {new!r}")

    walk(old, new, where)
    return found


def first_added(
    rows: list, columns: tuple[str, ...], where: str, problems: list[str]
) -> int | None:
    """Where the `added` columns begin, when they are the sheet's last under
    their headings; else None, and the problem said."""
    old = len(rows[0]) - len(columns)
    if old < 0 or tuple(rows[0][old:]) != columns:
        problems.append(
            f"{where}: the last columns are {rows[0][max(old, 0) :]},"
            f" not {list(columns)}"
        )
        return None
    return old


def cut_from(sheet: dict[str, Any], old: int) -> dict[str, Any]:
    """`sheet` without its columns from index `old` on, their widths too."""
    rows = sheet["rows"]
    new_letters = {get_column_letter(n) for n in range(old + 1, len(rows[0]) + 1)}
    return sheet | {
        "rows": [row[:old] for row in rows],
        "widths": {
            letter: width
            for letter, width in sheet["widths"].items()
            if letter not in new_letters
        },
    }


def without_added_columns(
    drives: dict[str, Any], added: dict[str, tuple[str, ...]] = ADDED_COLUMNS
) -> tuple[dict[str, Any], list[str]]:
    """The drives' workbooks with the `added` columns taken out, and what is
    wrong with those columns: not the last ones under their headings, or not
    blank on a row (an old drive has nothing to put in them)."""
    problems: list[str] = []
    kept: dict[str, Any] = {}
    for key, drive in drives.items():
        sheets = []
        for sheet in drive.get("workbook", []):
            columns = added.get(sheet["title"])
            rows = sheet["rows"]
            if not columns or not rows:
                sheets.append(sheet)
                continue
            where = f"drives/{key} ({drive.get('name')})/{sheet['title']}"
            old = first_added(rows, columns, where, problems)
            if old is None:
                sheets.append(sheet)
                continue
            for index, row in enumerate(rows[1:], start=1):
                if any(cell is not None for cell in row[old:]):
                    problems.append(f"{where}/row {index}: {row[old:]} is not blank")
            sheets.append(cut_from(sheet, old))
        kept[key] = drive | {"workbook": sheets}
    return kept, problems


def without_last_column(
    drives: dict[str, Any], heading: str, words: re.Pattern[str]
) -> tuple[dict[str, Any], list[str]]:
    """The drives' Results sheets and CSVs without a last column `heading`
    (Withdrawal, Placed by tie-break), and what is wrong with it: a cell not in
    its `words`, or no cell filled (the column is written only where one is)."""
    problems: list[str] = []
    kept: dict[str, Any] = {}
    for key, drive in drives.items():
        where = f"drives/{key} ({drive.get('name')})"
        sheets = []
        for sheet in drive.get("workbook", []):
            rows = sheet["rows"]
            if sheet["title"] != "Results" or not rows or rows[0][-1] != heading:
                sheets.append(sheet)
                continue
            cells = [row[-1] for row in rows[1:]]
            wrong = [c for c in cells if c is not None and not words.fullmatch(c)]
            if wrong or all(c is None for c in cells):
                problems.append(f"{where}/Results/{heading}: {cells}")
            sheets.append(cut_from(sheet, len(rows[0]) - 1))
        drive = drive | {"workbook": sheets}
        text = drive.get("results_csv")
        if text and text.split("\r\n", 1)[0].endswith("," + heading):
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\r\n")
            writer.writerows(row[:-1] for row in csv.reader(io.StringIO(text)))
            drive["results_csv"] = out.getvalue()
        kept[key] = drive
    return kept, problems


def without_added_season_sheets(
    seasons: dict[str, Any], added: tuple[str, ...] = ADDED_SEASON_SHEETS
) -> tuple[dict[str, Any], list[str]]:
    """The seasons' workbooks without the `added` sheets, and what is wrong
    with those (ADDED_SEASON_SHEETS says where they go and what they hold)."""
    problems: list[str] = []
    kept: dict[str, Any] = {}
    for key, season in seasons.items():
        sheets = season.get("workbook", [])
        where = f"seasons/{key} ({season.get('name')})"
        titles = [sheet["title"] for sheet in sheets]
        if titles[2 : 2 + len(added)] != list(added):
            problems.append(
                f"{where}: the sheets are {titles}, not {list(added)} third"
            )
            kept[key] = season
            continue
        league = next(sheet for sheet in sheets if sheet["title"] == "League")
        totals = [row[4] for row in league["rows"][1:]]
        for sheet in sheets[2 : 2 + len(added)]:
            rows = sheet["rows"]
            names = [row[1] for row in league["rows"][1:]]
            if [row[1] for row in rows[2:]] != names:
                problems.append(f"{where}/{sheet['title']}: not the League's names")
            if [row[2] for row in rows[2:]] != totals:
                problems.append(f"{where}/{sheet['title']}: not the League's totals")
        kept[key] = season | {"workbook": sheets[:2] + sheets[2 + len(added) :]}
    return kept, problems


def without_added_season_columns(
    seasons: dict[str, Any], added: dict[str, tuple[str, ...]] = ADDED_SEASON_COLUMNS
) -> tuple[dict[str, Any], list[str]]:
    """The seasons' workbooks with the `added` columns taken out, and what is
    wrong with them (ADDED_SEASON_COLUMNS says what they must hold)."""
    problems: list[str] = []
    kept: dict[str, Any] = {}
    for key, season in seasons.items():
        sheets = []
        for sheet in season.get("workbook", []):
            columns = added.get(sheet["title"])
            rows = sheet["rows"]
            if not columns or not rows:
                sheets.append(sheet)
                continue
            where = f"seasons/{key} ({season.get('name')})/{sheet['title']}"
            old = first_added(rows, columns, where, problems)
            if old is None:
                sheets.append(sheet)
                continue
            counted = rows[0].index("Counted")
            for index, row in enumerate(rows[1:], start=1):
                per_hand, note = row[old:]
                if row[counted] and not isinstance(per_hand, int | float):
                    problems.append(f"{where}/row {index}: Per hand is {per_hand!r}")
                if note is not None and not isinstance(note, str):
                    problems.append(f"{where}/row {index}: Note is {note!r}")
                if row[0] is None and note != "not yet qualified":
                    problems.append(f"{where}/row {index}: unranked, Note {note!r}")
            sheets.append(cut_from(sheet, old))
        kept[key] = season | {"workbook": sheets}
    return kept, problems


def lost_rows(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Tables and models that had rows before the upgrade and have fewer or other after."""
    problems = []
    by_name: dict[str, list[dict[str, Any]]] = {}
    for label, model in after["models"].items():
        by_name.setdefault(label.split(".")[1], []).append(model)

    def now_named(label: str) -> list[dict[str, Any]]:
        name = label.split(".")[1]
        return by_name.get(MODELS_RENAMED.get(name, name), [])

    # A table renamed by the upgrade is found through its model's class name.
    renamed = {
        model["db_table"]: now_named(label)[0]["db_table"]
        for label, model in before["models"].items()
        if len(now_named(label)) == 1
    }
    for table, rows in before["tables"].items():
        if not rows:
            continue
        now = table if table in after["tables"] else renamed.get(table)
        if now is None:
            problems.append(f"{table} had {rows} rows; no table holds them now")
        elif table in BOOKKEEPING:
            if after["tables"][now] < rows:
                problems.append(
                    f"{table}: {rows} rows before, {after['tables'][now]} after"
                )
        elif after["tables"][now] != rows:
            problems.append(
                f"{table}: {rows} rows before, {after['tables'][now]} after (in {now})"
            )
    for label, model in before["models"].items():
        if not model["rows"] or model["db_table"] in BOOKKEEPING:
            continue
        kept = now_named(label)
        if len(kept) != 1:
            problems.append(f"{label} had {model['rows']} rows; {len(kept)} models now")
        elif kept[0]["rows"] != model["rows"]:
            problems.append(
                f"{label}: {model['rows']} rows before, {kept[0]['rows']} after"
                f" (in {kept[0]['db_table']})"
            )
    return problems


def test_the_fixture_is_what_the_json_describes():
    """The two files belong together: the same migrations and the same rows."""
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    connection = sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True)
    try:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        rows = {
            table: connection.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
            for table in tables
        }
        latest: dict[str, str] = {}
        for app, name in connection.execute(
            "SELECT app, name FROM django_migrations ORDER BY id"
        ):
            latest[app] = name
    finally:
        connection.close()
    assert rows == expected["tables"]
    assert latest == expected["made_with"]["migrations"]
    states = {drive["state"] for drive in expected["drives"].values()}
    assert states == {"draft", "open", "in_play", "finished"}
    assert len(expected["seasons"]) == 2


def test_an_old_database_migrates_with_every_download_unchanged(tmp_path):
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    database = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, database)

    run("manage.py", "migrate", "--no-input", database=database)
    run("manage.py", "check", database=database)
    seen = tmp_path / "after.json"
    run("-m", "tests.upgrade.snapshot", "--output", str(seen), database=database)
    after = json.loads(seen.read_text(encoding="utf-8"))

    after["drives"], added = without_last_column(
        after["drives"], TIE_BREAK, TIE_BREAK_WORDS
    )
    assert not added, "\n".join(["The tie-break column is wrong:", *added])
    after["drives"], added = without_last_column(
        after["drives"], WITHDRAWAL, WITHDRAWAL_WORDS
    )
    assert not added, "\n".join(["The Withdrawal column is wrong:", *added])
    after["drives"], added = without_added_columns(after["drives"])
    assert not added, "\n".join(
        ["The columns this release adds are wrong for an old drive:", *added]
    )
    after["seasons"], titled = league_heading_as_before(after["seasons"])
    assert not titled, "\n".join(["The League sheet's first line is wrong:", *titled])
    after["seasons"], added = without_added_season_sheets(after["seasons"])
    assert not added, "\n".join(
        ["The sheets this release adds are wrong for an old season:", *added]
    )
    after["seasons"], added = without_added_season_columns(after["seasons"])
    assert not added, "\n".join(
        ["The columns this release adds are wrong for an old season:", *added]
    )
    after, laid_out = sheets_as_before(after, expected)
    assert not laid_out, "\n".join(["The sheets' new layout is wrong:", *laid_out])
    expected["drives"] = {
        key: without_groups(drive) for key, drive in expected["drives"].items()
    }
    for key, drive in expected["drives"].items():
        for index, sheet in enumerate(drive.get("workbook", [])):
            if (drive.get("format"), sheet["title"]) not in CORRECTED_SHEETS:
                continue
            new = after["drives"][key]["workbook"][index]
            wrong = corrected_prizes(sheet["rows"], new["rows"])
            assert not wrong, f"drives/{key} ({drive.get('name')}): {wrong}"
            new["rows"] = sheet["rows"]  # checked above; the rest as before
    for key, season in expected["seasons"].items():
        for index, sheet in enumerate(season.get("workbook", [])):
            if sheet["title"] not in REORDERED_SEASON_SHEETS:
                continue
            new = after["seasons"][key]["workbook"][index]
            wrong = reordered_names(sheet["rows"], new["rows"])
            assert not wrong, f"seasons/{key} ({sheet['title']}): {wrong}"
            new["rows"] = sheet["rows"]  # checked above; the rest as before
    for kind in ("drives", "seasons"):
        narrowed = widths_grown(expected[kind], after[kind])
        assert not narrowed, "\n".join(["Columns narrower than before:", *narrowed])
        changed = differences(expected[kind], after[kind], kind)
        assert not changed, "\n".join(
            ["What this release shows differs from the old release's:", *changed]
        )
    lost = lost_rows(expected, after)
    assert not lost, "\n".join(["The upgrade lost rows:", *lost])


@pytest.mark.parametrize(
    ("before", "after", "problem"),
    [
        ({"t": 3}, {"t": 2}, "t: 3 rows before, 2 after (in t)"),
        ({"t": 3}, {}, "t had 3 rows; no table holds them now"),
        ({"auth_permission": 9}, {"auth_permission": 12}, None),
        ({"auth_permission": 9}, {"auth_permission": 8}, "auth_permission: 9 rows"),
    ],
)
def test_lost_rows_are_named(before, after, problem):
    """The comparison itself: by table, bookkeeping tables only growing."""
    problems = lost_rows(
        {"tables": before, "models": {}}, {"tables": after, "models": {}}
    )
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problems[0].startswith(problem)


def test_a_renamed_table_is_followed_through_its_model():
    before = {
        "tables": {"scoring_season": 2},
        "models": {"scoring.Season": {"db_table": "scoring_season", "rows": 2}},
    }
    kept = {
        "tables": {"league_season": 2},
        "models": {"league.Season": {"db_table": "league_season", "rows": 2}},
    }
    emptied = {
        "tables": {"league_season": 0},
        "models": {"league.Season": {"db_table": "league_season", "rows": 0}},
    }
    assert lost_rows(before, kept) == []
    assert lost_rows(before, emptied) == [
        "scoring_season: 2 rows before, 0 after (in league_season)",
        "scoring.Season: 2 rows before, 0 after (in league_season)",
    ]


def test_a_changed_cell_is_named():
    """The comparison itself: a changed cell names its drive, sheet and row."""
    sheet = {"title": "Results", "rows": [["Rank", "Total"], [1, 13], [2, 12]]}
    before = {"2": {"name": "September drive", "workbook": [sheet]}}
    after = {"2": {"name": "September drive", "workbook": [dict(sheet)]}}
    after["2"]["workbook"][0]["rows"] = [["Rank", "Total"], [1, 13], [2, 11]]
    assert differences(before, after, "drives") == [
        "drives/2 (September drive)/workbook/0 (Results)/rows/row 2:\n"
        "  before: [2, 12]\n"
        "  after:  [2, 11]"
    ]
    assert differences(before, {}, "drives") == [
        "drives/2 (September drive): missing after the upgrade"
    ]


def test_added_season_columns_are_checked_then_left_out():
    """The comparison itself: a season's added columns, last and filled as the
    page fills them, are taken out; a gap or an unexplained blank rank is named."""
    old = {
        "title": "League",
        "widths": {"A": 7.0, "B": 9.0},
        "rows": [["Rank", "Counted"], [1, 2], [None, 1]],
    }
    new = {
        "title": "League",
        "widths": {"A": 7.0, "B": 9.0, "C": 10.0, "D": 30.0},
        "rows": [["Rank", "Counted", "Per hand", "Note"], [1, 2, 1.5, None]]
        + [[None, 1, 2, "not yet qualified"]],
    }
    seasons = {"2": {"name": "Winter", "workbook": [new]}}
    kept, problems = without_added_season_columns(seasons)
    assert problems == [] and kept["2"]["workbook"] == [old]

    new["rows"][2] = [None, 1, None, None]
    _, problems = without_added_season_columns(seasons)
    assert problems == [
        "seasons/2 (Winter)/League/row 2: Per hand is None",
        "seasons/2 (Winter)/League/row 2: unranked, Note None",
    ]


def test_added_columns_are_checked_then_left_out():
    """The comparison itself: columns added at the end, blank for an old drive,
    are taken out; anything in them, or a heading out of place, is named."""
    old = {
        "title": "Deals",
        "widths": {"A": 7.0, "B": 9.0},
        "rows": [["Hand", "NS score"], [1, 3], [2, 0]],
    }
    new = {
        "title": "Deals",
        "widths": {"A": 7.0, "B": 9.0, "C": 9.0, "D": 8.0},
        "rows": [["Hand", "NS score", "Honours", "Revoke"], [1, 3, None, None]]
        + [[2, 0, None, None]],
    }
    drives = {"2": {"name": "September drive", "workbook": [new]}}
    kept, problems = without_added_columns(drives)
    assert problems == [] and kept["2"]["workbook"] == [old]

    new["rows"][2] = [2, 0, None, "NS"]
    _, problems = without_added_columns(drives)
    assert problems == [
        "drives/2 (September drive)/Deals/row 2: [None, 'NS'] is not blank"
    ]
    new["rows"] = [["Hand", "Honours", "NS score", "Revoke"], [1, None, 3, None]]
    _, problems = without_added_columns(drives)
    assert problems == [
        "drives/2 (September drive)/Deals: the last columns are"
        " ['NS score', 'Revoke'], not ['Honours', 'Revoke']"
    ]
