"""A result refused because its hand or deal has no room for another version
counts its versions with the count's own plural: the phones stop at
PHONE_MAX_VERSIONS (40), the organiser at MAX_RESULT_VERSIONS (50), so
Romanian reads "40 de versiuni", and each language's other forms ("1 wersję",
"2 wersje", "21 версия") are right at any count. Read at 1, 2, 20, 21 and 22,
as tests/site/test_romanian_de.py reads its counts, and at the real limits."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive.models import Table
from scoring.services import (
    MAX_RESULT_VERSIONS,
    PHONE_MAX_VERSIONS,
    check_version_room,
)
from tests.factories import drive_with_players
from tests.predictions import prediction_drive

pytestmark = pytest.mark.django_db


def romanian(n: int) -> str:
    if n == 1:
        return "versiune"
    return "versiuni" if 0 < n % 100 < 20 else "de versiuni"


def polish(n: int) -> str:
    if n == 1:
        return "wersję"
    few = 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
    return "wersje" if few else "wersji"


def russian(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "версия"
    few = 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
    return "версии" if few else "версий"


# What each language says before and after the count, for a drive of hands
# (table 1, hand 3) and a prediction drive (table 1, deal 3 of game 2).
HANDS = {
    "en": (
        "Table 1, hand 3 already has",
        lambda n: "version" if n == 1 else "versions",
    ),
    "pl": ("Stolik 1, rozdanie 3 ma już", polish),
    "ru": ("У стола 1, сдачи 3 уже", russian),
    "ro": ("Masa 1, mâna 3 are deja", romanian),
    "it": ("Tavolo 1, mano 3 ha già", lambda n: "versione" if n == 1 else "versioni"),
}
DEALS = {
    "en": ("Table 1, deal 3 of game 2 already has", HANDS["en"][1]),
    "pl": ("Stolik 1, rozdanie 3 partii 2 ma już", polish),
    "ru": ("У стола 1, сдачи 3 партии 2 уже", russian),
    "ro": ("Masa 1, mâna 3 din jocul 2 are deja", romanian),
    "it": ("Tavolo 1, smazzata 3 della partita 2 ha già", HANDS["it"][1]),
}


@pytest.fixture
def hands_drive(club):
    return drive_with_players(players=8, hands=4, club=club)


@pytest.fixture
def deals_drive(club):
    return prediction_drive(club, players=8)


@pytest.mark.parametrize("phones", [True, False])
@pytest.mark.parametrize("n", [1, 2, 20, 21, 22])
@pytest.mark.parametrize("language", sorted(HANDS))
def test_a_hand_with_no_room_counts_its_versions(hands_drive, language, n, phones):
    lead, noun = HANDS[language]
    with translation.override(language):
        said = hands_drive.words.versions_full(
            table=1, hand=3, number=3, round=1, count=n, phones=phones
        )
    assert re.match(rf"{lead} {n} {noun(n)}[,—\s]", said), said


@pytest.mark.parametrize("phones", [True, False])
@pytest.mark.parametrize("n", [1, 2, 20, 21, 22])
@pytest.mark.parametrize("language", sorted(DEALS))
def test_a_deal_with_no_room_counts_its_versions(deals_drive, language, n, phones):
    lead, noun = DEALS[language]
    with translation.override(language):
        said = deals_drive.words.versions_full(
            table=1, hand=11, number=3, round=2, count=n, phones=phones
        )
    assert re.match(rf"{lead} {n} {noun(n)}[,—\s]", said), said


@pytest.mark.parametrize("limit", [PHONE_MAX_VERSIONS, MAX_RESULT_VERSIONS])
@pytest.mark.parametrize("hands", [True, False])
def test_the_real_limits_read_de_versiuni_in_romanian(
    hands_drive, deals_drive, hands, limit
):
    assert (PHONE_MAX_VERSIONS, MAX_RESULT_VERSIONS) == (40, 50)
    drive, hand, lead = (
        (hands_drive, 3, HANDS["ro"][0]) if hands else (deals_drive, 11, DEALS["ro"][0])
    )
    table = Table.objects.get(drive=drive, number=1)
    with translation.override("ro"), pytest.raises(ValidationError) as refused:
        check_version_room(table=table, hand=hand, version=limit + 1, limit=limit)
    said = refused.value.messages[0]
    assert said.startswith(f"{lead} {limit} de versiuni,"), said
