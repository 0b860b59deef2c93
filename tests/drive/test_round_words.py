"""A round of prediction whist is a game (issue #18): the drive's pages call
it so, and every other format keeps its rounds, word for word."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from drive.models import Drive, Table
from tests.factories import drive_with_players, prediction_drive
from tests.predictions import play_deals


def page(client: Client, name: str, drive: Drive) -> str:
    response = client.get(reverse(name, args=[drive.pk]))
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def prediction(club) -> Drive:
    return prediction_drive(club, players=9, games=2)


@pytest.fixture
def individual(club) -> Drive:
    return drive_with_players(players=8, club=club, hands=4, format="individual")


def test_the_round_word_and_letter_follow_the_format(prediction, individual):
    assert (prediction.round_word, prediction.round_letter) == ("game", "G")
    assert (individual.round_word, individual.round_letter) == ("round", "R")


def test_a_prediction_drives_pages_say_game(organiser_client, prediction):
    detail = page(organiser_client, "drive:detail", prediction)
    assert "Enter scores for game 1</a>" in detail
    assert "Seating for game 1</a>" in detail
    assert "sitting out in game 2</div>" in detail
    assert "for round" not in detail and "in round" not in detail

    seating = page(organiser_client, "drive:seating", prediction)
    assert "<title>Game 1 seating" in seating
    assert "<h1>Game 1 seating</h1>" in seating
    assert "Enter scores for game 1</a>" in seating
    assert "Round" not in seating

    movement = page(organiser_client, "drive:movement", prediction)
    assert "<h2>Tables by game</h2>" in movement
    assert "<th>G1</th><th>G2</th>" in movement
    assert "Tables by round" not in movement and "<th>R1</th>" not in movement


def test_the_seating_pages_picker_is_a_game_picker(organiser_client, prediction):
    play_deals(prediction)
    assert prediction.current_round == 2
    seating = page(organiser_client, "drive:seating", prediction)
    assert '<label for="round">Game</label>' in seating
    assert "<h1>Game 2 seating</h1>" in seating


def test_other_formats_keep_their_rounds(organiser_client, individual):
    detail = page(organiser_client, "drive:detail", individual)
    assert "Enter scores for round 1</a>" in detail
    assert "Seating for round 1</a>" in detail
    assert "sitting out in round 2</div>" in detail
    seating = page(organiser_client, "drive:seating", individual)
    assert "<title>Round 1 seating" in seating
    assert "<h1>Round 1 seating</h1>" in seating
    movement = page(organiser_client, "drive:movement", individual)
    assert "<h2>Tables by round</h2>" in movement
    assert "<th>R1</th>" in movement


def test_the_captains_moves_say_game_and_seat_in_lower_case(prediction):
    play_deals(prediction)
    assert prediction.current_round == 2
    key = Table.objects.get(drive=prediction, number=1).captain_key
    html = re.sub(r"\s+", " ", Client().get(f"/t/{key}/").content.decode())
    assert "Moves after game 1</h2>" in html
    assert re.search(r"\(\d+\): table\s\d, seat [1-5]", html)
    assert not re.search(r"table \d, Seat", html)


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("pl", "Rozstawienie: runda 1"),
        ("ru", "Рассадка: тур 1"),
        ("it", "Posti: turno 1"),
        ("en-gb", "Round 1 seating"),
    ],
)
def test_the_seating_pages_title_says_what_its_heading_says(
    organiser_client, club, language, heading
):
    """The title said "runda 1" and the heading "Runda 1": one sentence now,
    capitalised as a heading, the round word in it as the language writes it."""
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, hands=4, format="individual")
    seating = page(organiser_client, "drive:seating", drive)
    assert f"<h1>{heading}</h1>" in seating
    assert f"<title>{heading}" in seating
