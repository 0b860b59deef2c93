"""A prize's name inside a running sentence ("Your prize: %(prizes)s." in the
results e-mail and the results page's "find me" box): the site's own name of
the prize takes a small first letter in Polish, Russian, Romanian and Italian,
which write common nouns so after a colon ("Twoja nagroda: nagroda
pocieszenia.", not "Twoja nagroda: Nagroda pocieszenia."); a name the
organiser typed keeps its capitals in every language, and English names the
prize as the prize table does ("Your prize: Booby.")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from printing.result_message import Composer
from prizes import services as prize_services
from prizes.prize_words import in_sentence
from tests.factories import drive_with_players, play_drive, varied_tricks

pytestmark = pytest.mark.django_db

BOOBY = {
    "en-gb": "Your prize: Booby.",
    "pl": "Twoja nagroda: nagroda pocieszenia.",
    "ru": "Ваш приз: утешительный приз.",
    "ro": "Premiul dumneavoastră: premiul de consolare.",
    "it": "Il tuo premio: premio di consolazione.",
}
CUP = {
    "en-gb": "Your prize: The Smith Cup.",
    "pl": "Twoja nagroda: The Smith Cup.",
    "ru": "Ваш приз: The Smith Cup.",
    "ro": "Premiul dumneavoastră: The Smith Cup.",
    "it": "Il tuo premio: The Smith Cup.",
}


@pytest.fixture
def finished(club):
    drive = play_drive(
        drive_with_players(players=12, club=club, hands=6), tricks=varied_tricks
    )
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall: The Smith Cup\nBooby"
    )
    return drive


def winners(drive) -> tuple[int, int]:
    composer = Composer(drive)
    won = {e.number: composer.prizes_won(e) for e in drive.entries.all()}
    (cup,) = (n for n, prizes in won.items() if prizes == ["The Smith Cup"])
    (booby,) = (n for n, prizes in won.items() if prizes and n != cup)
    return cup, booby


@pytest.mark.parametrize("language", sorted(BOOBY))
def test_the_mail_writes_the_sites_prize_name_as_the_sentence_needs(finished, language):
    with translation.override(language):
        cup, booby = winners(finished)
        composer = Composer(finished)
        assert (
            BOOBY[language] in composer.message(finished.entries.get(number=booby)).body
        )
        assert CUP[language] in composer.message(finished.entries.get(number=cup)).body


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_find_me_box_says_it_as_the_mail_does(finished, language):
    cup, booby = winners(finished)
    finished.club.language = language
    finished.club.save(update_fields=["language"])
    drive = drive_services.public_link_set(drive=finished, shared=True)
    url = f"/p/{drive.public_key}/results/"
    assert BOOBY[language] in Client().get(url, {"entry": booby}).content.decode()
    assert CUP[language] in Client().get(url, {"entry": cup}).content.decode()


def test_figures_and_abbreviations_stay_as_they_are():
    assert in_sentence("1. miejsce ogółem", "pl") == "1. miejsce ogółem"
    assert in_sentence("BA najwięcej", "pl") == "BA najwięcej"
    assert in_sentence("Lider la pauză", "ro") == "lider la pauză"
    assert in_sentence("Half-time leader", "en-gb") == "Half-time leader"
