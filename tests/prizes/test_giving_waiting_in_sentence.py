"""The MC's page names the prizes still to decide in one sentence ("Not in
the prize-giving until decided: Consolation draw (not drawn yet...)."), a
list after a colon as the prizes page's "Left off tonight's prizes: ..."
line: the site's own name of a prize takes a small first letter in Polish,
Russian, Romanian and Italian (Award.in_sentence); a name the organiser
typed keeps its capitals, and English the prize table's."""

from __future__ import annotations

import pytest

from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.prize_giving import speaking

pytestmark = pytest.mark.django_db

SITE_NAMED = {
    "en-gb": "Not in the prize-giving until decided: Consolation draw (not drawn",
    "pl": "Poza wręczeniem, dopóki nie zostanie rozstrzygnięte: losowanie dla "
    "osób bez nagrody (jeszcze nie wylosowano",
    "ru": "Не войдёт во вручение, пока не решено: утешительный розыгрыш (ещё не",
    "ro": "Nu intră în festivitatea de premiere până nu se decide: tragere la "
    "sorți de consolare (netras încă",
    "it": "Fuori dalla premiazione finché non è deciso: premio a sorteggio (non "
    "ancora sorteggiato",
}
TYPED = {
    "en-gb": "Not in the prize-giving until decided: The Lucky Dip (",
    "pl": "Poza wręczeniem, dopóki nie zostanie rozstrzygnięte: The Lucky Dip (",
}


def waiting_line(club, client, language: str, prizes: str) -> str:
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(drive=drive, prizes=prizes)
    play_drive(drive, tricks=varied_tricks)
    page = speaking(client, language).get(f"/drives/{drive.pk}/prize-giving/")
    return page.content.decode()


@pytest.mark.parametrize("language", sorted(SITE_NAMED))
def test_the_sites_name_of_a_prize_waiting_is_written_as_the_sentence_needs(
    club, organiser_client, language
):
    page = waiting_line(
        club, organiser_client, language, "1st overall\nConsolation draw"
    )
    assert SITE_NAMED[language] in page


@pytest.mark.parametrize("language", sorted(TYPED))
def test_a_name_the_organiser_typed_is_as_typed(club, organiser_client, language):
    page = waiting_line(
        club,
        organiser_client,
        language,
        "1st overall\nConsolation draw: The Lucky Dip",
    )
    assert TYPED[language] in page
