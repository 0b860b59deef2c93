"""A season's workbook and printed league table read as many rows for a
season of many drives as for one of few (league.selectors reads each kind of
row once for every drive: tests/league/test_views_queries.py)."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from tests.league.seasons import HANDS, PREDICTIONS, RUBBERS, season_of, season_players

pytestmark = pytest.mark.django_db


def downloads(season) -> dict[str, str]:
    return {
        "workbook": f"/seasons/{season.pk}/league.xlsx",
        "printed table": f"/seasons/{season.pk}/league.pdf",
    }


def counted(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200, url
    return len(queries.captured_queries)


@pytest.mark.parametrize(
    ("kinds", "game"),
    [
        pytest.param(HANDS, "hands", id="hands"),
        pytest.param(RUBBERS, "rubbers", id="rubbers"),
        pytest.param(PREDICTIONS, "predictions", id="predictions"),
    ],
)
def test_the_seasons_downloads_read_as_many_rows_for_many_drives_as_for_few(
    club, organiser, organiser_client, kinds, game
):
    players = season_players(club)
    season = season_of(club, players, kinds=kinds, evenings=1, game=game, by=organiser)
    few = {
        name: counted(organiser_client, url) for name, url in downloads(season).items()
    }
    season_of(club, players, kinds=kinds, evenings=2, game=game, first=20, by=organiser)
    many = {
        name: counted(organiser_client, url) for name, url in downloads(season).items()
    }
    # Each download's count, the same for three times the drives.
    assert many == few
    # The workbook has every drive: a column each on `Drive scores`.
    book = load_workbook(
        io.BytesIO(organiser_client.get(downloads(season)["workbook"]).content)
    )
    scores = book.worksheets[2]
    assert scores.max_column == 3 + 3 * len(kinds) + 1
