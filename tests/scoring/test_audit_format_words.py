"""The record of changes names a round's fields in the format's words
(drive.format_words): prediction whist's round is a game (ru «партия»), so
an entry "joins at game" there and "joins at round" in the other formats."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from players.audit import record
from players.models import AuditKind
from tests.factories import drive_with_players, prediction_drive

pytestmark = pytest.mark.django_db


def changes_page(client, drive) -> str:
    record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=AuditKind.ENTRY_WITHDRAW,
        subject="entry 3 Anna",
        old={"joined_round": None, "withdrawn_from_round": None, "round": None},
        new={"joined_round": 2, "withdrawn_from_round": 3, "round": 1},
    )
    html = client.get(reverse("scoring:audit", args=[drive.pk])).content.decode()
    return re.sub(r"\s+", " ", html)


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        (
            "ru",
            ("вступает с партии: – → 2", "снят(а) с партии: – → 3", "партия: – → 1"),
            ("тура:", "тур:"),
        ),
        (
            "pl",
            (
                "dołącza w partii: – → 2",
                "wycofany(-a) od partii: – → 3",
                "partia: – → 1",
            ),
            ("rundy:", "rundzie:", "runda:"),
        ),
        (
            "en-gb",
            ("joins at game: – → 2", "withdrawn from game: – → 3", "game: – → 1"),
            ("round:",),
        ),
    ],
)
def test_a_prediction_drives_record_says_game(
    organiser_client, club, language, said, not_said
):
    club.language = language
    club.save(update_fields=["language"])
    page = changes_page(organiser_client, prediction_drive(club, players=8))
    assert all(words in page for words in said), said
    assert not [words for words in not_said if words in page]


def test_the_other_formats_say_round(organiser_client, club):
    club.language = "ru"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, hands=2)
    page = changes_page(organiser_client, drive)
    assert "вступает с тура: – → 2" in page and "снят(а) с тура: – → 3" in page
    assert "тур: – → 1" in page
