"""The movement page's cell of a player's round: table, seat and partner. In
Russian it read «1С с 8», the seat letter С (North) beside the preposition
«с», and «2З с 13», where West's З beside the table reads as 23; Italian's
«3O con 15» read as 30. A narrow column (a phone, the printed page) broke
the cell at every space, «4С» over «с» over «12». Parted by a space alone,
«3 З (15)» still read as 33 on paper and on a phone, the letter З being
the digit 3's twin. Now Russian says «1, С (8)», «3, З (15)» (the table,
then its seat, as the page's note and the site's «стол 3, З» say), Italian
«3, O con 15», and each language's cell breaks in one place only: the table
and seat over the partner."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from drive.game_pages import GAME_PAGES
from drive.movement.types import Game
from tests.factories import drive_with_players
from tests.fixtures import drive_url

NBSP = "\u00a0"


def cell(language: str, table: int, seat: str, partner: int) -> str:
    with translation.override(language):
        return GAME_PAGES[Game.HANDS].path_cell(table, seat, partner, str)


@pytest.mark.parametrize(
    ("language", "table", "seat", "partner", "words"),
    [
        ("ru", 1, "N", 8, f"1,{NBSP}С (8)"),
        ("ru", 2, "W", 13, f"2,{NBSP}З (13)"),
        ("ru", 3, "W", 15, f"3,{NBSP}З (15)"),
        ("it", 3, "W", 15, f"3,{NBSP}O con{NBSP}15"),
        ("it", 3, "N", 15, f"3,{NBSP}N con{NBSP}15"),
        ("pl", 4, "S", 12, f"4S z{NBSP}12"),
        ("ro", 3, "W", 15, f"3V cu{NBSP}15"),
        ("en-gb", 3, "W", 15, f"3W with{NBSP}15"),
    ],
)
def test_a_cell_says_table_seat_and_partner_apart(
    language, table, seat, partner, words
):
    assert cell(language, table, seat, partner) == words


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_a_cell_breaks_only_between_the_seat_and_the_partner(language):
    for seat in "NESW":
        words = cell(language, 3, seat, 12)
        # One ordinary space: a narrow column shows the table and its seat
        # over the partner, never a word or a number alone on a line.
        assert words.count(" ") == 1, words
        place, partner = words.split(" ")
        assert place.startswith("3") and "12" in partner
        # A seat letter that looks like a digit (Russian З, Italian O) is
        # parted from the table by a comma, never a space alone ("3 З" reads
        # 33), nor beside a preposition that looks like it (Russian «С с»).
        assert not re.search(r"\d\s*[ЗO]", words), words
        assert not re.search(r"(?i)с\s*с", words), words


@pytest.mark.django_db
def test_the_russian_movement_page_shows_the_cells_and_says_what_the_brackets_hold(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, format="progressive")
    organiser_client.cookies["django_language"] = "ru"
    page = html.unescape(
        organiser_client.get(drive_url(drive, "movement/")).content.decode()
    )
    assert "Стол и место; в скобках\xa0— номер партнёра." in page
    cells = re.findall(r"<td>(\d+,\s[СВЮЗ] \(\d+\))</td>", page)
    # Each player's round 1, once: the page holds each grid once.
    assert len(cells) == 8, cells
    assert not re.search(r"<td>\d+[СВЮЗ] с \d+</td>", page)


@pytest.mark.django_db
def test_the_english_movement_page_keeps_with_and_the_partner_together(
    organiser_client, club
):
    """English broke a cell as «2W with» over «37»: its source string had
    ordinary spaces where the other languages have no-break ones."""
    drive = drive_with_players(players=8, club=club, format="progressive")
    organiser_client.cookies["django_language"] = "en-gb"
    page = html.unescape(
        organiser_client.get(drive_url(drive, "movement/")).content.decode()
    )
    cells = re.findall(rf"<td>(\d+[NESW] with{NBSP}\d+)</td>", page)
    assert len(cells) == 8, cells
    assert not re.search(r"<td>\d+[NESW] with \d+</td>", page)
