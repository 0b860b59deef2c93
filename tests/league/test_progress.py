"""The season in charts (league.progress): the leaders' progress drive by drive
and a player's drives, with their numbers on the season and history pages."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from drive.models import Drive
from league import progress
from league import services as league_services
from league.models import Season
from league.selectors import HistoryRow, League
from league.table import Appearance, league_table
from players.models import Player
from prizes.models import ClubScoringSettings
from tests.factories import PlayerFactory
from tests.prizes.fixtures import finished_tie
from tests.scoring.chart_tables import heads_of, table_of

A, B, C = 1, 2, 3
APPEARANCES = [
    Appearance(A, "Anna", 1, total=10, hands=4),
    Appearance(B, "Boris", 1, total=12, hands=4),
    Appearance(A, "Anna", 2, total=3, hands=4),
    Appearance(C, "Celia", 2, total=20, hands=4),
    Appearance(A, "Anna", 3, total=8, hands=4),
    Appearance(B, "Boris", 3, total=5, hands=4),
]


def a_league(best_of: int | None) -> League:
    drives = [
        Drive(name=f"Drive {d}", date=datetime.date(2026, 3, d)) for d in (1, 2, 3)
    ]
    return League(
        season=Season(name="2026"),
        drives=drives,
        rows=league_table(APPEARANCES, drives=3, best_of=best_of),
        settings=ClubScoringSettings(best_of=best_of, min_attendance=0),
        order=(),
        draws=[],
        appearances=APPEARANCES,
    )


def test_the_leaders_totals_after_each_drive_count_as_the_table_counts():
    chart = progress.leaders_progress(a_league(best_of=2))
    # Best 2 of 3: Anna 10, then 10+3, then 10+8 (the 3 no longer counts).
    assert [line.name for line in chart.lines] == ["Celia", "Anna", "Boris"]
    assert dict(zip([line.name for line in chart.lines], chart.lines, strict=True))[
        "Anna"
    ].points == ((1, 10), (2, 13), (3, 18))
    assert chart.lines[0].points == ((1, 0), (2, 20), (3, 20))  # Celia came once
    assert chart.lines[2].points == ((1, 12), (2, 12), (3, 17))
    every = progress.leaders_progress(a_league(best_of=None), top=1)
    assert [(line.name, line.points[-1]) for line in every.lines] == [("Anna", (3, 21))]


def test_the_table_names_each_drive():
    with translation.override("en"):
        chart = progress.leaders_progress(a_league(best_of=None))
        assert chart.table()[0][0] == "1: 1 Mar 2026, Drive 1"


def history(index: int, total: int, rank: int, size: int = 10) -> HistoryRow:
    return HistoryRow(
        drive=Drive(name=f"Drive {index}", date=datetime.date(2026, 3, index)),
        number=index,
        group="",
        total=total,
        rank=rank,
        field_size=size,
        prizes=(),
        played=4,
        sat_out=0,
    )


def test_a_players_drives_oldest_first_with_their_average_and_best():
    rows = [history(3, 30, 2), history(2, 17, 5, size=12), history(1, 30, 2, size=8)]
    drives = progress.player_drives(rows)  # newest first, as the history reads
    assert drives.scores.lines[0].points == ((1, 30), (2, 17), (3, 30))
    assert drives.scores.level.value == Decimal("25.67")
    assert drives.places.downward
    assert drives.places.lines[0].points == ((1, 2), (2, 5), (3, 2))
    # Level best scores: the earlier drive; level places: the bigger field.
    assert drives.best_score.drive.name == "Drive 1"
    assert drives.best_place.drive.name == "Drive 3"
    nothing = progress.player_drives([])
    assert nothing.best_score is None and nothing.scores.empty


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-gb", "Average: 25.67"),
        ("pl", "Średnia: 25,67"),
        ("ru", "Среднее: 25,67"),
        ("ro", "Media: 25,67"),
        ("it", "Media: 25,67"),
    ],
)
def test_a_players_average_is_written_with_the_languages_decimal_mark(language, words):
    """The league writes 25,67 in Polish; the chart's average line wrote 25.67."""
    rows = [history(3, 30, 2), history(2, 17, 5), history(1, 30, 2)]
    with translation.override(language):
        assert progress.player_drives(rows).scores.level.name == words


@pytest.mark.django_db
def test_the_season_and_a_players_history_show_their_charts(club, assistant_client):
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(4)]
    for index in range(2):
        finished_tie(club, players=players, date=datetime.date(2026, 3, 1 + index))
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    page = assistant_client.get(f"/seasons/{season.pk}/")
    html = page.content.decode()
    rows = page.context["league"].rows
    assert heads_of(html, "progress") == [row.name for row in rows[:5]]
    numbers = table_of(html, "progress")
    assert len(numbers) == 2
    last = list(numbers.values())[-1]
    assert last == [str(row.total) for row in rows[:5]]
    assert 'aria-labelledby="progress-title"' in html

    player: Player = players[0]
    mine = assistant_client.get(f"/players/{player.pk}/history/?season={season.pk}")
    html = mine.content.decode()
    lines = mine.context["rows"][::-1]
    assert list(table_of(html, "scores").values()) == [[str(r.total)] for r in lines]
    assert list(table_of(html, "places").values()) == [[str(r.rank)] for r in lines]
    assert "Best score:" in html and "Best place:" in html
