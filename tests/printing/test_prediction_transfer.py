"""A prediction whist drive moves between sites whole: dumpdrive and loaddrive
keep each deal's predictions and tricks and the fifth seat, so the workbook
reads the same; a file whose deal breaks the game's rules is refused."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from drive.models import Drive
from tests.printing.fixtures import dump, load, workbook_values
from tests.printing.prediction_drive import (
    play_predictions,
    prediction_drive,
    seat_sit_outs_fifth,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    drive = prediction_drive(players=9, games=2)
    seat_sit_outs_fifth(drive)
    play_predictions(drive)
    return drive


def test_a_dumped_prediction_drive_loads_with_the_same_workbook(played, tmp_path):
    before = workbook_values(played)
    loaded = load(dump(played, tmp_path))
    assert loaded.pk != played.pk
    after = workbook_values(loaded)
    for title in ("Results", "Predictions", "Hands", "Movement"):
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
