"""The projector's line of the round in play holds each number to its word
(players.no_break, the held_numbers filter): on a 360 px phone, which opens
the projector too, Russian broke "Сдача" over "5"."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.factories import drive_with_players
from tests.fixtures import drive_url
from tests.site.wording import speak

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"
WORDS = {
    "en-gb": ("Round", "Hand"),
    "pl": ("Runda", "Rozdanie"),
    "ru": ("Тур", "Сдача"),
    "ro": ("Runda", "Mâna"),
    "it": ("Turno", "Mano"),
}


def now_line(organiser_client, drive) -> str:
    html = organiser_client.get(drive_url(drive, "projector/")).content.decode()
    line = re.search(r'<p class="projector-now">(.*?)</p>', html, re.S).group(1)
    return unescape(re.sub(r"<[^>]+>", "", line))


@pytest.mark.parametrize("language", list(WORDS))
def test_the_hand_in_play_is_held_to_its_number(club, organiser_client, language):
    drive = drive_with_players(club=club, players=8)
    speak(club, language)
    line = now_line(organiser_client, drive)
    round_word, hand_word = WORDS[language]
    assert re.search(rf"{round_word}{NBSP}1\b", line), repr(line)
    assert re.search(rf"{hand_word}{NBSP}1\b", line), repr(line)
