"""An emptied cell of the prediction whist grid and of the rubber grid
behaves as the tricks grid's (tests/scoring/test_grid_emptied.py): a deal
played keeps its result and the page says how to correct it; nothing is
removed or half-written, never a 500. Neither game types hands ahead (its
grid types the round in play), so nothing there is typed ahead to remove: a
removal asked of the service for a later hand is refused."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from scoring.models import HandResult, ResultStatus
from scoring.services import ResultEntry, hand_results_submit
from tests.factories import prediction_drive, rubber_drive
from tests.fixtures import drive_url, messages_of
from tests.scoring.prediction_grid import deal_fields, grid, stored

pytestmark = pytest.mark.django_db

FIRST = ((3, 3, 0, 3), (3, 4, 0, 6))  # hand 1 at a table of four
SECOND = ((2, 4, 0, 3), (2, 4, 1, 6))  # hand 2


def emptied(table: int, hand: int, version: int = 1) -> dict:
    """A stored deal's fields as posted once the desk emptied them all."""
    prefix = f"t{table}_h{hand}"
    data = {f"{prefix}-seen_version": str(version)}
    for seat in range(4):
        data[f"{prefix}-p{seat}"] = ""
        data[f"{prefix}-k{seat}"] = ""
    return data


def typed_first(drive):
    hand_results_submit(
        drive=drive,
        entries=[ResultEntry(1, 1, predictions=FIRST[0], tricks=FIRST[1])],
        by=None,
    )


def test_an_emptied_played_deal_is_kept_and_said(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    typed_first(drive)
    url = drive_url(drive, "scores/")
    data = grid(1, emptied(1, 1), deal_fields(2, 2, *SECOND))
    response = assistant_client.post(url, data, follow=True)
    assert response.status_code == 200
    said = messages_of(response)
    assert "Saved 1 result: table 2, deal 2 of game 1." in said
    assert (
        "Kept 1 deal as it stands: table 1, deal 1 of game 1. Its game has begun, so "
        "it is corrected, not removed: type the right predictions and tricks."
    ) in said
    assert [(row[0], row[1], row[5]) for row in stored(drive)] == [
        (1, 1, ResultStatus.CONFIRMED),
        (2, 2, ResultStatus.CONFIRMED),
    ]


def test_only_an_emptied_played_deal_is_a_400_saying_why(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    typed_first(drive)
    response = assistant_client.post(
        drive_url(drive, "scores/"), grid(1, emptied(1, 1))
    )
    assert response.status_code == 400
    said = " ".join(messages_of(response))
    assert "Kept 1 deal as it stands: table 1, deal 1 of game 1." in said
    assert "Type the predictions and tricks of at least one deal." not in said
    # The page shows the deal as it stands again.
    assert 'name="t1_h1-k1" value="4"' in response.content.decode()
    assert [row[4] for row in stored(drive)] == [1]


def test_a_half_emptied_deal_is_refused_at_the_deal(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    typed_first(drive)
    data = grid(1, deal_fields(1, 1, *FIRST, version=1) | {"t1_h1-k1": ""})
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 400
    assert "or leave the whole deal blank" in response.content.decode()
    assert [row[4] for row in stored(drive)] == [1]


def test_a_later_hand_is_never_removed_nor_typed_ahead(club):
    drive = prediction_drive(club, players=8, games=2)
    for entry in (
        ResultEntry(1, 9, seen_version=1, clear=True),
        ResultEntry(1, 9, predictions=FIRST[0], tricks=FIRST[1]),
    ):
        with pytest.raises(ValidationError, match="Hand 9 has not been reached yet"):
            hand_results_submit(drive=drive, entries=[entry], by=None, types_ahead=True)
    assert not HandResult.objects.exists()


def test_the_rubber_grid_keeps_an_emptied_played_hand(assistant_client, club):
    drive = rubber_drive(club)
    url = drive_url(drive, "scores/")
    assistant_client.post(url, {"round": "1", "t1_h1": "8", "t1_h2": "9"})
    data = {"table": "1", "t1_h1": "", "v_t1_h1": "1", "t1_h2": "9", "v_t1_h2": "1"}
    response = assistant_client.post(url, data, follow=True)
    assert response.status_code < 500
    said = " ".join(messages_of(response))
    assert "Kept 1 result as it stands: table 1, hand 1." in said
    assert dict(
        HandResult.objects.filter(status=ResultStatus.CONFIRMED).values_list(
            "hand", "ns_tricks"
        )
    ) == {1: 8, 2: 9}
