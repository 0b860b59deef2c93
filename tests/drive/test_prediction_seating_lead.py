"""The seating page names a prediction whist game's deals as the phones, the
room and the sheets do: game 2's deals are 1 to 8 ("Game 2: deals 1 to 8."),
not the drive's running 9 to 16; the other formats keep the drive's hands."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import drive_with_players, prediction_drive

pytestmark = pytest.mark.django_db

# Game 2's lead in each language (the room's "Deals 1 to 8:" in the same words).
LEADS = {
    "en-gb": "Game 2: deals 1 to 8.",
    "pl": "Partia 2: rozdania od 1 do 8.",
    "ru": "Партия 2: сдачи с 1 по 8.",
    "ro": "Jocul 2: mâinile 1 – 8.",
    "it": "Partita 2: smazzate da 1 a 8.",
}


def lead(client, drive, round_number: int) -> str:
    url = reverse("drive:seating", args=[drive.pk]) + f"?round={round_number}"
    html = client.get(url).content.decode()
    found = re.search(r'<p class="lead">(.*?)</p>', html, re.S)
    assert found, html
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def in_round_2(drive):
    drive.current_round = 2
    drive.save(update_fields=["current_round"])
    return drive


@pytest.mark.parametrize("language", sorted(LEADS))
def test_a_games_deals_are_numbered_in_the_game(organiser_client, club, language):
    club.language = language
    club.save(update_fields=["language"])
    drive = in_round_2(prediction_drive(club, players=8, games=3))
    said = lead(organiser_client, drive, 2)
    assert said.endswith(LEADS[language]), said
    assert "9" not in said.removeprefix(drive.name)
    assert lead(organiser_client, drive, 1).endswith(LEADS[language].replace("2", "1"))


def test_a_round_format_keeps_the_drives_hands(organiser_client, club):
    drive = in_round_2(
        drive_with_players(
            players=8, club=club, hands=8, hands_per_round=4, format="individual"
        )
    )
    assert lead(organiser_client, drive, 2).endswith("Hands 5, 6, 7, 8.")
