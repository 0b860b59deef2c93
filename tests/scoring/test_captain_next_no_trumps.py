"""The captain's phone, every table in: the next hand's trumps said once. No
trumps has no sign, so it is named alone ("Segue la mano 2: <span class=\"trump-words\">Senza atout</span>.",
not "SA Senza atout"); a suit keeps its sign and its name, held on one line
by a no-break space inside a span.trump-words (deals.trump_words), and the
hand's number held to its word ("сдача 2,", not "сдача" over "2," at 200 %
zoom: players.no_break).

The name is the suit's in running text, lower case after the colon where the
language writes it so (locale/GLOSSARY.md); Polish and Russian name the next
hand as their own "Next: game 2." does ("Następne: rozdanie 2, ♦ karo.",
"Далее: сдача 2, ♦ бубны."), not the English order "Następne rozdanie 2: ♦
Karo."."""

from __future__ import annotations

import html
import re

import pytest

from drive.models import Table
from tests.factories import drive_with_players, play_round

pytestmark = pytest.mark.django_db


def _next_line(client, sequence: str, language: str) -> str:
    drive = drive_with_players(
        players=8,
        hands=4,
        hands_per_round=1,
        trump_sequence=sequence,
        advance_automatically=False,
    )
    play_round(drive)
    table = Table.objects.get(drive=drive, number=1)
    client.cookies["django_language"] = language
    page = html.unescape(client.get(f"/t/{table.captain_key}/").content.decode())
    return page.split('<p class="next-hand">')[1].split("</p>")[0]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", 'Segue la mano\xa02: <span class="trump-words">senza atout</span>.'),
        ("en-gb", 'Next hand\xa02: <span class="trump-words">No trumps</span>.'),
        ("pl", 'Następne: rozdanie\xa02, <span class="trump-words">bez atu</span>.'),
        ("ru", 'Далее: сдача\xa02, <span class="trump-words">без козыря</span>.'),
        ("ro", 'Urmează mâna\xa02: <span class="trump-words">fără atu</span>.'),
    ],
)
def test_no_trumps_next_is_named_once(client, language, said):
    assert _next_line(client, "H,NT", language) == said


def test_a_suit_next_keeps_its_sign(client):
    line = _next_line(client, "H,S", "it")
    assert line == (
        'Segue la mano\xa02: <span class="trump-words">'
        '<span class="suit suit-S">♠</span>\xa0picche</span>.'
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pl", "Następne: rozdanie\xa02, ♦\xa0karo."),
        ("ru", "Далее: сдача\xa02, ♦\xa0бубны."),
        ("ro", "Urmează mâna\xa02: ♦\xa0romb."),
        ("it", "Segue la mano\xa02: ♦\xa0quadri."),
        ("en-gb", "Next hand\xa02: ♦\xa0Diamonds."),
    ],
)
def test_the_next_suit_is_named_as_running_text(client, language, said):
    line = _next_line(client, "H,D", language)
    assert re.sub(r"<[^>]+>", "", line) == said
