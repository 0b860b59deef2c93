"""A drive's hand, its round and its place in the round, worked out in one
place (drive.hand_place): a prediction whist drive's hand 11 is deal 3 of
game 2; Drive.hand_named and Drive.round_of_hand say the same."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.hand_place import hand_place, round_hands
from drive.models import Drive


@pytest.mark.parametrize(
    ("hand", "per_round", "place"),
    [(1, 8, (1, 1)), (8, 8, (1, 8)), (11, 8, (2, 3)), (17, 8, (3, 1)), (5, 4, (2, 1))],
)
def test_a_hands_round_and_place(hand, per_round, place):
    assert hand_place(hand, per_round) == place
    assert hand_place(hand, per_round).round == place[0]
    assert hand_place(hand, per_round).number == place[1]


@given(st.integers(1, 200), st.integers(1, 24))
def test_a_rounds_hands_are_the_hands_placed_in_it(hand, per_round):
    place = hand_place(hand, per_round)
    hands = round_hands(place.round, per_round)
    assert hand in hands
    assert hands.index(hand) + 1 == place.number


def test_the_drive_names_a_hand_by_the_same_place():
    drive = Drive(hands=24, hands_per_round=8)
    assert drive.hand_named(11) == {"hand": 11, "number": 3, "round": 2}
    assert drive.round_of_hand(11) == 2
    assert list(drive.hands_of_round(2)) == list(range(9, 17))
    assert Drive(hands=12, hands_per_round=1).hand_named(5)["number"] == 1


def test_a_round_has_at_least_one_hand():
    with pytest.raises(ValueError):
        hand_place(3, 0)


@pytest.mark.django_db
def test_a_prediction_drive_cannot_have_games_of_another_length(club):
    """Why a prediction whist drive's game is always 8 deals: the form settles
    it (drive.setup) and the database refuses anything else."""
    from django.db import IntegrityError, transaction

    from tests.factories import prediction_drive

    drive = prediction_drive(club, players=8, games=2, start=False)
    assert drive.hands_per_round == 8
    with pytest.raises(IntegrityError), transaction.atomic():
        Drive.objects.filter(pk=drive.pk).update(hands_per_round=4)
