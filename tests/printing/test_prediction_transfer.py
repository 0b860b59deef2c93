"""A prediction whist drive moves between sites whole: dumpdrive and loaddrive
keep each deal's predictions and tricks and the fifth seat, so the workbook
reads the same; a file whose deal breaks the game's rules is refused."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from drive.models import Drive, SeatAssignment
from drive.movement.types import Game
from printing.transfer import dump_drive
from scoring import services
from scoring.audit import audit_check
from scoring.models import HandResult
from tests.factories import drive_with_players, legal_deal, prediction_drive
from tests.printing.fixtures import dump, load, workbook_values
from tests.printing.prediction_drive import (
    play_predictions,
)
from tests.printing.transfer import a_result_of_hand, forget, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    drive = prediction_drive(players=9, games=2)
    play_predictions(drive)
    return drive


def test_a_dumped_prediction_drive_loads_with_the_same_workbook(played, tmp_path):
    before = workbook_values(played)
    loaded = load(dump(played, tmp_path))
    assert loaded.pk != played.pk
    after = workbook_values(loaded)
    for title in ("Results", "Predictions", "Points by deal", "Movement"):
        assert after[title] == before[title], title
    assert len(after["Predictions"]) == 1 + 16 * 9


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        # The dealer's barred number: the predictions would make the tricks.
        ("predictions", "3,2,0,4,1", "someone must fail"),
        ("tricks", "3,3,3,3,3", "add up to 15"),
        ("predictions", "three", "predictions and tricks"),
        ("predictions", "", "four or five"),
        # Four players' deal at a table of five.
        ("both", ("3,2,0,4", "3,2,0,8"), "the deal has 4 players, the table seats 5"),
    ],
)
def test_a_deal_against_the_rules_is_refused(played, tmp_path, field, value, message):
    path = dump(played, tmp_path)
    data = json.loads(path.read_text())
    results = data["rows"]["scoring.handresult"]
    index = next(
        i
        for i, row in enumerate(results)
        if row["hand"] == 1 and len(row["predictions"].split(",")) == 5
    )
    if field == "both":
        results[index]["predictions"], results[index]["tricks"] = value
    else:
        results[index][field] = value
    path.write_text(json.dumps(data))
    drives = Drive.objects.count()
    with pytest.raises(CommandError, match=message):
        load(path)
    assert Drive.objects.count() == drives


def results(drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number", "hand", "version")
        .values_list("table__number", "hand", "version", "predictions", "tricks")
    )


@pytest.fixture
def played_four(club):
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


def test_the_deals_seats_and_record_make_the_round_trip(played_four, tmp_path):
    kept = results(played_four)
    assert all(r[3] and r[4] for r in kept)
    seats = sorted(
        SeatAssignment.objects.filter(round__drive=played_four).values_list(
            "round__number", "table__number", "position", "entry__number"
        )
    )
    path = dump(played_four, tmp_path)
    forget(played_four)
    loaded = load(path)
    assert loaded.game is Game.PREDICTIONS and loaded.hands_per_round == 8
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


def test_a_deal_whose_tricks_do_not_add_up_is_refused(played_four, tmp_path):
    data = dump_drive(drive=played_four)
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


@pytest.mark.parametrize(
    ("predictions", "tricks", "words"),
    [
        ("99,0,0,0", None, "predictions and tricks 99,0,0,0"),
        ("1,1", "13", "four or five"),
    ],
)
def test_a_recorded_deal_against_the_rules_is_refused(
    played_four, tmp_path, predictions, tricks, words
):
    """The record of changes replays each confirmed deal: one the rules do not
    allow answered the Record of changes page with a 500."""
    data = dump_drive(drive=played_four)
    index, event = next(
        (i, e)
        for i, e in enumerate(data["audit"])
        if e["kind"].startswith("result.") and e["new"].get("predictions")
    )
    event["new"]["predictions"] = predictions
    if tricks is not None:
        event["new"]["tricks"] = tricks
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    drives = Drive.objects.count()
    with pytest.raises(CommandError) as refused:
        load(path)
    assert f"audit, event {index + 1}: " in str(refused.value)
    assert words in str(refused.value).split(f"audit, event {index + 1}: ", 1)[1]
    assert Drive.objects.count() == drives
