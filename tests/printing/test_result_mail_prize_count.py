"""A player's prizes are labelled by how many there are, in the results
e-mail and in the results page's "find me" box: one prize is "Your prize:"
(pl «Twoja nagroda:», ru «Ваш приз:»), not "Your prizes: Booby prize."
(«Twoje nagrody: Nagroda pocieszenia.», «Ваши призы: Утешительный приз.»)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from printing.result_message import Composer
from tests.factories import drive_with_players, play_drive, varied_tricks

pytestmark = pytest.mark.django_db

ONE = {
    "en-gb": "Your prize: {}.",
    "pl": "Twoja nagroda: {}.",
    "ru": "Ваш приз: {}.",
    "ro": "Premiul dumneavoastră: {}.",
    "it": "Il tuo premio: {}.",
}
MANY = {
    "en-gb": "Your prizes: {}.",
    "pl": "Twoje nagrody: {}.",
    "ru": "Ваши призы: {}.",
    "ro": "Premiile dumneavoastră: {}.",
    "it": "I tuoi premi: {}.",
}


@pytest.fixture
def finished(club):
    return play_drive(
        drive_with_players(players=12, club=club, hands=6), tricks=varied_tricks
    )


def winners(drive):
    composer = Composer(drive)
    won = {e.number: composer.prizes_won(e) for e in drive.entries.all()}
    one = next(n for n, prizes in won.items() if len(prizes) == 1)
    many = next(n for n, prizes in won.items() if len(prizes) > 1)
    return composer, drive.entries.get(number=one), drive.entries.get(number=many)


@pytest.mark.parametrize("language", sorted(ONE))
def test_the_mail_labels_one_prize_in_the_singular(finished, language):
    with translation.override(language):
        composer, one, many = winners(finished)
        [prize] = composer.prizes_won(one)
        assert ONE[language].format(prize) in composer.message(one).body
        prizes = ", ".join(composer.prizes_won(many))
        assert MANY[language].format(prizes) in composer.message(many).body


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_find_me_box_labels_one_prize_in_the_singular(finished, language):
    with translation.override(language):
        composer, one, many = winners(finished)
        [prize] = composer.prizes_won(one)
        many_words = MANY[language].format(", ".join(composer.prizes_won(many)))
    finished.club.language = language
    finished.club.save(update_fields=["language"])
    drive = drive_services.public_link_set(drive=finished, shared=True)
    url = f"/p/{drive.public_key}/results/"
    page = Client().get(url, {"entry": one.number}).content.decode()
    assert ONE[language].format(prize) in page
    page = Client().get(url, {"entry": many.number}).content.decode()
    assert many_words in page
