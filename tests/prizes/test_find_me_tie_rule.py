"""The public results page's "find me" (scoring/_find_me.html): a player whose
place a tie-break decided (the row the final boards mark with a *) reads, beside
that place, which rule decided it, in the prize list's words ("decided by
count-back"); a player alone on their total, or sharing a place the rules leave
level, reads their place as before. The shared board's "find me" says the same."""

from __future__ import annotations

import pytest

from tests.prizes.fixtures import finished_tie, set_order
from tests.prizes.tie_places import DECIDED, own_places, places, public

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru"])
def test_a_place_a_tie_break_decided_says_which_rule(club, language):
    set_order(club, "count_back", "hands_won")
    drive, at = finished_tie(club)  # S and W level on 3, W placed 2nd by count-back
    text = public(drive, language, at["W"])
    assert own_places(text) == places(language, 2, 1, decided=True)
    # The boards mark the same rows (W and S, overall and Gents).
    assert text.count('<span class="tie-mark">') == 4
    assert own_places(public(drive, language, at["S"])) == places(
        language, 3, 2, decided=True
    )


def test_a_place_alone_on_its_total_says_nothing_of_ties(club):
    set_order(club, "count_back")
    drive, at = finished_tie(club)
    text = public(drive, "pl", at["N"])
    assert own_places(text) == [
        "Ogółem: miejsce 1 z 4, 6 punktów",
        "Ladies: miejsce 1 z 2, 6 punktów",
    ]
    assert "own-tie" not in text


def test_a_shared_place_says_nothing_of_ties(club):
    set_order(club)  # no tie-breaks: S and W share 2nd (1st of the Gents)
    drive, at = finished_tie(club)
    text = public(drive, "ru", at["W"])
    assert own_places(text) == places("ru", 2, 1, decided=False)
    assert "own-tie" not in text and DECIDED["ru"] not in text


def test_the_shared_board_s_find_me_says_it_too(club):
    set_order(club, "count_back")
    drive, at = finished_tie(club)
    text = public(drive, "en-gb", at["W"], where="")
    assert own_places(text) == places("en-gb", 2, 1, decided=True)
