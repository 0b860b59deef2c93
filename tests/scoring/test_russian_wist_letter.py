"""Typing prediction whist's slips in Russian (7 December): the grid's help
said "0 или W — Вист", a Latin letter a Russian keyboard does not type (its
W key writes "Ц"), and "В", the word's own first letter, was refused. Each
language's first letter of Wist now counts as Wist, as W and 0 do.
Plain values: no database."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from drive.models import Drive
from scoring.forms import PredictionDealForm, PredictionPlace

HELP = (
    "Type each player's prediction (0 or W for Wist) and the tricks they took, "
    "deal by deal, from the table's travel slip. A deal left blank is not saved. "
    "The tricks of a deal add up to 13 at a table of four and 10 at a table of "
    "five."
)


def typed(language: str, first: str) -> PredictionDealForm:
    """Deal 1 (hearts) at a table of four, the first seat's prediction as typed."""
    drive = Drive(format="prediction", hands=24, hands_per_round=8)
    places = [PredictionPlace(seat, seat + 1, f"P{seat}") for seat in range(4)]
    data = {"p0": first, "p1": "3", "p2": "4", "p3": "5"}
    data |= {"k0": "0", "k1": "3", "k2": "4", "k3": "6"}
    with translation.override(language):
        form = PredictionDealForm(data, drive=drive, hand=1, table=1, places=places)
        form.is_valid()
    return form


@pytest.mark.parametrize("first", ["В", "в", "Вист", "0", "W", "w"])
def test_a_russian_secretary_types_wist_by_its_own_letter(first):
    form = typed("ru", first)
    assert form.errors == {}, form.errors
    assert form.predictions == (0, 3, 4, 5)


@pytest.mark.parametrize("first", ["Ц", "X", "Вс"])
def test_other_letters_are_still_refused(first):
    form = typed("ru", first)
    assert "p0" in form.errors


def test_the_russian_help_names_the_letter_a_russian_keyboard_types():
    with translation.override("ru"):
        said = gettext(HELP)
        refusal = gettext(
            "Type Wist (0 or W) or a number from 1 to %(cards)s, not “%%(value)s”."
        )
    assert "(0 или В\u00a0— Вист)" in said
    assert "W" not in said
    assert "Вист (0 или В)" in refusal and "W" not in refusal


@pytest.mark.parametrize("language", ["en-gb", "pl", "ro", "it"])
def test_the_other_languages_still_take_w(language):
    assert typed(language, "w").predictions == (0, 3, 4, 5)
