"""The results e-mail names what its attached card holds in the drive's own
word: a prediction whist card holds deals, and Italian calls a deal a
"smazzata" as every other page of such a drive does ("Punti per smazzata",
"Per smazzata"); the mail said "mano per mano". A drive of hands keeps
"mano per mano"; Romanian calls both a "mână" (glossary)."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import result_message
from tests.factories import drive_with_players, play_drive
from tests.predictions import play_to_the_end, prediction_drive

pytestmark = pytest.mark.django_db


def body(drive, language: str) -> str:
    with translation.override(language):
        composer = result_message.Composer(drive)
        return composer.message(drive.entries.get(number=1)).body


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "it",
            "Il tuo cartellino segnapunti, smazzata per smazzata, è allegato in PDF.",
        ),
        ("en-gb", "Your score card, every deal, is attached as a PDF."),
        ("ro", "Fișa dumneavoastră de scor, cu fiecare mână, este atașată ca PDF."),
    ],
)
def test_a_prediction_drive_mail_names_its_cards_deals(club, language, words):
    drive = play_to_the_end(prediction_drive(club, players=8, games=1))
    assert words in body(drive, language)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", "Il tuo cartellino segnapunti, mano per mano, è allegato in PDF."),
        ("en-gb", "Your score card, every hand, is attached as a PDF."),
    ],
)
def test_a_drive_of_hands_mail_names_its_cards_hands(club, language, words):
    drive = play_drive(drive_with_players(players=8, hands=2, club=club))
    assert words in body(drive, language)
