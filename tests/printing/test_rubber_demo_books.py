"""`demo --format rubber --preset ... --honours --revokes [--revoke-penalty ...]`
plays drives whose exported Deals and Games sheets follow each preset's rules
hand by hand (issue #32)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from drive.models import Drive, DriveState
from scoring import rubber
from scoring.rubber import RubberHand, play_table
from tests.printing.fixtures import run, sheet_rows

pytestmark = pytest.mark.django_db

# (preset, --revoke-penalty or None for the preset's own, the penalty played)
CASES = [
    ("russian", None, "deduct"),
    ("american", None, "transfer"),
    ("english", None, "tricks"),
    ("long", "award", "award"),
    ("english", "transfer", "transfer"),
]


@pytest.mark.parametrize(("preset", "option", "penalty"), CASES)
def test_the_demos_sheets_follow_the_presets_rules_hand_by_hand(
    tmp_path, preset, option, penalty
):
    args = ["demo", "--players", "16", "--format", "rubber", "--preset", preset]
    args += ["--honours", "--revokes", "--seed", "11"]
    if option:
        args += ["--revoke-penalty", option]
    lines = run(*args)
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    assert drive.state == DriveState.FINISHED
    settings = rubber.settings_of(drive)
    assert settings.revoke_penalty == penalty
    # American whist has no honours: the demo leaves them off.
    assert drive.count_honours is (preset != "american")
    assert settings.honours_values == ((3, 4) if preset == "russian" else (2, 4))
    output = tmp_path / "demo.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output))
    _, deals = sheet_rows(output, "Deals")
    _, games = sheet_rows(output, "Games")

    by_table: dict[tuple, list[dict]] = defaultdict(list)
    for row in sorted(deals, key=lambda r: (r["Table"], r["Round"], r["Hand"])):
        if row["NS tricks"] is not None:
            by_table[row["Table"], row["Round"]].append(row)
    assert any(
        row["Revoke"] in ("NS", "EW") for rows in by_table.values() for row in rows
    )
    target = settings.target
    ended = []
    for (table, round_number), rows in by_table.items():
        played = play_table(
            [
                RubberHand(
                    row["NS tricks"],
                    (row["Honours"] or "").replace(" ", ""),
                    row["Revoke"] or "",
                )
                for row in rows
            ],
            settings,
        )
        hands = [hand for one in played for hand in one.hands]
        score = (0, 0)
        for row, hand in zip(rows, hands, strict=True):
            points = (row["NS score"], row["EW score"])
            # The sheet scores each hand as the rules do.
            assert points == hand.points, (table, row["Hand"])
            after = (score[0] + points[0], score[1] + points[1])
            # A game score never goes below 0.
            assert min(after) >= 0
            if preset == "american":
                assert row["Honours"] is None
            revoke = row["Revoke"]
            if revoke in ("NS", "EW"):
                # A side never wins the game on a hand in which it revoked.
                assert after[0 if revoke == "NS" else 1] <= target - 1
            if revoke == "both":
                assert points == (0, 0)
            if max(after) >= target:
                winner = "NS" if after[0] >= target else "EW"
                assert min(after) < target
                ended.append((table, round_number, after, winner))
                score = (0, 0)
            else:
                score = after
    finished = [
        (g["Table"], g["Round"], (g["NS"], g["EW"]), g["Winner"])
        for g in games
        if g["Winner"]
    ]
    assert sorted(finished) == sorted(ended)
    for game in games:
        if game["Winner"] and settings.bonus == "american":
            losers = game["EW"] if game["Winner"] == "NS" else game["NS"]
            assert game["Bonus"] == 7 - losers
