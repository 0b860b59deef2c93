"""The club secretary's pages read a season in the same number of queries
whatever its number of drives: a real club has 30 to 50 a season, and each
kind of row is read once for them all (scoring.selectors.drives_scores,
prizes.prize_reads), not once a drive.

Each season has drives of every kind its game has (sit-outs and their
compensation, honours, fixed pairs, cards in at the end, a prediction drive
ranked by share, adjustments); the pages are counted with one evening of
them, then again with two evenings more."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.league.seasons import (
    HANDS,
    PREDICTIONS,
    RUBBERS,
    season_of,
    season_players,
)

pytestmark = pytest.mark.django_db

GAMES = [
    pytest.param(HANDS, "hands", id="hands"),
    pytest.param(RUBBERS, "rubbers", id="rubbers"),
    pytest.param(PREDICTIONS, "predictions", id="predictions"),
]


def pages(season, player) -> dict[str, str]:
    return {
        "league": f"/seasons/{season.pk}/",
        "attendance": f"/seasons/{season.pk}/attendance/",
        "takings": f"/seasons/{season.pk}/takings/",
        "history in the season": f"/players/{player.pk}/history/?season={season.pk}",
        "history": f"/players/{player.pk}/history/",
    }


def counted(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries.captured_queries)


@pytest.mark.parametrize(("kinds", "game"), GAMES)
def test_a_season_page_reads_as_many_rows_for_many_drives_as_for_few(
    club, organiser, organiser_client, kinds, game
):
    players = season_players(club)
    season = season_of(club, players, kinds=kinds, evenings=1, game=game, by=organiser)
    player = players[3]
    few = {
        name: counted(organiser_client, url)
        for name, url in pages(season, player).items()
    }
    season_of(club, players, kinds=kinds, evenings=2, game=game, first=20, by=organiser)
    many = {
        name: counted(organiser_client, url)
        for name, url in pages(season, player).items()
    }
    # Each page's count, the same for three times the drives.
    assert many == few
    # Every drive is on the pages.
    league = organiser_client.get(f"/seasons/{season.pk}/").context["league"]
    assert len(league.drives) == 3 * len(kinds)
    history = organiser_client.get(pages(season, player)["history in the season"])
    assert len(history.context["rows"]) == 3 * len(kinds)
