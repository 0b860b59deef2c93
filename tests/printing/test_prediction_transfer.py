"""A prediction whist drive moves between sites with dumpdrive and loaddrive:
its tables of five, every deal's predictions and tricks travel, and a file
with a deal that breaks the game's rules is refused."""

from __future__ import annotations

import pytest

from drive.models import SeatAssignment
from printing.transfer import dump_drive
from scoring import services
from scoring.audit import audit_check
from scoring.models import HandResult
from tests.factories import drive_with_players, legal_deal, prediction_drive
from tests.printing.fixtures import dump, load
from tests.printing.test_honours_transfer import a_result_of_hand, refused
from tests.printing.test_transfer import forget

pytestmark = pytest.mark.django_db


def results(drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number", "hand", "version")
        .values_list("table__number", "hand", "version", "predictions", "tricks")
    )


@pytest.fixture
def played(club):
    drive = prediction_drive(club=club, players=8, games=2)
    for hand in range(1, 6):
        for table in (1, 2):
            predictions, tricks = legal_deal(hand, 4, seed=table)
            services.hand_results_submit(
                drive=drive,
                entries=[
                    services.ResultEntry(
                        table=table, hand=hand, predictions=predictions, tricks=tricks
                    )
                ],
                by=None,
            )
    return drive


def test_the_deals_make_the_round_trip(played, tmp_path):
    kept = results(played)
    assert all(r[3] and r[4] for r in kept)
    seats = sorted(
        SeatAssignment.objects.filter(round__drive=played).values_list(
            "round__number", "table__number", "position", "entry__number"
        )
    )
    path = dump(played, tmp_path)
    forget(played)
    loaded = load(path)
    assert loaded.plays_predictions and loaded.hands_per_round == 8
    assert results(loaded) == kept
    assert (
        sorted(
            SeatAssignment.objects.filter(round__drive=loaded).values_list(
                "round__number", "table__number", "position", "entry__number"
            )
        )
        == seats
    )
    assert audit_check(drive=loaded) == []


def test_a_deal_against_the_rules_is_refused(played, tmp_path):
    data = dump_drive(drive=played)
    row = a_result_of_hand(data, 1)
    row["tricks"] = "13,0,0,1"
    message = refused(data, tmp_path)
    assert f"(pk {row['pk']})" in message and "add up to 14" in message


def test_predictions_in_another_format_are_refused(club, tmp_path):
    drive = drive_with_players(players=8, hands=2, club=club, format="individual")
    services.hand_result_submit(drive=drive, table=1, hand=1, ns_tricks=7)
    data = dump_drive(drive=drive)
    row = a_result_of_hand(data, 1)
    row["predictions"], row["tricks"], row["ns_tricks"] = "1,2,3,4", "1,2,3,7", 0
    assert "predictions belong to prediction whist drives" in refused(data, tmp_path)
