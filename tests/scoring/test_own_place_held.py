"""A player's own places on the shared board (?entry=N): "Overall: place 4
of 10, 1 point". On a 360 px phone in large type the Russian line broke as
«Общий зачёт: место 4 из 10, 1» over «очко», and the Romanian as «General:
locul 3 din 10, 2» over «puncte»: a list of numbers, the last one's word on
the next line. The total is held to its word, and each number to the word
before it («место 4», «из 10»), as the site's other lines hold them
(players.no_break). The results e-mail, which no phone's line wraps,
keeps its spaces."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.factories import ClubFactory, drive_with_players, play_round

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"
WORDS = {
    "ru": ("место", "из", ("очко", "очка", "очков")),
    "ro": ("locul", "din", ("punct", "puncte", "de puncte")),
    "en-gb": ("place", "of", ("point", "points")),
}


def own_page(language: str) -> str:
    drive = drive_with_players(players=10, club=ClubFactory(language=language), hands=4)
    play_round(drive, tricks=lambda deal: 8 if deal.table == 1 else 10)
    drive.public_key = "own-place-held-key"
    drive.save(update_fields=["public_key"])
    page = Client().get(f"/p/{drive.public_key}/", {"entry": 1})
    assert page.status_code == 200
    return page.content.decode()


def own_places(page: str) -> list[str]:
    block = re.search(r'<ul class="own-places">(.*?)</ul>', page, re.S)
    assert block, "no own places"
    return [
        html.unescape(re.sub(r"<[^>]+>", "", item))
        for item in re.findall(r"<li>(.*?)</li>", block[1], re.S)
    ]


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_players_total_keeps_its_word_and_each_number_its_own(language):
    place, of, nouns = WORDS[language]
    page = own_page(language)
    places = own_places(page)
    assert places
    for said in places:
        assert f"{place}{NBSP}" in said and f"{of}{NBSP}" in said, repr(said)
        total = re.search(rf"(\S+)(\s)({'|'.join(nouns)})\b", said)
        assert total, repr(said)
        assert total[2] == NBSP, repr(said)


SEAT_LINE = {"ru": "стол", "ro": "masa", "en-gb": "table"}


@pytest.mark.parametrize("language", sorted(SEAT_LINE))
def test_the_players_seat_keeps_the_table_with_its_number(language):
    """«Тур 2: стол» over «2, место Запад.» on the same phone."""
    page = own_page(language)
    seat = re.search(r'<p class="own-seat">(.*?)</p>', page, re.S)
    assert seat, "no seat line"
    said = html.unescape(seat[1])
    assert re.search(rf"{SEAT_LINE[language]}{NBSP}\d", said), repr(said)
