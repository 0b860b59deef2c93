"""The season in charts: the leaders' progress and a player's drives.

- *Progress*: each leader's league total as the table stood after each drive
  of the season (league.table on the drives up to it, best N of M and all),
  for the players at the top of the table now, in its order.
- *A player's drives*: their score and their place in each drive, oldest
  first; their average score (two places, halves up, as the league's); their
  best score and best place (the earlier drive where two are level).

Drawn by scoring.charts, numbered 1.. in date order; the table beside each
chart names each drive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.formats import localize
from django.utils.translation import gettext

from league.selectors import HistoryRow, League
from league.table import league_table, two_places
from players.dates import short_date
from scoring import charts

TOP = 5


def _drive_name(index: int, drive) -> tuple[int, str]:
    return index, f"{index}: {short_date(drive.date)}, {drive.name}"


def leaders_progress(league: League, *, top: int = TOP) -> charts.Chart:
    """The league totals of the table's first `top` players after each drive."""
    leaders = league.rows[:top]
    wanted = {row.player for row in leaders}
    mine = [a for a in league.appearances if a.player in wanted]
    totals: dict[int, list[tuple[int, int]]] = {player: [] for player in wanted}
    for drive in range(1, len(league.drives) + 1):
        so_far = {
            row.player: row.total
            for row in league_table(
                [a for a in mine if a.drive <= drive],
                drives=drive,
                best_of=league.settings.best_of,
            )
        }
        for player in wanted:
            totals[player].append((drive, so_far.get(player, 0)))
    return charts.Chart(
        title=gettext("The league leaders' progress"),
        x_label=gettext("Drive"),
        y_label=gettext("League total"),
        lines=tuple(
            charts.Line(name=row.name, points=tuple(totals[row.player]))
            for row in leaders
        ),
        x_names=tuple(
            _drive_name(index, drive)
            for index, drive in enumerate(league.drives, start=1)
        ),
    )


@dataclass(frozen=True)
class PlayerDrives:
    """A player's drives in charts, and their best.

    Drives of more than one game (a player's every drive: tricks, rubber
    points, prediction whist's points) have no score chart, average or best
    score: their scores are on different scales (league.models), and
    `mixed_words` says so; their places are drawn, a place being a place."""

    scores: charts.Chart | None
    places: charts.Chart
    best_score: HistoryRow | None
    best_place: HistoryRow | None
    mixed_words: str = ""


def _per_drive(
    numbered: Sequence[tuple[int, HistoryRow]],
    names: tuple[tuple[int, str], ...],
    *,
    title: str,
    label: str,
    value: Callable[[HistoryRow], int],
    level: charts.Level | None = None,
    downward: bool = False,
) -> charts.Chart:
    """One number of each of a player's drives, drawn over the drives: a
    single line named as the axis (`label`)."""
    return charts.Chart(
        title=title,
        x_label=gettext("Drive"),
        y_label=label,
        lines=(
            charts.Line(
                name=label,
                points=tuple((index, value(row)) for index, row in numbered),
            ),
        ),
        downward=downward,
        level=level,
        x_names=names,
    )


def player_drives(rows: Sequence[HistoryRow]) -> PlayerDrives:
    """`rows`: a player's history (league.selectors.player_history, newest first)."""
    oldest_first = list(reversed(rows))
    numbered = list(enumerate(oldest_first, start=1))
    names = tuple(_drive_name(index, row.drive) for index, row in numbered)
    games = {row.drive.game for row in rows}
    if len(games) > 1:
        return PlayerDrives(
            scores=None,
            places=_places(numbered, names),
            best_score=None,
            best_place=_best_place(oldest_first),
            mixed_words=gettext(
                "These drives are of different games, whose scores are on "
                "different scales: choose a season to see its scores drawn "
                "and the best of them."
            ),
        )
    average = (
        two_places(Fraction(sum(r.total for r in rows), len(rows))) if rows else None
    )
    scores = _per_drive(
        numbered,
        names,
        title=gettext("Score in each drive"),
        label=gettext("Score"),
        value=lambda row: row.total,
        level=charts.Level(
            # The language's decimal mark, as the league's averages: 8,33.
            name=gettext("Average: %(average)s") % {"average": localize(average)},
            value=average,
        )
        if average is not None
        else None,
    )
    return PlayerDrives(
        scores=scores,
        places=_places(numbered, names),
        # min() keeps the first of equals: the earliest drive.
        best_score=min(oldest_first, key=lambda r: -r.total, default=None),
        best_place=_best_place(oldest_first),
    )


def _places(numbered, names) -> charts.Chart:
    return _per_drive(
        numbered,
        names,
        title=gettext("Place in each drive"),
        label=gettext("Place"),
        value=lambda row: row.rank,
        downward=True,
    )


def _best_place(oldest_first: Sequence[HistoryRow]) -> HistoryRow | None:
    return min(oldest_first, key=lambda r: (r.rank, -r.field_size), default=None)
