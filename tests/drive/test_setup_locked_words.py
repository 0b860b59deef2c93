"""The drive's form, once play has started, says what can no longer change in
the format's words: a prediction whist drive's deals (Italian *smazzate*),
not "hands and trumps" (*mani e atout*), which it said in every format (the
game's trumps are its own, set by no one)."""

from __future__ import annotations

import pytest

from tests.factories import drive_with_players
from tests.predictions import prediction_drive
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("it", "movimento e smazzate non possono più cambiare", "mani e atout"),
        (
            "en-gb",
            "the movement and the deals can no longer change",
            "hands and trumps",
        ),
    ],
)
def test_a_prediction_drive_names_its_deals(
    club, organiser_client, language, said, not_said
):
    speak(club, language)
    drive = prediction_drive(club=club, players=8, games=1)
    page = text(organiser_client.get(f"/drives/{drive.pk}/edit/"))
    assert said in page
    assert not_said not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "movimento, mani e atout non possono più cambiare"),
        ("en-gb", "the movement, hands and trumps can no longer change"),
    ],
)
def test_a_drive_of_hands_names_its_hands_and_trumps(
    club, organiser_client, language, said
):
    speak(club, language)
    drive = drive_with_players(club=club, players=8, hands=4)
    assert said in text(organiser_client.get(f"/drives/{drive.pk}/edit/"))
