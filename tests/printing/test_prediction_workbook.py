"""The workbook of a prediction whist drive (issue 18's contract): a sheet
`Predictions` a row per player per deal, the rules' points, and `Results`
whose Score is the sum of each player's Points; read back with openpyxl."""

from __future__ import annotations

from collections import Counter

import pytest

from printing.deal_sheets import DEALS_HEADERS, PREDICTIONS_HEADERS
from printing.exports import RESULTS_HEADERS
from printing.record_sheets import MOVEMENT_HEADERS
from scoring import prediction_rules
from scoring.services import ResultEntry, hand_results_submit
from tests.factories import drive_with_players, play_drive, prediction_drive
from tests.printing.fixtures import run, sheet_rows, workbook_values
from tests.printing.prediction_drive import (
    expected_rows,
    play_predictions,
    seats_of,
    totals,
)

pytestmark = pytest.mark.django_db


def test_the_contract_columns():
    assert PREDICTIONS_HEADERS == [
        "Game",
        "Deal",
        "Kind",
        "Table",
        "No.",
        "Seat order",
        "Prediction",
        "Tricks",
        "Points",
    ]


def test_predictions_rows_are_the_rules_and_results_add_them_up():
    drive = prediction_drive(players=8, games=2)
    entered = play_predictions(drive)
    book = workbook_values(drive)
    rows = book["Predictions"]
    assert list(rows[0]) == PREDICTIONS_HEADERS
    # One row per player per deal: 8 players, 16 deals.
    assert len(rows) - 1 == 8 * 16
    assert sorted(rows[1:]) == sorted(expected_rows(entered))
    # The deals of a game in order, each deal's players in the order they predicted.
    assert [row[5] for row in rows[1:5]] == [1, 2, 3, 4]
    assert Counter(row[2] for row in rows[1:]) == dict.fromkeys(
        prediction_rules.KIND_NAMES, 16
    )
    assert {row[6] for row in rows[1:] if row[2] == "Wist"} == {0}
    # Some predictions made, some not: the +10 and the Wist scores both show.
    assert any(row[6] == row[7] and row[6] > 0 for row in rows[1:])
    assert any(row[6] == row[7] == 0 and row[8] == 25 for row in rows[1:])
    assert any(row[6] == 0 and row[7] > 0 and row[8] < 0 for row in rows[1:])

    results = book["Results"]
    # No groups in this format: no Group column (Drive.has_groups).
    assert list(results[0]) == [h for h in RESULTS_HEADERS if h != "Group"]
    points = Counter()
    for row in rows[1:]:
        points[row[4]] += row[8]
    assert points == totals(entered)
    for _rank, number, _name, played, sat_out, score, adj, total in results[1:]:
        assert score == points[number], number
        assert (played, sat_out, adj) == (16, 0, 0)
        assert total == score
    assert [row[7] for row in results[1:]] == sorted(
        (row[7] for row in results[1:]), reverse=True
    )


def test_a_table_of_five_and_the_sheets_of_the_format():
    # 9 players: the engine seats two tables of four and one sit-out a game;
    # each sit-out is seated by hand at table 1, seat F.
    drive = prediction_drive(players=9, games=2)
    assert [len(seats_of(drive, game)[1]) for game in (1, 2)] == [5, 5]
    entered = play_predictions(drive)
    # A correction of table 1's first deal (a second version).
    first = next(deal for deal in entered if (deal.table, deal.hand) == (1, 1))
    corrected = (2, 3, 2, 1, 2)  # seat order N E S W F: total 10
    hand_results_submit(
        drive=drive,
        entries=[
            ResultEntry(
                table=1,
                hand=1,
                predictions=first.predictions,
                tricks=corrected,
                seen_version=1,
            )
        ],
        by=None,
    )
    entered[entered.index(first)] = type(first)(
        1, 1, first.numbers, first.predictions, corrected
    )
    book = workbook_values(drive)
    assert "Deals" not in book and "Games" not in book
    assert list(book) == [
        "Results",
        "Predictions",
        "Points by deal",
        "Movement",
        "Adjustments",
        "Corrections",
        "Prizes",
        "Drive",
    ]
    rows = book["Predictions"][1:]
    assert sorted(rows) == sorted(expected_rows(entered))
    five = [row for row in rows if row[3] == 1]
    assert len(five) == 16 * 5
    # At five: 10 tricks a deal, Seat order 1 to 5, Wist made is 20.
    by_deal = Counter()
    for row in five:
        by_deal[row[0], row[1]] += row[7]
    assert set(by_deal.values()) == {10}
    assert {row[5] for row in five} == {1, 2, 3, 4, 5}
    assert all(row[8] == 20 for row in five if row[6] == row[7] == 0)
    points = Counter()
    for row in rows:
        points[row[4]] += row[8]
    for row in book["Results"][1:]:
        assert row[5] == points[row[1]]
    # No groups: neither Results nor Points by deal has a Group column.
    assert book["Results"][0][:4] == ("Rank", "No.", "Name", "Played")
    # A prediction whist deal is a Deal, as on the Predictions sheet.
    assert book["Points by deal"][0][:3] == ("No.", "Name", "Deal 1")
    assert len(book["Points by deal"]) == len(book["Results"]) > 1

    movement = book["Movement"]
    assert list(movement[0]) == [
        "Game",  # a round of prediction whist is a game
        "First deal",  # and its hands are deals
        "Last deal",
        MOVEMENT_HEADERS[3],
        # The seats as the pages name them, in the order of play.
        *(f"Seat {n}" for n in range(1, 6)),
        MOVEMENT_HEADERS[8],
        *(f"Seat {n} name" for n in range(1, 6)),
        MOVEMENT_HEADERS[13],
    ]
    header = movement[0]
    table_1 = [dict(zip(header, row, strict=True)) for row in movement[1:]]
    table_1 = [row for row in table_1 if row["Table"] == 1]
    assert [row["Seat 5"] for row in table_1] == [
        seats_of(drive, g)[1][4] for g in (1, 2)
    ]
    assert all(row["Seat 5 name"] for row in table_1)
    assert not [row for row in movement[1:] if row[9] is not None]  # nobody sits out

    corrections = book["Corrections"]
    assert list(corrections[0][:5]) == [
        "Deal",
        "Table",
        "Version",
        "Predictions",
        "Tricks",
    ]
    versions = [row for row in corrections[1:] if row[:2] == (1, 1)]
    assert [row[4] for row in versions] == [
        prediction_rules.encode(first.tricks),
        prediction_rules.encode(corrected),
    ]
    settings = dict(book["Drive"][1:])
    assert settings["Deals of a game"] == ", ".join(prediction_rules.KIND_NAMES)
    # The drive's length is counted in deals, as its pages count it.
    assert "Hands" not in settings
    assert settings["Deals"] == drive.hands
    assert "25" in settings["Points"]


def test_export_drive_writes_the_predictions_sheet(tmp_path):
    drive = prediction_drive(players=12, games=1)
    entered = play_predictions(drive)
    path = tmp_path / "wist.xlsx"
    assert run("export_drive", str(drive.pk), "--output", str(path)) == [
        f"wrote {path}"
    ]
    headers, rows = sheet_rows(path, "Predictions")
    assert headers == PREDICTIONS_HEADERS
    assert len(rows) == 12 * 8
    assert sorted(tuple(row.values()) for row in rows) == sorted(expected_rows(entered))
    _headers, results = sheet_rows(path, "Results")
    points = totals(entered)
    assert {row["No."]: row["Score"] for row in results} == points


def test_other_formats_keep_their_sheets():
    drive = drive_with_players(players=8, hands=2, format="individual")
    play_drive(drive)
    book = workbook_values(drive)
    assert "Predictions" not in book
    assert list(book["Deals"][0]) == DEALS_HEADERS
    assert list(book["Movement"][0]) == MOVEMENT_HEADERS
    assert book["Corrections"][0][3:5] == ("NS tricks", "EW tricks")
    # No groups in an individual drive: no Group column (the format says so).
    assert "Group" not in book["Results"][0]
    assert "Group" not in book["Hands"][0]
    assert book["Results"][0][3] == "Played"
    assert all(isinstance(row[3], int) for row in book["Results"][1:])
    assert book["Hands"][0][2] == "Hand 1"
