"""A group's best score named in each language by the group's name, which
the sentence must take as a name ("Cel mai bun scor din grupa Doamne")."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.group_words import default_group_labels
from prizes.prize_list import PrizeKind, PrizeSpec


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("ro", "Cel mai bun scor din grupa Doamne"),
        ("pl", "Najlepszy wynik w grupie Panie"),
        ("ru", "Лучший результат в группе «Дамы»"),
        ("it", "Miglior punteggio – Dame"),
    ],
)
def test_the_best_score_of_a_group_names_the_group(language, shown):
    labels = default_group_labels(language)
    with translation.override(language):
        assert PrizeSpec(PrizeKind.GROUP, 1, "A").shown(labels) == shown
