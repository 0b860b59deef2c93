"""The organiser's leaderboard of a finished drive marks the places a
tie-break decided as the projector does (scoring/_tie_mark.html), and says
under the boards, in the projector's key, which rule decided them, in place
of the club's whole order ("Ties: ..."). A place shared, or play going on:
no mark and no key."""

from __future__ import annotations

import pytest

from tests.factories import play_round
from tests.prizes.fixtures import finished_tie, set_order, two_hand_drive
from tests.scoring.tie_marks import KEY, SPOKEN, overall, page, table_rows

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["pl", "ru", "en-gb"])
def test_the_leaderboard_marks_a_broken_tie_and_says_why(
    club, organiser_client, language
):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = page(organiser_client, f"/drives/{drive.pk}/leaderboard/", language)
    # S and W level on 3, W placed ahead by count-back: both marked, no other.
    assert table_rows(overall(text)) == [
        (1, at["N"], False),
        (2, at["W"], True),
        (3, at["S"], True),
        (4, at["E"], False),
    ]
    marked = {number for _rank, number, mark in table_rows(text) if mark}
    assert marked == {at["S"], at["W"]}
    spoken = f'<span class="visually-hidden">, {SPOKEN[language]}</span>'
    assert text.count(spoken) == len([m for *_r, m in table_rows(text) if m])
    # The key under the boards, once, in place of the club's whole order.
    key = (
        '<p class="note tie-key"><span class="tie-key-mark" aria-hidden="true">*'
        f"</span> {KEY[language]}</p>"
    )
    assert text.count(key) == 1
    assert text.rindex("</table>") < text.index(key)
    assert "ties-note" not in text


def test_a_shared_place_on_the_leaderboard_has_no_mark_and_no_key(
    club, organiser_client
):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = page(organiser_client, f"/drives/{drive.pk}/leaderboard/", "ru")
    assert sorted(table_rows(overall(text))) == sorted(
        [
            (1, at["N"], False),
            (2, at["W"], False),
            (2, at["S"], False),
            (4, at["E"], False),
        ]
    )
    assert "tie-mark" not in text and "tie-key" not in text


def test_no_mark_on_the_leaderboard_while_play_goes_on(club, organiser_client):
    set_order(club, "count_back", "hands_won")
    drive = two_hand_drive(club)
    play_round(drive, tricks=lambda deal: 9)  # N-S on 3, E-W on 0: level pairs
    text = page(organiser_client, f"/drives/{drive.pk}/leaderboard/", "pl")
    assert len(table_rows(overall(text))) == 4
    assert "tie-mark" not in text and "tie-key" not in text
