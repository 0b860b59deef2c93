"""The league's rule of the drives counted, in Russian, at every count: the
adjective after the number, agreeing with it as the noun does ("21 лучший
турнир", "22 лучших турнира"). Before, the form for 1 was "лучший %(best)s
турнир", which Russian also takes for 21, 31, 101: the printed table and the
league page said "Учитывается: лучший 21 турнир." (an adjective before a
number of drives goes plural: "лучшие 21"), and "лучшие 22 турнира"."""

from __future__ import annotations

import pytest

from tests.league.counted import counted_words

WORDS = {
    1: "Учитывается: 1 лучший турнир.",
    2: "Учитываются: 2 лучших турнира.",
    4: "Учитываются: 4 лучших турнира.",
    5: "Учитываются: 5 лучших турниров.",
    11: "Учитываются: 11 лучших турниров.",
    12: "Учитываются: 12 лучших турниров.",
    21: "Учитывается: 21 лучший турнир.",
    22: "Учитываются: 22 лучших турнира.",
    25: "Учитываются: 25 лучших турниров.",
    101: "Учитывается: 101 лучший турнир.",
}


@pytest.mark.parametrize(("best", "words"), WORDS.items())
def test_the_drives_counted_agree_with_their_number_in_russian(best, words):
    assert counted_words(best, "ru") == words
