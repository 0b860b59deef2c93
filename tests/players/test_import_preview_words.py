"""The import preview's count line, as a person reads it in each language: a
count beside a word that cannot change with it ("1 noi", "1 nuovi") is put as
a label and its number ("Noi: 1"), as Polish and Russian already put it; one
row with errors is "la riga" in Italian, not "la 1 riga"."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils.html import strip_tags

from tests.factories import PlayerFactory
from tests.players.roster_files import upload

FILE = b"Name,Email\nNew Player,\nAnna Known,\nBad Address,not-an-email\n"

SAID = {
    "en-gb": "1 new, 1 already on the roster, 1 with errors.",
    "pl": "Nowi: 1, już na liście graczy: 1, z błędami: 1.",
    "ru": "Новых: 1, уже в списке: 1, с ошибками: 1.",
    "ro": "Noi: 1, deja în lista jucătorilor: 1, cu erori: 1.",
    "it": "Nuovi: 1, già nell'elenco giocatori: 1, con errori: 1.",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", list(SAID))
def test_the_preview_counts_one_new_row_in_words_that_agree(
    organiser_client, club, language
):
    PlayerFactory(club=club, name="Anna Known")
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = upload(organiser_client, "club.csv", FILE)
    assert response.status_code == 200
    lead = re.search(r'<p class="lead">(.*?)</p>', response.content.decode(), re.S)
    text = " ".join(strip_tags(lead.group(1)).split())
    assert text.endswith(SAID[language]), text
    assert "1 noi" not in text and "1 nuovi" not in text


@pytest.mark.django_db
def test_one_row_with_errors_is_skipped_as_the_row_in_italian(organiser_client, club):
    """Italian says "la riga" for one, not "la 1 riga"."""
    PlayerFactory(club=club, name="Anna Known")
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    html = upload(organiser_client, "club.csv", FILE).content.decode()
    label = re.search(r'name="skip_errors" value="1">(.*?)</label>', html, re.S)
    said = " ".join(label.group(1).split())
    assert said == "Salta la riga con errori e importa il resto", said
