"""The drive's form shows one movement's settings, and their help speaks of
that game only: a progressive drive's hands, rounds, trumps, honours and
revokes no longer mention rubber whist or prediction whist (nor American
whist, a rubber preset), and a rubber drive's rounds say what a rubber drive
needs (at least 4 hands), in every language."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.forms import DriveForm

pytestmark = pytest.mark.django_db

HELPED = (
    "hands",
    "hands_per_round",
    "trump_sequence",
    "count_honours",
    "revoke_penalty",
)
# How each language names rubber whist (and its American preset) and
# prediction whist in running text.
RUBBER = {
    "en-gb": "rubber",
    "pl": "robr",
    "ru": "роббер",
    "ro": "rober",
    "it": "rubber",
}
AMERICAN = {
    "en-gb": "american",
    "pl": "amerykańsk",
    "ru": "американск",
    "ro": "american",
    "it": "americano",
}
PREDICTION = {
    "en-gb": "prediction",
    "pl": "deklaracj",
    "ru": "заказ",
    "ro": "licitație",
    "it": "previsione",
}
LANGUAGES = tuple(RUBBER)


def helps(format: str, language: str) -> dict[str, str]:
    with translation.override(language):
        form = DriveForm(initial={"format": format})
        return {
            name: str(form.fields[name].help_text).lower()
            for name in HELPED
            if name in form.fields
        }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("format", ("progressive", "semi-partner", "partners"))
def test_a_drive_of_hands_is_told_of_its_own_game_only(language, format) -> None:
    said = helps(format, language)
    assert set(said) == set(HELPED)
    for name, words in said.items():
        assert RUBBER[language] not in words, (name, words)
        assert PREDICTION[language] not in words, (name, words)
        assert AMERICAN[language] not in words, (name, words)
    assert "24" in said["hands"] and "1" in said["hands_per_round"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rubber_drives_rounds_are_told_as_rubbers(language) -> None:
    said = helps("rubber", language)
    assert set(said) == set(HELPED)
    for name, words in said.items():
        assert PREDICTION[language] not in words, (name, words)
    assert RUBBER[language] in said["hands_per_round"]
    assert "4" in said["hands_per_round"]
    # Its honours and revokes keep rubber whist's words.
    assert AMERICAN[language] in said["count_honours"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_prediction_drive_is_told_of_deals_and_games(language) -> None:
    said = helps("prediction", language)
    # Its game fixes the rounds and the trumps: not asked.
    assert set(said) == {"hands"}
    assert RUBBER[language] not in said["hands"]
    assert "8" in said["hands"]
