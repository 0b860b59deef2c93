"""The "Cards in" desk of a prediction whist drive: nothing to type there,
said in the format's words (drive.format_words no_cards_to_type). Its deals
come in deal by deal, and it has no card check (drive.movement.types.FORMATS),
so the desk points to the printed filled-in cards and the results page, not
to the card check that would only say it is not available; a drive of hands
keeps its words."""

from __future__ import annotations

import html
import re

import pytest

from tests.factories import drive_with_players, prediction_drive
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db

PREDICTION_NOTE = {
    "en": "This drive's scores come in deal by deal: there are no cards to type "
    "in. To compare a player's card with the scores, use the printed filled-in "
    "score cards or the results page.",
    "pl": "Wyniki tego turnieju wpisuje się rozdanie po rozdaniu: nie ma kart do "
    "wpisania. Aby porównać kartę gracza z wynikami, użyj wydrukowanych "
    "wypełnionych kart wyników albo strony wyników.",
    "ru": "Результаты этого турнира вводятся сдача за сдачей: вводить карточки "
    "не нужно. Чтобы сверить карточку игрока с результатами, используйте "
    "распечатанные заполненные карточки игроков или страницу результатов.",
    "ro": "Scorurile acestui turneu se introduc mână cu mână: nu sunt fișe de "
    "introdus. "
    "Pentru a compara fișa unui jucător cu scorurile, folosiți fișele de scor "
    "completate tipărite sau pagina de rezultate.",
    "it": "I punteggi di questo torneo arrivano smazzata per smazzata: non ci "
    "sono cartellini da inserire. Per confrontare il cartellino di un giocatore "
    "con i punteggi, usa i cartellini segnapunti compilati stampati o la pagina "
    "dei risultati.",
}


def desk_note(client, drive, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(f"/drives/{drive.pk}/cards-in/")
    assert response.status_code == 200
    note = re.search(r'<p class="note">(.*?)</p>', response.content.decode(), re.S)
    return " ".join(html.unescape(note.group(1)).split())


@pytest.mark.parametrize("language", sorted(PREDICTION_NOTE))
def test_a_prediction_drives_desk_says_deals_and_no_card_check(
    organiser_client, club, language
):
    drive = prediction_drive(club, players=6, games=1)
    play_predictions(drive)
    assert desk_note(organiser_client, drive, language) == PREDICTION_NOTE[language]


def test_a_drive_of_hands_keeps_its_words(organiser_client, club):
    drive = drive_with_players(players=8, hands=4, club=club)
    assert desk_note(organiser_client, drive, "en") == (
        "This drive's scores come in hand by hand: there are no cards to type "
        "in. To compare a player's card with the scores, use the card check."
    )
    assert desk_note(organiser_client, drive, "pl").endswith("użyj sprawdzania karty.")
