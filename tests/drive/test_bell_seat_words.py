"""The bell's call in Romanian and Italian names the seats in words: the
projector reads the call aloud (static/js/bell.js), and "Doamne la N, Domni
la V", "Perechile N-S … perechile E-V", "Dame a N, Cavalieri a O" were read
out letter by letter. The table card says "la Nord", "perechile Nord-Sud",
"a Nord", "le coppie Nord-Sud"; the Russian call was put in words the same way
(tests/site/test_hall_review_words.py)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from drive.movement.describe import bell_call
from drive.movement.types import Format

# A seat or a side as a letter: "la N", "a O", "N-S", "E-V", "E-O".
LETTERS = re.compile(r"\b(?:la|a) [NESVO]\b|\b[NESVO]-[NESVO]\b")

CALLS = [
    (
        "ro",
        Format.PROGRESSIVE,
        False,
        None,
        "Câștigătorii rămân: Doamne la Nord, Domni la Vest.",
    ),
    (
        "ro",
        Format.PROGRESSIVE,
        True,
        None,
        "Cei care au pierdut rămân: Doamne la Nord, Domni la Vest.",
    ),
    (
        "ro",
        Format.PARTNERS,
        False,
        False,
        "Perechile Nord-Sud rămân. Perechile Est-Vest se mută cu o masă în sus.",
    ),
    (
        "ro",
        Format.RUBBER,
        False,
        True,
        "Perechile Nord-Sud se mută cu o masă în jos, perechile Est-Vest cu o "
        "masă în sus, după cum arată fișa de scor.",
    ),
    (
        "it",
        Format.PROGRESSIVE,
        False,
        None,
        "I vincitori restano: Dame a Nord, Cavalieri a Ovest.",
    ),
    (
        "it",
        Format.PROGRESSIVE,
        True,
        None,
        "I perdenti restano: Dame a Nord, Cavalieri a Ovest.",
    ),
    (
        "it",
        Format.PARTNERS,
        False,
        False,
        "Le coppie Nord-Sud restano. Le coppie Est-Ovest avanzano di un tavolo.",
    ),
    (
        "it",
        Format.RUBBER,
        False,
        True,
        "Le coppie Nord-Sud scendono di un tavolo, le coppie Est-Ovest salgono di "
        "un tavolo, come indica il cartellino segnapunti.",
    ),
]
GROUPS = {"ro": ("Doamne", "Domni"), "it": ("Dame", "Cavalieri")}


@pytest.mark.parametrize(("language", "format", "winners_move", "robin", "said"), CALLS)
def test_the_bell_calls_the_seats_in_words(language, format, winners_move, robin, said):
    group_a, group_b = GROUPS[language]
    with translation.override(language):
        call = bell_call(
            format,
            winners_move=winners_move,
            group_a=group_a,
            group_b=group_b,
            round_robin=robin,
        )
    assert said in call, call
    assert not LETTERS.search(call), call
