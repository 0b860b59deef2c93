"""Searching the record of changes finds numbers whole: a prediction whist
drive's "deal 3" (deal 3 of a game, as the phones and the sheets name it) is
not its hands 30 to 39, and a round format's "hand 3" is not hand 30
(drive.format_words record_search)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from players.audit import record
from players.models import AuditEvent, AuditKind
from tests.factories import drive_with_players, prediction_drive

pytestmark = pytest.mark.django_db


def found(client, drive, query: str, hands=(3, 11, 30, 31, 35)) -> set[str]:
    """The subjects the record's page finds for `query`, of a record with a
    result at table 1 for each of `hands`."""
    for hand in hands:
        record(
            club_id=drive.club_id,
            drive_id=drive.pk,
            kind=AuditKind.RESULT_ENTER,
            subject=f"table 1, hand {hand}",
            old={},
            new={"ns_tricks": 7},
        )
    html = client.get(reverse("scoring:audit", args=[drive.pk]), {"q": query})
    page = re.sub(r"\s+", " ", html.content.decode())
    return set(re.findall(r"table 1, (?:deal|hand) \d+(?: of game \d+)?", page))


def test_a_prediction_deal_is_found_by_its_number_in_its_game(organiser_client, club):
    drive = prediction_drive(club, players=8, games=5)
    # Hand 3 is deal 3 of game 1 and hand 35 deal 3 of game 5; hands 30 and
    # 31 (deals 6 and 7 of game 4) hold "3" but are other deals.
    assert found(organiser_client, drive, "deal 3") == {
        "table 1, deal 3 of game 1",
        "table 1, deal 3 of game 2",
        "table 1, deal 3 of game 5",
    }
    assert AuditEvent.objects.filter(kind=AuditKind.RESULT_ENTER).count() == 5


def test_a_prediction_deal_of_a_game_is_that_one_hand(organiser_client, club):
    drive = prediction_drive(club, players=8, games=5)
    assert found(organiser_client, drive, "Table 1, deal 3 of game 1") == {
        "table 1, deal 3 of game 1"
    }


def test_a_round_formats_hand_is_found_whole(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=40)
    assert found(organiser_client, drive, "hand 3") == {"table 1, hand 3"}


def test_a_search_by_number_alone_is_whole(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=40)
    assert found(organiser_client, drive, "3") == {"table 1, hand 3"}


def test_a_search_in_polish_finds_the_deal(club):
    from django.utils import translation

    drive = prediction_drive(club, players=8, games=5)
    with translation.override("pl"):
        said = f"stolik 1, {drive.words.record_deal(hand=11, number=3, round=2)}"
        pattern = drive.words.record_search(
            said, hand_named=drive.hand_named, hands=drive.hands
        )
    assert said != "table 1, deal 3 of game 2"
    stored = [f"table 1, hand {hand}" for hand in (3, 11, 110, 30)]
    assert [s for s in stored if re.search(pattern, s, re.IGNORECASE)] == [
        "table 1, hand 11"
    ]
