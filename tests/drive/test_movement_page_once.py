"""The movement page holds its grid of tables by round and its players'
evenings once each. It held both twice, a table of every round for the
screen and the blocks of at most eight rounds for paper (hidden on screen):
a long evening's page, loaded on a phone, was twice its size. The blocks
are the one copy now, side by side on screen and one under the other on
paper (organiser.css, print.css)."""

from __future__ import annotations

import re

import pytest

from drive.selectors import BLOCK_ROUNDS
from tests.factories import drive_with_players
from tests.fixtures import drive_url


@pytest.mark.django_db
def test_each_grid_is_on_the_page_once(organiser_client, club):
    # A preview of an individual drive: 20 players over 19 rounds, 5 tables.
    drive = drive_with_players(
        players=20, club=club, format="individual", hands=19, start=False
    )
    organiser_client.cookies["django_language"] = "en-gb"
    page = organiser_client.get(drive_url(drive, "movement/")).content.decode()
    rounds, tables, players = 19, 5, 20
    # Every round's column head once in the tables' grid, once in the players'.
    for number in range(1, rounds + 1):
        assert page.count(f"<th>R{number}</th>") == 2, number
    # Every table's row once in each block of rounds, and each cell once.
    blocks = -(-rounds // BLOCK_ROUNDS)
    assert blocks == 3
    heads = re.findall(r'<th scope="row" class="num">(\d+)</th>', page)
    assert sorted(heads) == sorted([str(t) for t in range(1, tables + 1)] * blocks)
    # (A player's name heads each block's row beside the number.)
    assert page.count("<td>") == (tables + players) * rounds
    assert page.count('<td class="name">') == players * blocks
    # No second copy hidden for paper.
    assert " hidden>" not in page and "movement-print" not in page
