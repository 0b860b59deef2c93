"""One rule writes a pair of players (players.pair_names): "3 & 4" in English,
each other language with its own word, wherever the pair is named."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from drive.game_pages import GAME_PAGES
from drive.movement.partners import check_pairs
from drive.movement.types import Game, TableSeating
from players.pair_names import joined_pair
from prizes.engine import numbers_text

PAIRS = {
    "en-gb": "3 & 4",
    "ru": "3 и 4",
    "pl": "3 i 4",
    "ro": "3 și 4",
    "it": "3 e 4",
}


@pytest.mark.parametrize(("language", "pair"), PAIRS.items())
def test_a_pair_is_joined_by_the_languages_own_word(language, pair):
    with translation.override(language):
        assert joined_pair([3, 4]) == pair
        assert joined_pair(["3", "4"]) == pair
        assert numbers_text((3, 4)) == pair  # a prize's winners
        # The template tag says the same.
        rendered = Template("{% load pair_names %}{% pair 3 4 %}").render(Context())
        assert rendered == pair.replace("&", "&amp;")


def test_one_member_stands_alone_and_none_is_nothing():
    assert joined_pair([7]) == "7"
    assert joined_pair([]) == ""


def test_the_tag_escapes_a_name():
    rendered = Template("{% load pair_names %}{% pair a b %}").render(
        Context({"a": "<b>Ann</b>", "b": "Bob"})
    )
    assert rendered == "&lt;b&gt;Ann&lt;/b&gt; &amp; Bob"


@pytest.mark.parametrize(
    ("language", "cell"),
    [("en-gb", "3 & 7 v 1 & 9"), ("ru", "3 и 7 против 1 и 9"), ("pl", "3 i 7 – 1 i 9")],
)
def test_the_movements_grid_writes_its_pairs_so(language, cell):
    """Read as it is written; its pairs are held together by no-break spaces
    (tests/drive/test_movement_grid_words.py)."""
    seated = TableSeating(table=1, north=3, east=1, south=7, west=9)
    with translation.override(language):
        words = GAME_PAGES[Game.HANDS].grid_cell(seated, str)
    assert words.replace("\N{NO-BREAK SPACE}", " ") == cell


@pytest.mark.parametrize(
    ("language", "pairs"),
    [
        ("en-gb", "(2 & 12 and 2 & 13)"),
        ("ru", "(2 и 12, 2 и 13)"),
        ("pl", "(2 i 12, 2 i 13)"),
    ],
)
def test_a_list_of_pairs_keeps_each_pair_apart(language, pairs):
    """Where a pair's word is the language's "and", pairs listed are parted
    by a comma: "2 и 12 и 2 и 13" would be one list of four."""
    with translation.override(language):
        problems = check_pairs(players=[2, 12, 13], pairs=[(2, 12), (2, 13)])
    assert any(pairs in problem for problem in problems), problems
