"""A hand's result read out in words on the captain's phone (the check's
caption, for a screen reader): both sides' tricks and the winners' odd tricks."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.rules import TRICK_COUNTS, result_words


def test_the_result_in_words():
    with translation.override("en-gb"):
        assert result_words(8) == (
            "Tricks: North–South 8, East–West 5; 2 odd tricks to North–South"
        )
        assert result_words(6) == (
            "Tricks: North–South 6, East–West 7; 1 odd trick to East–West"
        )
        assert result_words(0).endswith("7 odd tricks to East–West")


@pytest.mark.parametrize(
    ("language", "tricks", "words"),
    [
        ("pl", 6, "1 lewa ponad sześć"),
        ("pl", 8, "2 lewy ponad sześć"),
        ("pl", 12, "6 lew ponad sześć"),
        ("ru", 6, "1 взятка сверх шести"),
        ("ru", 9, "3 взятки сверх шести"),
        ("ru", 13, "7 взяток сверх шести"),
    ],
)
def test_the_result_in_words_counts_in_the_language(language, tricks, words):
    with translation.override(language):
        said = result_words(tricks)
    assert words in said and "North" not in said


def test_every_trick_count_has_its_words():
    with translation.override("ro"):
        assert len({result_words(ns) for ns in TRICK_COUNTS}) == len(TRICK_COUNTS)
