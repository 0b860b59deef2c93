"""The set-up's refusals count in the reader's language (issue 31): "co
najmniej 4 rozdania", "3 partie to rozdania 1–24", not one fixed plural."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive.setup import check_setup
from tests.factories import DriveFactory

pytestmark = pytest.mark.django_db


def refusal(drive, field: str, language: str) -> str:
    with translation.override(language), pytest.raises(ValidationError) as caught:
        check_setup(drive)
    return " ".join(caught.value.message_dict[field])


def test_a_rubber_drive_asks_for_enough_hands_a_round_in_polish():
    drive = DriveFactory.build(
        club=DriveFactory().club, format="rubber", hands=12, hands_per_round=2
    )
    words = refusal(drive, "hands_per_round", "pl")
    assert words.startswith(
        "Runda turnieju wista robrowego musi mieć co najmniej 4 rozdania:"
    )


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", "(3 partie to rozdania 1–24)"),
        ("ru", "(3 партии\xa0— сдачи 1–24)"),
        ("ro", "(3 jocuri: mâinile 1–24)"),
        ("it", "(3 partite: smazzate 1–24)"),
        ("en-gb", "(3 games is 24 deals)"),
    ],
)
def test_a_prediction_drive_counts_its_games(language, words):
    drive = DriveFactory.build(club=DriveFactory().club, format="prediction", hands=26)
    assert words in refusal(drive, "hands", language)
