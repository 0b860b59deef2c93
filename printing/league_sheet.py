"""What the printed league table says, as plain values: the season's table
to pin on the club's noticeboard and read out at the AGM.

- *League table*: the league page's rows in the page's order
  (league.selectors.league, read once: nothing is worked out again here),
  each as the page shows it: the place ("–" for a player not yet
  qualified; a shared place twice), the name, drives played and counted,
  the total, the averages per drive and per hand in the language's decimal
  mark, and the note ("shared", "decided by count-back", "not yet
  qualified").
- *Rules*: the page's lines under its title: the season's dates and finished
  drives, what is counted, what qualifies, how ties are broken, which game's
  drives count and the drives of another game it leaves out.
- *Attendance*: each drive of the season, its date and how many took part
  (league.table.attendance over the same results as the table).
- *Each player's drives*: the league page's "Each player's drives" as a
  grid, as the workbook's `Drive scores` sheet lays it out: the table's rows
  in its order (place, name, total), one column per drive of the season (its
  date, short, in the language's words), each cell the player's score in
  that drive, blank where they did not play; a score not counted under a
  best-of rule (league.table.scores_by_drive, as the page and the workbook
  count it) is struck through, as the page strikes it, and in brackets, so
  a photocopy on the noticeboard still shows it; a legend under the heading
  says so in the page's words.
- *Printed*: the day it was printed, in the club's time zone.

printing.league_pdf draws it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import localize
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.models import Season
from league.selectors import League, PlayerDrives, league
from league.table import LeagueRow, attendance
from players.dates import day_month, short_date
from players.score_text import score_text
from printing import filenames
from printing.content import RANK_HEADING

# (key, heading, share of the width): the league page's columns.
LEAGUE_COLUMNS: tuple[tuple[str, object, float], ...] = (
    ("rank", RANK_HEADING, 0.07),
    ("name", gettext_lazy("Name"), 0.29),
    ("drives", gettext_lazy("Drives"), 0.08),
    ("counted", gettext_lazy("Counted"), 0.08),
    ("total", gettext_lazy("Total"), 0.08),
    ("per_drive", gettext_lazy("Per drive"), 0.09),
    ("per_hand", gettext_lazy("Per hand"), 0.09),
    ("note", gettext_lazy("Note"), 0.22),
)
# The columns that wrap between words (set on the left, as the date); the
# others are figures, set whole on the right.
WRAPPED = frozenset(("name", "note", "drive"))
LEFT = WRAPPED | {"date"}
DRIVE_COLUMNS: tuple[tuple[str, object, float], ...] = (
    ("number", gettext_lazy("No."), 0.08),
    ("date", gettext_lazy("Date"), 0.2),
    ("drive", gettext_lazy("Drive"), 0.54),
    ("players", gettext_lazy("Players"), 0.18),
)


@dataclass(frozen=True)
class LeagueLine:
    """One row of the table, as the league page shows it."""

    texts: dict[str, str]
    qualified: bool


@dataclass(frozen=True)
class SeasonDrive:
    number: int
    date: str
    name: str
    players: int

    def texts(self) -> dict[str, str]:
        return {
            "number": str(self.number),
            "date": self.date,
            "drive": self.name,
            "players": str(self.players),
        }


@dataclass(frozen=True)
class GridDrive:
    """A drive's column heading in the grid: its date, short ("3 Dec 2026"),
    the year on a line of its own, or, in a narrow column, the month too."""

    day: str  # "3 Dec"
    year: str  # "2026"

    def lines(self, *, narrow: bool = False) -> tuple[str, ...]:
        if narrow:
            return (*self.day.split(" ", 1), self.year)
        return (self.day, self.year)


@dataclass(frozen=True)
class GridScore:
    """One player's score in one drive: blank where they did not play."""

    score: str  # "31"; "" not there
    dropped: bool = False  # played, but not counted in the league total


@dataclass(frozen=True)
class GridLine:
    """One row of the grid: the league table's row, then a score per drive."""

    rank: str
    name: str
    total: str
    scores: tuple[GridScore, ...]
    qualified: bool


@dataclass(frozen=True)
class DriveGrid:
    """ "Each player's drives": one row per player, one column per drive."""

    title: str
    legend: str  # what a struck-through score and a blank mean
    drives: tuple[GridDrive, ...]
    lines: tuple[GridLine, ...]

    def part_words(self, first: int, last: int) -> str:
        """ "Drives 11 to 20 of 40": the drives of one part of a grid split
        across pages (1-based, inclusive)."""
        return ngettext(
            "Drives %(first)s to %(last)s of %(drives)s",
            "Drives %(first)s to %(last)s of %(drives)s",
            len(self.drives),
        ) % {"first": first, "last": last, "drives": len(self.drives)}


@dataclass(frozen=True)
class LeagueSheet:
    club: str
    season: str
    title: str  # "League: 2026"
    rules: tuple[str, ...]  # the lines under the title
    lines: tuple[LeagueLine, ...]
    drives: tuple[SeasonDrive, ...]
    printed: str  # the day it was printed, "3 Dec 2026"
    grid: DriveGrid | None = None  # none before a drive is finished
    # The table's columns, headed in the season's game's words (per deal in
    # prediction whist).
    columns: tuple[tuple[str, object, float], ...] = LEAGUE_COLUMNS


def _average(value) -> str:
    # The language's decimal mark and the true minus, as the page: 8,33, −1,31.
    return "" if value is None else score_text(localize(value))


def league_line(row: LeagueRow) -> LeagueLine:
    return LeagueLine(
        texts={
            "rank": str(row.rank) if row.rank else "–",
            "name": row.name,
            "drives": str(row.drives),
            "counted": str(row.counted),
            "total": score_text(row.total),
            "per_drive": _average(row.average_per_drive),
            "per_hand": _average(row.average_per_hand),
            "note": row.remark,
        },
        qualified=row.qualified,
    )


def grid_line(player: PlayerDrives) -> GridLine:
    row = player.row
    return GridLine(
        rank=str(row.rank) if row.rank else "–",
        name=row.name,
        total=score_text(row.total),
        scores=tuple(
            GridScore(score_text(score.total), dropped=score.dropped)
            for _drive, score in player.scores
        ),
        qualified=row.qualified,
    )


def drive_grid(table: League) -> DriveGrid | None:
    """The page's "Each player's drives" as a grid (none without a row)."""
    if not table.rows:
        return None
    lines = tuple(grid_line(player) for player in table.player_drives)
    legend = []
    if any(score.dropped for line in lines for score in line.scores):
        legend.append(
            _(
                "A score struck through and in brackets is not counted: one of "
                "that player's lowest, left out of the league total."
            )
        )
    legend.append(_("A blank: the player was not at that drive."))
    return DriveGrid(
        title=_("Each player's drives"),
        legend=" ".join(legend),
        drives=tuple(
            GridDrive(day_month(drive.date), str(drive.date.year))
            for drive in table.drives
        ),
        lines=lines,
    )


def _left_out(table: League) -> str:
    """The drives of another game in the season's dates, as the page names them."""
    if not table.left_out:
        return ""
    drives = "; ".join(
        f"{short_date(drive.date)}, {drive.name} ({drive.format_info.name})"
        for drive in table.left_out
    )
    return f"{_('Not counted, as another game scores on another scale:')} {drives}."


def league_columns(table: League) -> tuple[tuple[str, object, float], ...]:
    """The table's columns, the average per hand headed in its game's words."""
    return tuple(
        (key, table.per_hand_heading, share) if key == "per_hand" else column
        for column in LEAGUE_COLUMNS
        for key, _heading, share in (column,)
    )


def league_sheet(table: League, *, printed: datetime.date) -> LeagueSheet:
    """The printed table of `table` (league.selectors.league), printed on `printed`."""
    season = table.season
    _rows, counts = attendance(table.appearances, drives=len(table.drives))
    rules = (
        table.dates_words,
        " ".join(
            words
            for words in (table.counted_words, table.qualify_words, table.ties_words)
            if words
        ),
        " ".join(
            words
            for words in (table.game_words, table.scale_words, _left_out(table))
            if words
        ),
    )
    return LeagueSheet(
        club=season.club.name,
        season=season.name,
        title=_("League: %(name)s") % {"name": season.name},
        rules=rules,
        lines=tuple(league_line(row) for row in table.rows),
        drives=tuple(
            SeasonDrive(number, short_date(drive.date), drive.name, count)
            for number, (drive, count) in enumerate(
                zip(table.drives, counts, strict=True), start=1
            )
        ),
        printed=short_date(printed),
        grid=drive_grid(table),
        columns=league_columns(table),
    )


def load_league_sheet(*, season: Season) -> LeagueSheet:
    """The season's printed table as of today (the active time zone's day)."""
    return league_sheet(league(season=season), printed=timezone.localdate())


def league_pdf_filename(season: Season, edition: str = "standard") -> str:
    """ "league-2026.pdf" ("liga-2026-duży-druk.pdf"), in the page's language."""
    return filenames.named(
        filenames.file_word("league"),
        filenames.slug(season.name) or filenames.file_word("season"),
        filenames.file_word("large-print") if edition == "large" else "",
        extension="pdf",
    )
