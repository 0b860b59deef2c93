"""A prediction whist drive's organiser pages say each thing once. Every deal
listed (scoring/prediction_hands): its columns say each thing once. "Hand" (the evening's number) and "Deal"
(Hearts, Free, Blind...) are one word in Polish, Russian and Romanian
(rozdanie, сдача, mână), so the deal's own column is its kind, as the
workbook's Predictions sheet says it (pl Rodzaj). A note naming the game
names it by its short name."""

from __future__ import annotations

import re

import pytest

from tests.factories import prediction_drive
from tests.predictions import play_deals

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language, kind", [("pl", "Rodzaj"), ("ru", "Вид"), ("ro", "Tip"), ("it", "Tipo")]
)
def test_the_deals_columns_are_told_apart(organiser_client, club, language, kind):
    drive = prediction_drive(club, players=8)
    play_deals(drive, hands=[1, 2])
    organiser_client.cookies["django_language"] = language
    html = organiser_client.get(f"/drives/{drive.pk}/hands/").content.decode()
    head = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    names = [
        re.sub(r"<[^>]+>", "", th).strip() for th in re.findall(r"<th.*?</th>", head)
    ]
    names = [n for n in names if n]
    assert len(names) == len(set(names)), names
    assert kind in names


@pytest.mark.parametrize("page", ["card-check/", "slips/"])
def test_a_note_names_the_game_once_without_parentheses_in_parentheses(
    organiser_client, club, page
):
    """pl 'niedostępne w tym formacie (wist z deklaracjami)', not the movement
    choice's long words '(Wist z deklaracjami (Wist: każdy na siebie, ...))'
    (inside a sentence the name is in lower case, locale/GLOSSARY.md)."""
    drive = prediction_drive(club, players=8)
    organiser_client.cookies["django_language"] = "pl"
    html = organiser_client.get(f"/drives/{drive.pk}/{page}").content.decode()
    note = re.search(r'<p class="note">(.*?)</p>', html, re.S).group(1)
    assert "(wist z deklaracjami)" in note and "))" not in note, note
