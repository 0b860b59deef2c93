"""A season's league adds up one game's scores: a prediction whist or rubber
whist evening in the season's dates is not added to the tricks of its drives."""

from __future__ import annotations

import datetime

import pytest

from league import services as league_services
from league.models import Season, SeasonGame
from league.selectors import league, player_history, season_attendance
from scoring.selectors import drive_scores
from tests.factories import PlayerFactory, prediction_drive
from tests.predictions import play_to_the_end
from tests.prizes.fixtures import finished_tie, season_form

pytestmark = pytest.mark.django_db

WINTER = {"start": datetime.date(2026, 10, 1), "end": datetime.date(2027, 3, 31)}


def _two_games(club):
    """A progressive drive and a prediction whist drive in the same dates,
    the same four players in both."""
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(4)]
    progressive, _ = finished_tie(
        club, players=players, date=datetime.date(2026, 11, 6)
    )
    prediction = prediction_drive(club, players=8, games=1)
    # The prediction drive's first four seats are the same players.
    for entry, player in zip(
        prediction.entries.order_by("number"), players, strict=False
    ):
        entry.player = player
        entry.save(update_fields=["player"])
    play_to_the_end(prediction)
    return players, progressive, prediction


def test_a_drive_of_another_game_is_not_added_to_the_league(club, organiser_client):
    players, progressive, prediction = _two_games(club)
    season = league_services.season_create(club=club, name="Winter", **WINTER)
    assert season.game == SeasonGame.HANDS

    table = league(season=season)
    assert table.drives == [progressive]
    assert table.left_out == [prediction]
    tricks = {
        row.entry: row.total for row in drive_scores(drive=progressive).standings()
    }
    by_player = dict(progressive.entries.values_list("player_id", "pk"))
    assert {row.player: row.total for row in table.rows} == {
        p.pk: tricks[by_player[p.pk]] for p in players
    }
    assert all(row.drives == 1 for row in table.rows)
    assert season_attendance(season=season).drives == [progressive]

    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Not counted, as another game scores on another scale:" in page
    assert "Prediction whist" in page


def test_a_prediction_season_counts_its_prediction_drives(club, organiser_client):
    _players, progressive, prediction = _two_games(club)
    # The club's usual league runs over the same dates: seasons of two games
    # may overlap, as they count different drives; two of one game may not.
    league_services.season_create(club=club, name="Winter", **WINTER)
    again = organiser_client.post(
        "/seasons/", season_form("Winter too", "2026-11-01", "2026-12-31")
    )
    assert again.status_code == 400
    response = organiser_client.post(
        "/seasons/",
        season_form("Wist 2026–27", "2026-10-01", "2027-03-31")
        | {"game": "predictions"},
    )
    assert response.status_code == 302
    season = Season.objects.get(name="Wist 2026–27")
    assert season.game == SeasonGame.PREDICTIONS
    table = league(season=season)
    assert table.drives == [prediction] and table.left_out == [progressive]
    assert len(table.rows) == 8


def test_a_players_history_in_a_season_lists_its_game_alone(club):
    """A player's history in a season of drives scored by tricks lists and
    averages those drives, not the prediction whist evening of its dates."""
    players, progressive, prediction = _two_games(club)
    season = league_services.season_create(club=club, name="Winter", **WINTER)
    wist = league_services.season_create(
        club=club, name="Wist", game=SeasonGame.PREDICTIONS, **WINTER
    )
    everything = {row.drive for row in player_history(player=players[0])}
    assert everything == {prediction, progressive}
    assert [row.drive for row in player_history(player=players[0], season=season)] == [
        progressive
    ]
    assert [row.drive for row in player_history(player=players[0], season=wist)] == [
        prediction
    ]


def test_the_game_is_chosen_from_the_list(club, organiser_client):
    response = organiser_client.post("/seasons/", season_form() | {"game": "poker"})
    assert response.status_code == 400
    assert not Season.objects.exists()
    with pytest.raises(Exception, match="Choose which drives"):
        league_services.season_create(
            club=club,
            name="2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
            game="poker",
        )


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_editing_a_season_shows_its_dates_in_the_date_boxes(
    club, organiser_client, language
):
    """A date box takes only 2026-10-01: a date written the language's way
    ("01.10.2026") left both boxes empty, to be typed again on every edit."""
    season = league_services.season_create(club=club, name="Winter", **WINTER)
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(
        f"/seasons/{season.pk}/edit/", headers={"accept-language": language}
    ).content.decode()
    assert 'value="2026-10-01"' in page and 'value="2027-03-31"' in page
    assert 'value="predictions"' in page
