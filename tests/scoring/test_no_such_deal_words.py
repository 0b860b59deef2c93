"""A deal that is not there, said in the format's words: a prediction whist
drive's phone sent a deal past the last one, or the desk opened a deal's page
at a table that did not play it, was told of a "hand" (Italian *mano*, where
the game has *smazzate*). Drives of hands say hand, as before
(drive.format_words: no_such_hand, not_played)."""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive.models import Table
from scoring import captain as captain_services
from tests.factories import drive_with_players, legal_deal, prediction_drive
from tests.site.wording import speak

pytestmark = pytest.mark.django_db


def refusal(table: Table, hand: int, language: str, **deal) -> str:
    with translation.override(language), pytest.raises(ValidationError) as caught:
        captain_services.captain_result_submit(
            table=table, hand=hand, idempotency_key="n" * 22, **deal
        )
    return caught.value.messages[0]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "Non esiste la smazzata 17 in questo torneo (da 1 a 16)."),
        ("en-gb", "There is no deal 17 in this drive (1 to 16)."),
        ("pl", "W tym turnieju nie ma rozdania 17 (od 1 do 16)."),
        ("ru", "В этом турнире нет сдачи 17 (от 1 до 16)."),
        ("ro", "Nu există mâna 17 în acest turneu (1\u00a0– 16)."),
    ],
)
def test_a_phone_sending_a_deal_past_the_last_is_told_of_a_deal(club, language, said):
    drive = prediction_drive(club, players=8, games=2)
    predictions, tricks = legal_deal(1, 4)
    table = Table.objects.get(drive=drive, number=1)
    assert (
        refusal(
            table, 17, language, ns_tricks=0, predictions=predictions, tricks=tricks
        )
        == said
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "Non esiste la mano 4 in questo torneo (da 1 a 3)."),
        ("en-gb", "There is no hand 4 in this drive (1 to 3)."),
    ],
)
def test_a_drive_of_hands_still_says_hand(club, language, said):
    drive = drive_with_players(club=club, players=8, hands=3)
    table = Table.objects.get(drive=drive, number=1)
    assert refusal(table, 4, language, ns_tricks=7) == said


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("it", "Quel tavolo non ha giocato quella smazzata.", "quella mano"),
        ("en-gb", "That table did not play that deal.", "that hand"),
    ],
)
def test_a_deals_page_the_table_did_not_play_says_deal(
    club, organiser_client, settings, language, said, not_said
):
    """The desk's page of a deal no table played: the message its 404
    carries, which the developers' page shows."""
    settings.DEBUG = True
    speak(club, language)
    drive = prediction_drive(club, players=8, games=1)
    response = organiser_client.get(f"/drives/{drive.pk}/hands/99/table/1/")
    assert response.status_code == 404
    page = html.unescape(response.content.decode())
    assert said in page
    assert not_said not in page
