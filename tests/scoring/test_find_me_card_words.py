"""The shared results' "find me" links a player's score card in the game's own
words: prediction whist's card goes deal by deal (Italian *smazzata per
smazzata*, as its results e-mail says), not "hand by hand" (*mano per
mano*), which the link said in every format."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from drive import services as drive_services
from tests.factories import drive_with_players, play_drive
from tests.predictions import play_to_the_end, prediction_drive
from tests.site.wording import text

pytestmark = pytest.mark.django_db


def card_link(drive, language: str) -> str:
    drive = drive_services.public_link_set(drive=drive, shared=True)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return text(client.get(f"/p/{drive.public_key}/results/", {"entry": 1}))


@pytest.mark.parametrize(
    ("language", "deals", "hands"),
    [
        ("it", "smazzata per smazzata", "mano per mano"),
        ("en-gb", "deal by deal", "hand by hand"),
    ],
)
def test_prediction_whists_card_goes_deal_by_deal(club, language, deals, hands):
    drive = play_to_the_end(prediction_drive(club=club, players=8, games=1))
    page = card_link(drive, language)
    assert deals in page
    assert hands not in page


@pytest.mark.parametrize(
    ("language", "hands"), [("it", "mano per mano"), ("en-gb", "hand by hand")]
)
def test_a_drive_of_hands_card_goes_hand_by_hand(club, language, hands):
    drive = play_drive(drive_with_players(club=club, players=8, hands=4))
    assert hands in card_link(drive, language)
