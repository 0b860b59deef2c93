"""The projector's half-time banner, read by a hall mid-drive: the leaders'
scores with their word, and "Leading:" in the plural when several are level
("Лидируют:", "Prowadzą:"), as a label before a list takes it."""

from __future__ import annotations

import pytest

from prizes import selectors as prize_selectors
from tests.factories import drive_with_players, play_round

HTMX = {"HX-Request": "true"}


@pytest.fixture
def interval(club):
    """Half-time after hand 2 of 4; N-S win every hand at every table, so
    those who sat N-S twice are level in the lead."""
    drive = drive_with_players(players=8, hands=4, club=club)
    play_round(drive, tricks=lambda deal: 9)
    play_round(drive, tricks=lambda deal: 9)
    assert prize_selectors.in_interval(drive=drive)
    return drive


def banner(client, drive, language: str) -> str:
    client.cookies["django_language"] = language
    page = client.get(f"/drives/{drive.pk}/projector/", headers=HTMX)
    text = page.content.decode()
    return text.split('class="projector-note">')[1].split("</p>")[0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "several", "one", "points"),
    [
        ("ru", "Лидируют:", "Лидирует:", "очк"),
        ("pl", "Prowadzą:", "Prowadzi:", "punkt"),
        ("en-gb", "Leading:", "Leading:", "points"),
    ],
)
def test_the_leaders_are_said_in_the_right_number(
    interval, organiser_client, language, several, one, points
):
    leaders = prize_selectors.half_time(drive=interval).leaders(None)
    said = banner(organiser_client, interval, language)
    assert said.startswith(several if len(leaders) > 1 else one)
    assert len(leaders) > 1  # the case the plural is for
    total = leaders[0].total
    assert f"{leaders[0].name} ({total} {points}" in said
