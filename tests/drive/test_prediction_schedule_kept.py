"""A prediction whist schedule is searched once for the same arguments
(drive.movement.prediction._planned): a drive's pages and services ask for it
again, and the search of a large room takes a second or more. What comes back
is the same schedule as a new search, a list of its own each time, for a
history given in any sequences."""

from __future__ import annotations

from drive.movement import prediction
from drive.movement.types import Seating


def test_the_same_arguments_are_searched_once_and_give_the_same_schedule():
    prediction._planned.cache_clear()
    players = list(range(101, 124))
    first = prediction.prediction_schedule(players=players, rounds=6, seed=11)
    again = prediction.prediction_schedule(
        players=list(reversed(players)), rounds=6, seed=11
    )
    info = prediction._planned.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert again == first
    prediction._planned.cache_clear()
    assert prediction.prediction_schedule(players=players, rounds=6, seed=11) == first


def test_each_caller_gets_a_list_of_its_own():
    players = list(range(1, 10))
    first = prediction.prediction_schedule(players=players, rounds=3, seed=2)
    first.clear()
    assert len(prediction.prediction_schedule(players=players, rounds=3, seed=2)) == 3


def test_a_history_built_of_lists_is_planned_as_one_of_tuples():
    played = prediction.prediction_schedule(
        players=list(range(1, 10)), rounds=2, seed=5
    )
    as_lists = [
        Seating(tables=list(seating.tables), sit_outs=list(seating.sit_outs))
        for seating in played
    ]
    players = list(range(1, 11))
    assert prediction.prediction_schedule(
        players=players, rounds=3, seed=5, history=as_lists
    ) == prediction.prediction_schedule(
        players=players, rounds=3, seed=5, history=played
    )
