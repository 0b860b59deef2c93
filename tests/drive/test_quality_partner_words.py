"""The movement's quality line counts different partners by the higher
number, which the noun follows: Russian said «у игроков от 0 до 1 разных
партнёров» on the movement page after the first round of a drive with a
sit-out (the player sitting out has none yet); it is «от 0 до 1 разного
партнёра», as «от 19 до 21 разного партнёра», «от 3 до 5 разных партнёров».
Romanian takes "de" from 20 ("între 3 și 20 de parteneri diferiți")."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.movement.quality import movement_quality
from drive.movement.types import Seating, TableSeating


def first_round_with_a_sit_out() -> list[Seating]:
    """Round 1 of five players: one table, player 5 sits out."""
    return [Seating(tables=(TableSeating(1, 1, 2, 3, 4),), sit_outs=(5,))]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("ru", "у игроков от 0 до 1 разного партнёра"),
        ("pl", "gracze mają od 0 do 1 partnera"),
        ("ro", "jucătorii au între 0 și 1 partener diferit"),
        ("it", "i giocatori hanno tra 0 e 1 compagno diverso"),
        ("en-gb", "players have between 0 and 1 different partner"),
    ],
)
def test_partners_between_none_and_one_agree_with_one(language, said):
    quality = movement_quality(schedule=first_round_with_a_sit_out())
    assert (quality.min_distinct_partners, quality.max_distinct_partners) == (0, 1)
    with translation.override(language):
        assert quality.summary().startswith(said + ";")


@pytest.mark.parametrize(
    ("language", "low", "high", "said"),
    [
        ("ru", 19, 21, "у игроков от 19 до 21 разного партнёра"),
        ("ru", 3, 5, "у игроков от 3 до 5 разных партнёров"),
        ("ro", 19, 20, "jucătorii au între 19 și 20 de parteneri diferiți"),
    ],
)
def test_partners_are_counted_by_the_higher_number(language, low, high, said):
    with translation.override(language):
        words = translation.ngettext(
            "players have between %(low)d and %(high)d different partner",
            "players have between %(low)d and %(high)d different partners",
            high,
        ) % {"low": low, "high": high}
    assert words == said
