"""The demo and export_drive management commands."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.core.management import CommandError

from drive.models import Drive, DriveState
from scoring.models import HandResult
from tests.printing.fixtures import odd, run, sheet_rows

pytestmark = pytest.mark.django_db


def test_demo_then_export_recomputes_every_total(tmp_path):
    lines = run(
        "demo",
        "--players",
        "10",
        "--hands",
        "6",
        "--format",
        "semi-partner",
        "--winners-move",
        "--seed",
        "1",
    )
    assert lines[-1].startswith("drive: ")
    drive_id = int(lines[-1].removeprefix("drive: "))
    drive = Drive.objects.get(pk=drive_id)
    assert (drive.state, drive.format, drive.winners_move) == (
        DriveState.FINISHED,
        "semi-partner",
        True,
    )
    assert drive.entries.count() == 10
    assert HandResult.objects.filter(table__drive=drive).count() == 6 * 2
    assert lines[:-1] == [f"round {n}: 2 results" for n in range(1, 7)]

    output = tmp_path / "drive.xlsx"
    assert run("export_drive", str(drive_id), "--output", str(output)) == [
        f"wrote {output}"
    ]

    deal_headers, deals = sheet_rows(output, "Deals")
    assert deal_headers[:10] == [
        "Hand",
        "Round",
        "Trumps",
        "Table",
        "N",
        "E",
        "S",
        "W",
        "NS tricks",
        "EW tricks",
    ]
    assert len(deals) == 12
    assert sorted((d["Hand"], d["Table"]) for d in deals) == [
        (h, t) for h in range(1, 7) for t in (1, 2)
    ]
    score: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for deal in deals:
        assert deal["NS tricks"] + deal["EW tricks"] == 13
        for seat, tricks in (
            ("N", deal["NS tricks"]),
            ("S", deal["NS tricks"]),
            ("E", deal["EW tricks"]),
            ("W", deal["EW tricks"]),
        ):
            score[deal[seat]] += odd(tricks)
            played[deal[seat]] += 1
        # Each hand, each entry sits at most once.
    for hand in range(1, 7):
        seated = [d[s] for d in deals if d["Hand"] == hand for s in "NESW"]
        assert len(seated) == len(set(seated)) == 8

    result_headers, results = sheet_rows(output, "Results")
    assert result_headers[:9] == [
        "Rank",
        "No.",
        "Name",
        "Group",
        "Played",
        "Sat out",
        "Score",
        "Adjustment",
        "Total",
    ]
    # Last, where a tie-break placed players level on points (a demo's ties).
    assert result_headers[9:] in ([], ["Placed by tie-break"])
    assert sorted(r["No."] for r in results) == list(range(1, 11))
    for row in results:
        number = row["No."]
        assert row["Played"] == played[number]
        assert row["Sat out"] == 6 - played[number]
        assert row["Score"] == score[number], row
        assert row["Total"] == score[number] + row["Adjustment"], row
        # The demo makes no adjustments: the column is the sit-out compensation
        # (the drive's default, the player's own average), rounded half up.
        sat_out = 6 - played[number]
        expected = (2 * score[number] * sat_out + played[number]) // (
            2 * played[number]
        )
        assert row["Adjustment"] == expected, row
    totals = [r["Total"] for r in results]
    assert totals == sorted(totals, reverse=True)
    assert results[0]["Rank"] == 1


def test_demo_is_repeatable_with_a_seed():
    def demo(seed: str) -> int:
        return int(
            run("demo", "--players", "8", "--hands", "4", "--seed", seed)[-1].split()[
                -1
            ]
        )

    first, second, other = demo("5"), demo("5"), demo("6")

    def tricks(drive_id: int) -> list[tuple[int, int, int]]:
        return list(
            HandResult.objects.filter(table__drive_id=drive_id)
            .order_by("hand", "table__number")
            .values_list("hand", "table__number", "ns_tricks")
        )

    assert first != second
    assert tricks(first) == tricks(second)
    # The seed is what makes them the same: another seed plays otherwise.
    assert tricks(other) != tricks(first)


@pytest.mark.parametrize("players", ["3", "0", "-2", "1001"])
def test_demo_refuses_a_head_count_it_cannot_play(players):
    with pytest.raises(CommandError):
        run("demo", "--players", players)
    assert not Drive.objects.exists()


def test_demo_refuses_hands_not_a_multiple_of_the_round():
    with pytest.raises(CommandError, match="multiple of 4"):
        run("demo", "--players", "8", "--hands", "6", "--hands-per-round", "4")
    assert not Drive.objects.exists()


def test_export_of_a_missing_drive_fails(tmp_path):
    output = tmp_path / "missing.xlsx"
    with pytest.raises(CommandError, match="There is no drive 999"):
        run("export_drive", "999", "--output", str(output))
    assert not output.exists()


def test_export_to_an_unwritable_place_fails(tmp_path):
    drive_id = int(
        run("demo", "--players", "4", "--hands", "1", "--seed", "2")[-1].split()[-1]
    )
    with pytest.raises(CommandError, match="Cannot write"):
        run(
            "export_drive",
            str(drive_id),
            "--output",
            str(tmp_path / "no" / "such.xlsx"),
        )
