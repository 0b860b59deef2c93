"""Prediction whist's page of every table's deals is called by its game's
word, in the menu, its title and its first column: Italian "Tutte le
smazzate", "Smazzata" (a prediction whist deal is a smazzata, a drive's hand
a mano), English "All deals"; the other formats keep "All hands"."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from tests.factories import drive_with_players, play_round
from tests.predictions import play_deals, prediction_drive

pytestmark = pytest.mark.django_db


def _page(client, drive, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(f"/drives/{drive.pk}/hands/").content.decode()


@pytest.mark.parametrize(
    ("language", "title", "column"),
    [("it", "Tutte le smazzate", "Smazzata"), ("en-gb", "All deals", "Deal")],
)
def test_prediction_whist_calls_the_page_all_deals(
    club, organiser_client, language, title, column
):
    drive = prediction_drive(club, players=8, games=1)
    play_deals(drive, seed=1)
    html = _page(organiser_client, drive, language)
    assert f"<title>{title}: Wist night" in html
    assert f"<h1>{title}</h1>" in html
    assert re.search(rf'aria-current="page"[^>]*>{title}</a>', html)
    # The game first, then the deal's number in it, as the captain names it.
    assert re.search(rf"<thead><tr><th>[^<]+</th><th>{column}</th>", html)
    assert "Tutte le mani" not in html and "All hands" not in html


def test_a_drive_of_hands_keeps_all_hands(club, organiser_client, organiser):
    drive = drive_with_players(players=8, club=club)
    play_round(drive, by=organiser)
    html = _page(organiser_client, drive, "it")
    assert re.search(r'aria-current="page"[^>]*>Tutte le mani</a>', html)
    assert "smazzat" not in html.lower()
