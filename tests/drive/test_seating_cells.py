"""The seating page's list by player says "Seat" once, in its column head:
a prediction whist seat's cell is its number alone ("3"), not "Место 3" in
every row; the other formats' cells name the seat ("North")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import drive_with_players, prediction_drive

pytestmark = pytest.mark.django_db

# The column head over the seats in each language: the word prediction
# whist's seats are numbered with elsewhere on the pages ("Seat 3").
SEAT_WORDS = {
    "en-gb": "Seat",
    "pl": "Miejsce",
    "ru": "Место",
    "ro": "Locul",
    "it": "Posto",
}


def by_player(client, drive) -> tuple[list[str], list[str]]:
    """The list by player's column heads and its seat cells."""
    html = client.get(reverse("drive:seating", args=[drive.pk])).content.decode()
    table = html.split('<table class="list">', 1)[1].split("</table>", 1)[0]
    heads = re.findall(r"<th>([^<]*)</th>", table)
    cells = re.findall(r'<td class="seat">([^<]*)</td>', table)
    return heads, cells


@pytest.mark.parametrize("language", sorted(SEAT_WORDS))
def test_a_prediction_seat_is_its_number_under_the_head(
    organiser_client, club, language
):
    club.language = language
    club.save(update_fields=["language"])
    drive = prediction_drive(club, players=9, games=2)
    heads, cells = by_player(organiser_client, drive)
    word = SEAT_WORDS[language]
    assert heads[-1] == word
    # Nine players: two at each of the tables (4 and 5) hold seats 1 to 4.
    assert sorted(cells) == sorted([*"1234", *"12345"])
    assert not [cell for cell in cells if word in cell]


def test_the_other_formats_name_the_seat(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=4, format="individual")
    heads, cells = by_player(organiser_client, drive)
    assert heads[-1] == "Seat"
    assert set(cells) == {"North", "East", "South", "West"}
