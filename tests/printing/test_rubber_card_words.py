"""A rubber drive's score card has a row per round (scoring.cards.RubberCard:
its hands score only as the rubbers they make), so what names the card says
rounds: the results e-mail's line on the attached card, the shared results'
link to a player's own card and the drive page's download of the filled-in
cards. They said "every hand", "hand by hand" (Polish "z każdym rozdaniem")
in every language. A drive of hands keeps its hands."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from printing import result_message
from tests.factories import drive_with_players, play_drive
from tests.printing.rubber_evening import played_rubber
from tests.site.wording import text

pytestmark = pytest.mark.django_db

# (language, the e-mail's line, the shared results' link, the download)
ROUNDS = [
    (
        "en-gb",
        "Your score card, every round, is attached as a PDF.",
        "Your score card, round by round",
        "Filled-in score cards, with every round played (PDF)",
    ),
    (
        "pl",
        "Twoja karta wyników, z każdą rundą, jest w załączniku PDF.",
        "Twoja karta wyników, runda po rundzie",
        "Wypełnione karty wyników, z każdą rozegraną rundą (PDF)",
    ),
    (
        "ru",
        "Ваша карточка игрока со всеми турами приложена в PDF.",
        "Ваша карточка игрока, тур за туром",
        "Заполненные карточки игроков со всеми сыгранными турами (PDF)",
    ),
    (
        "ro",
        "Fișa dumneavoastră de scor, cu fiecare rundă, este atașată ca PDF.",
        "Fișa dumneavoastră de scor, rundă cu rundă",
        "Fișe de scor completate, cu fiecare rundă jucată (PDF)",
    ),
    (
        "it",
        "Il tuo cartellino segnapunti, turno per turno, è allegato in PDF.",
        "Il tuo cartellino segnapunti, turno per turno",
        "Cartellini segnapunti compilati, con ogni turno giocato (PDF)",
    ),
]
HANDS = [
    (
        "en-gb",
        "Your score card, every hand, is attached as a PDF.",
        "Your score card, hand by hand",
        "Filled-in score cards, with every hand played (PDF)",
    ),
    (
        "pl",
        "Twoja karta wyników, z każdym rozdaniem, jest w załączniku PDF.",
        "Twoja karta wyników, rozdanie po rozdaniu",
        "Wypełnione karty wyników, z każdym rozegranym rozdaniem (PDF)",
    ),
    (
        "ru",
        "Ваша карточка игрока со всеми сдачами приложена в PDF.",
        "Ваша карточка игрока, сдача за сдачей",
        "Заполненные карточки игроков со всеми сыгранными сдачами (PDF)",
    ),
    (
        "ro",
        "Fișa dumneavoastră de scor, cu fiecare mână, este atașată ca PDF.",
        "Fișa dumneavoastră de scor, mână cu mână",
        "Fișe de scor completate, cu fiecare mână jucată (PDF)",
    ),
    (
        "it",
        "Il tuo cartellino segnapunti, mano per mano, è allegato in PDF.",
        "Il tuo cartellino segnapunti, mano per mano",
        "Cartellini segnapunti compilati, con ogni mano giocata (PDF)",
    ),
]
# Each language's word for a hand, which no line of a rubber drive's card says.
HAND_WORDS = {
    "en-gb": r"\bhand",
    "pl": r"rozdani",
    "ru": r"сдач",
    "ro": r"mân",
    "it": r"\bman[oi]\b",
}


def mail(drive, language: str) -> str:
    with translation.override(language):
        composer = result_message.Composer(drive)
        return composer.message(drive.entries.get(number=1)).body


def shared_results(drive, language: str) -> str:
    drive = drive_services.public_link_set(drive=drive, shared=True)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return text(client.get(f"/p/{drive.public_key}/results/", {"entry": 1}))


def drive_page(client, drive, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/drives/{drive.pk}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.text)))


def card_line(body: str) -> str:
    """The e-mail's line about the attached card (the one naming the PDF)."""
    return next(line for line in body.splitlines() if "PDF" in line)


@pytest.mark.parametrize(("language", "mailed", "linked", "download"), ROUNDS)
def test_a_rubber_drives_card_goes_round_by_round(
    club, organiser_client, language, mailed, linked, download
):
    drive = played_rubber(club)
    line = card_line(mail(drive, language))
    assert line == mailed
    assert not re.search(HAND_WORDS[language], line, re.IGNORECASE)
    assert linked in shared_results(drive, language)
    assert download in drive_page(organiser_client, drive, language)


@pytest.mark.parametrize(("language", "mailed", "linked", "download"), HANDS)
def test_a_drive_of_hands_card_still_goes_hand_by_hand(
    club, organiser_client, language, mailed, linked, download
):
    drive = play_drive(drive_with_players(players=8, hands=2, club=club))
    assert card_line(mail(drive, language)) == mailed
    assert linked in shared_results(drive, language)
    assert download in drive_page(organiser_client, drive, language)


LONG_CARDS = {
    "en-gb": "Score cards with many rounds come one to a page, as usual,",
    "pl": "Karty wyników z wieloma rundami drukują się zwykle po jednej na stronę,",
    "ru": "Карточки игроков с большим числом туров обычно печатаются по одной",
    "ro": "Fișele de scor cu multe runde se tipăresc de obicei câte una pe pagină",
    "it": "I cartellini segnapunti con molti turni si stampano di solito uno",
}


@pytest.mark.parametrize("language", sorted(LONG_CARDS))
def test_a_rubber_drives_print_help_says_long_cards_have_many_rounds(
    club, organiser_client, language
):
    """The drive page's print help said "Score cards with many hands come
    one to a page": a rubber drive's card grows by rounds, not hands."""
    page = drive_page(organiser_client, played_rubber(club), language)
    assert LONG_CARDS[language] in page
