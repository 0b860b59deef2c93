"""The boards before the first hand is played: the projector, the leaderboard
and the public board say how many hands (deals) there are to play, not "After
0 of 24 hands."; once one is played they count as before."""

from __future__ import annotations

import html

import pytest

from tests.factories import drive_with_players, play_round
from tests.fixtures import drive_url
from tests.predictions import prediction_drive

pytestmark = pytest.mark.django_db


def _projector(client, drive, language: str) -> str:
    client.cookies["django_language"] = language
    return html.unescape(client.get(drive_url(drive, "projector/")).content.decode())


@pytest.mark.parametrize(
    ("language", "before"),
    [
        ("en-gb", "24 hands to play."),
        ("it", "24 mani da giocare."),
        ("pl", "24 rozdania do rozegrania."),
        ("ru", "Впереди 24 сдачи."),
        ("ro", "24 de mâini de jucat."),
    ],
)
def test_before_the_first_hand_the_projector_says_how_many_to_play(
    club, assistant_client, language, before
):
    drive = drive_with_players(club=club, players=8, hands=24)
    page = _projector(assistant_client, drive, language)
    assert before in page
    assert "After 0" not in page and "Dopo 0" not in page


def test_a_prediction_drive_counts_its_deals_before_the_first(club, assistant_client):
    drive = prediction_drive(club)
    page = _projector(assistant_client, drive, "it")
    assert f"{drive.hands} smazzate da giocare." in page
    assert "Dopo 0" not in page


def test_after_a_hand_the_boards_count_as_before(club, assistant_client):
    drive = drive_with_players(club=club, players=8, hands=4)
    play_round(drive)
    assert "After 1 of 4 hands." in _projector(assistant_client, drive, "en-gb")
