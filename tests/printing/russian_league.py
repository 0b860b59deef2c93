"""A Russian season's league sheet made by hand, for the tests of its grid of
each player's drives (how many drives go on a page, how its parts are said):
no database, the words as the sheet would have them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printing.league_sheet import (
    DriveGrid,
    GridDrive,
    GridLine,
    GridScore,
    LeagueLine,
    LeagueSheet,
)

GRID_TITLE = "Турниры каждого игрока"


def russian_league(
    names: Sequence[str],
    dates: Sequence[str],
    score: Callable[[int], str],
    top: int,
) -> LeagueSheet:
    """The league of `names` in their places, the first's total `top` less
    one and each next one less, each with `score(d)` in drive d of the
    drives on `dates` ("12 янв.", all in 2026)."""
    drives = len(dates)
    lines = tuple(
        LeagueLine(
            texts={
                "rank": str(rank),
                "name": name,
                "drives": str(drives),
                "counted": str(drives),
                "total": str(top - rank),
                "per_drive": "4,50",
                "per_hand": "1,12",
                "note": "",
            },
            qualified=True,
        )
        for rank, name in enumerate(names, start=1)
    )
    grid = DriveGrid(
        title=GRID_TITLE,
        legend="Пустая клетка: игрок не играл в этом турнире.",
        drives=tuple(GridDrive(date, "2026") for date in dates),
        lines=tuple(
            GridLine(
                str(rank),
                name,
                str(top - rank),
                tuple(GridScore(score(d)) for d in range(drives)),
                True,
            )
            for rank, name in enumerate(names, start=1)
        ),
    )
    return LeagueSheet(
        club="Riverside",
        season="2026",
        title="Лига: 2026",
        rules=(),
        lines=lines,
        drives=(),
        printed="5 дек. 2026",
        grid=grid,
    )
