"""Under the boards, equal totals placed apart by the tie-breaks say so: the
two players on 3 who read 2nd and 3rd see by which rule, in their language."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from drive.models import DriveState
from drive.movement.types import Game
from scoring.standings import Standing
from scoring.tie_words import TIE_WORDS
from scoring.tiebreaks import Rule, placed_apart
from tests.prizes.fixtures import finished_tie, set_order

NOTE = "Ties: count-back from the last hand, then most hands won."


def row(rank: int, total: int) -> Standing:
    return Standing(
        rank=rank,
        entry=rank,
        number=rank,
        name="A",
        group="A",
        played=1,
        sat_out=0,
        score=total,
        compensation=0,
        adjustments=0,
    )


def test_placed_apart_is_equal_totals_with_different_places():
    assert placed_apart([row(1, 9), row(2, 7), row(3, 7)])
    assert not placed_apart([row(1, 9), row(2, 7), row(2, 7), row(4, 5)])
    assert not placed_apart([])


@pytest.mark.parametrize(
    "language, said",
    [
        ("en-gb", NOTE),
        (
            "pl",
            "Remisy: porównanie od ostatniego rozdania, potem najwięcej wygranych rozdań.",
        ),
        (
            "ru",
            "При равенстве: сравнение с последней сдачи, затем больше всего выигранных сдач.",
        ),
    ],
)
def test_the_rules_read_as_the_prize_list_says_them(language, said):
    with translation.override(language):
        words = TIE_WORDS[Game.HANDS].order_words([Rule.COUNT_BACK, Rule.HANDS_WON])
    assert words == said


@pytest.mark.django_db
def test_the_boards_say_how_equal_totals_were_placed(club, organiser_client):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    assert drive.state == DriveState.FINISHED
    # The leaderboard, the results page and the shared board mark the rows
    # placed apart and say, in their key, the rule that placed them, not the
    # club's whole order (tests/scoring/test_tie_marks_leaderboard.py,
    # tests/prizes/test_tie_marks_results.py).
    for url in (f"/drives/{drive.pk}/leaderboard/", f"/drives/{drive.pk}/results/"):
        said = organiser_client.get(url).content.decode()
        assert "Level on points: placed by count-back from the last hand." in said
        assert NOTE not in said
    drive = drive_services.public_link_set(drive=drive, shared=True)
    # The shared board marks the rows placed apart and says, in its key, the
    # rule that placed them (tests/scoring/test_tie_marks_pages.py).
    public = Client().get(f"/p/{drive.public_key}/").content.decode()
    assert "Level on points: placed by count-back from the last hand." in public
    assert NOTE not in public


@pytest.mark.django_db
def test_shared_places_need_no_note(club, organiser_client):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, _seats = finished_tie(club)
    page = organiser_client.get(f"/drives/{drive.pk}/leaderboard/").content.decode()
    assert "ties-note" not in page
