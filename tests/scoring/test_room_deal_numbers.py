"""The room and the projector number a prediction whist game's deals as the
phones and the sheets do, "deal 3 of game 2": game 2's deals are 1 to 8 there,
not the drive's running 9 to 16 (Room.hands_from_to, drive.words); the other
formats keep the drive's hands."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring import live
from tests.factories import drive_with_players, prediction_drive
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def text(client, drive, suffix: str) -> str:
    response = client.get(drive_url(drive, suffix))
    assert response.status_code == 200, suffix
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def in_game_2(drive):
    drive.current_round = 2
    drive.save(update_fields=["current_round"])
    return drive


def test_the_room_and_the_projector_number_a_games_deals_in_the_game(
    assistant_client, club
):
    drive = in_game_2(prediction_drive(club, players=8, games=3))
    room = text(assistant_client, drive, "room/")
    assert "Deals 1 to 8:" in room
    assert "9 to 16" not in room
    projector = text(assistant_client, drive, "projector/")
    assert "Game 2 of 3" in projector
    assert "9 to 16" not in projector and "deals 9" not in projector


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pl", "Rozdania od 1 do 8:"),
        ("ru", "Сдачи с 1 по 8:"),
        ("ro", "Mâinile 1\u00a0– 8:"),
        ("it", "Smazzate da 1 a 8:"),
    ],
)
def test_a_games_deals_in_each_language(club, language, said):
    drive = in_game_2(prediction_drive(club, players=8, games=3))
    with translation.override(language):
        assert live.room(drive=drive).hands_from_to == said


def test_a_round_format_keeps_the_drives_hands(club):
    drive = in_game_2(
        drive_with_players(players=8, club=club, hands=24, hands_per_round=8)
    )
    assert live.room(drive=drive).hands_from_to == "Hands 9 to 16:"
