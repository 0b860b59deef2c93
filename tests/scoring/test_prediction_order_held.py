"""The captain's order of play at a prediction whist table: each player's
seat and entry number ("locul 3 · nr. 5") is held to its word, and the dot to
the seat, in the markup itself (players.no_break, the held_numbers filter),
so a phone breaks the line only after the dot, even before captain.css has
come: Romanian read "locul 3" over "· nr. 5", and "nr." could end a line
before its "5"."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from drive.models import Table
from players.no_break import held_numbers
from tests.factories import prediction_drive
from tests.site.wording import speak

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"
# "seat 3 · no. 5" in each language, as the catalogue says it.
SEAT_AND_NUMBER = {
    "en-gb": (r"seat", r"no\."),
    "pl": (r"miejsce", r"nr"),
    "ru": (r"место", r"№"),
    "ro": (r"locul", r"nr\."),
    "it": (r"posto", r"n\."),
}


@pytest.mark.parametrize("language", list(SEAT_AND_NUMBER))
def test_the_order_of_play_holds_each_seat_and_number_to_its_word(club, language):
    drive = prediction_drive(club, players=8)
    speak(club, language)
    key = Table.objects.get(drive=drive, number=1).captain_key
    html = Client().get(f"/t/{key}/").content.decode()
    order = re.search(r'<ol class="wist-order">(.*?)</ol>', html, re.S).group(1)
    smalls = [
        unescape(re.sub(r"<[^>]+>", "", s))
        for s in re.findall(r"<small>(.*?)</small>", order, re.S)
    ]
    assert len(smalls) == 4, order
    seat, number = SEAT_AND_NUMBER[language]
    held = re.compile(rf"{seat}{NBSP}\d+{NBSP}· {number}{NBSP}\d+")
    for said in smalls:
        assert held.fullmatch(said), repr(said)


@pytest.mark.parametrize(
    ("said", "held"),
    [
        ("nr. 5", "nr.\u00a05"),
        ("Nr. 12,", "Nr.\u00a012,"),
        ("n. 5", "n.\u00a05"),
        ("№ 5", "№\u00a05"),
        ("locul 3 · nr. 5", "locul\u00a03 · nr.\u00a05"),
        # A longer word and a stop ends a sentence; an address stays.
        ("Au terminat. 5 mese", "Au terminat. 5 mese"),
        ("192.168.1.20:8000", "192.168.1.20:8000"),
    ],
)
def test_a_number_is_held_to_a_cut_word_and_its_stop(said, held):
    assert held_numbers(said) == held


@pytest.mark.parametrize("language", list(SEAT_AND_NUMBER))
def test_each_seat_on_the_captains_page_is_held_to_its_number(club, language):
    """The boxes of the players' predictions and tricks say the seat too
    ("locul 1 · împarte")."""
    drive = prediction_drive(club, players=8)
    speak(club, language)
    key = Table.objects.get(drive=drive, number=1).captain_key
    html = Client().get(f"/t/{key}/").content.decode()
    seat = SEAT_AND_NUMBER[language][0]
    said = [
        unescape(s) for s in re.findall(r'<span class="seat-label">(.*?)</span>', html)
    ]
    seats = [s for s in said if re.match(rf"{seat}\s", s)]
    assert len(seats) > 4, said
    assert all(re.fullmatch(rf"{seat}{NBSP}\d+", s) for s in seats), seats
