"""The drive form's round clock in the drive's own words: a prediction whist
drive gives its minutes per deal or per game, a rubber drive's help says the
bell ends the round, every other format keeps hands and rounds, and a new
drive, whose format is still to choose, speaks of both."""

from __future__ import annotations

import re

import pytest

from drive.format_words import GameWords, RoundWords, RubberWords
from drive.movement.types import FORMATS, Format
from tests.factories import drive_with_players, prediction_drive, rubber_drive
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def clock_words(html: str) -> tuple[str, str, dict[str, str]]:
    """(label, help, {value: words} of the ways of counting) of the form's clock."""
    field = re.search(
        r'<label for="id_clock_minutes">([^<]*)</label>.*?'
        r'<small class="help">([^<]*)</small>',
        html,
        re.S,
    )
    assert field, "no clock on the form"
    choices = re.findall(
        r'<input type="radio" name="clock_per" value="(\w+)"[^>]*>\s*(?:<span>)?([^<]*?)\s*(?:</span>)?</label>',
        html,
    )
    return field.group(1), field.group(2), dict(choices)


def test_each_format_has_its_clock_words():
    assert isinstance(FORMATS[Format.RUBBER].words, RubberWords)
    assert isinstance(FORMATS[Format.PREDICTION].words, GameWords)
    assert type(FORMATS[Format.PROGRESSIVE].words) is RoundWords
    # The values stored are the same whatever a format calls them.
    values = {w.clock_setting.choices[0][0] for w in (RoundWords(), GameWords())}
    assert values == {"hand"}


def test_a_prediction_drives_clock_counts_deals_and_games(club, organiser_client):
    drive = prediction_drive(club, players=8, games=2)
    html = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    label, help, choices = clock_words(html)
    assert label == "Game clock: minutes"
    assert "each game&#x27;s countdown starts with the game" in help
    assert choices == {"hand": "per deal", "round": "per game"}
    assert "round" not in label + help


def test_a_prediction_drives_clock_per_game_is_kept(club, organiser_client):
    from tests.drive.drive_form import PREDICTION_FORM

    drive = prediction_drive(club, players=8, games=2, start=False)
    data = PREDICTION_FORM | {"hands": "16", "clock_minutes": "20"}
    response = organiser_client.post(
        drive_url(drive, "edit/"), data | {"clock_per": "round"}
    )
    assert response.status_code == 302
    drive.refresh_from_db()
    # Twenty minutes a game, not twenty a deal (160 for a game of 8).
    assert (drive.clock_per, drive.round_seconds) == ("round", 20 * 60)


def test_a_progressive_drives_clock_counts_hands_and_rounds(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=4)
    html = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    label, help, choices = clock_words(html)
    assert label == "Round clock: minutes"
    assert "each round&#x27;s countdown starts with the round" in help
    assert "bell" not in help and "Prediction whist" not in help
    assert choices == {"hand": "per hand", "round": "per round"}


def test_a_rubber_drives_clock_says_the_bell_ends_the_round(club, organiser_client):
    drive = rubber_drive(club)
    html = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    label, help, choices = clock_words(html)
    assert label == "Round clock: minutes"
    assert "The round ends when you ring the bell, time up or not" in help
    assert choices == {"hand": "per hand", "round": "per round"}


def test_a_new_drives_clock_speaks_of_the_movement_chosen(organiser_client):
    """The new drive's form shows the settings of the movement chosen, in its
    words: a progressive drive's clock counts hands and rounds, a prediction
    whist drive's deals and games."""
    html = organiser_client.get("/drives/new/").content.decode()
    label, help, choices = clock_words(html)
    assert label == "Round clock: minutes"
    assert "Prediction whist" not in help
    assert choices == {"hand": "per hand", "round": "per round"}
    html = organiser_client.get("/drives/new/?format=prediction").content.decode()
    label, help, choices = clock_words(html)
    assert label == "Game clock: minutes"
    assert choices == {"hand": "per deal", "round": "per game"}
