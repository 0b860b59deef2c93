"""The public results page's "find me" (scoring/_find_me.html): a player whose
place a tie-break decided (the row the final boards mark with a *) reads, beside
that place, which rule decided it, in the prize list's words ("decided by
count-back"); a player alone on their total, or sharing a place the rules leave
level, reads their place as before. The shared board's "find me" says the same."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import services as drive_services
from tests.prizes.fixtures import finished_tie, set_order
from tests.scoring.test_tie_marks_leaderboard import page

pytestmark = pytest.mark.django_db

DECIDED = {
    "en-gb": "decided by count-back",
    "pl": "rozstrzygnięte od końca",
    "ru": "решено сравнением с конца",
}
# The overall board's line, then the group's (S and W are both Gents).
PLACE = {
    "en-gb": ("Overall: place {} of 4, {} points", "Gents: place {} of 2, {} points"),
    "pl": ("Ogółem: miejsce {} z 4, {} punkty", "Gents: miejsce {} z 2, {} punkty"),
    "ru": ("Общий зачёт: место {} из 4, {} очка", "Gents: место {} из 2, {} очка"),
}


def places(language: str, overall: int, group: int, decided: bool) -> list[str]:
    """The summary's two lines of a player on 3 points, placed `overall` and
    `group`; each saying the rule where `decided`."""
    tie = f"; {DECIDED[language]}" if decided else ""
    board, in_group = PLACE[language]
    return [board.format(overall, 3) + tie, in_group.format(group, 3) + tie]


def own_places(text: str) -> list[str]:
    """The find-me summary's place lines, as read (tags taken out)."""
    block = re.search(r'<ul class="own-places">(.*?)</ul>', text, re.S)
    assert block, "no find-me summary"
    return [
        re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", block[1])
    ]


def public(drive, language: str, number: int, where: str = "results/") -> str:
    drive = drive_services.public_link_set(drive=drive, shared=True)
    return page(Client(), f"/p/{drive.public_key}/{where}?entry={number}", language)


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
