"""`demo` and `export_drive` for every format: the Deals sheet shows each format's rule."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

import pytest

from tests.printing.fixtures import odd, run, sheet_rows

pytestmark = pytest.mark.django_db


def play(tmp_path, *args: str) -> tuple[list[dict], list[dict]]:
    lines = run("demo", *args, "--seed", "3")
    drive_id = lines[-1].removeprefix("drive: ")
    output = tmp_path / "drive.xlsx"
    run("export_drive", drive_id, "--output", str(output))
    return sheet_rows(output, "Deals")[1], sheet_rows(output, "Results")[1]


def check_totals(deals: list[dict], results: list[dict]) -> None:
    score: dict[int, int] = defaultdict(int)
    for deal in deals:
        for seat, tricks in zip(
            "NSEW", [deal["NS tricks"]] * 2 + [deal["EW tricks"]] * 2, strict=True
        ):
            if deal[seat] is not None:
                score[deal[seat]] += odd(tricks)
    for row in results:
        assert row["Score"] == score[row["No."]]
        assert row["Total"] == row["Score"] + row["Adjustment"]


def by_round(deals: list[dict]) -> dict[int, list[dict]]:
    rounds: dict[int, list[dict]] = defaultdict(list)
    for deal in deals:
        rounds[deal["Round"]].append(deal)
    return rounds


@pytest.mark.parametrize("winners_move", [False, True])
@pytest.mark.parametrize("format", ["progressive", "semi-partner"])
def test_progressive_moves_follow_the_rules(tmp_path, format, winners_move):
    args = ["--players", "12", "--hands", "6", "--format", format]
    deals, results = play(
        tmp_path, *args, *(["--winners-move"] if winners_move else [])
    )
    check_totals(deals, results)
    rounds = by_round(deals)
    tables = len(rounds[1])
    for number in range(1, 6):
        after = {d["Table"]: d for d in rounds[number + 1]}
        for deal in rounds[number]:
            t = deal["Table"]
            up, down = t % tables + 1, (t - 2) % tables + 1
            ns_won = deal["NS tricks"] > 6
            win = (deal["N"], deal["S"]) if ns_won else (deal["E"], deal["W"])
            lose = (deal["E"], deal["W"]) if ns_won else (deal["N"], deal["S"])
            stay, move = (lose, win) if winners_move else (win, lose)
            assert after[t]["N"] == stay[0]
            assert after[t]["W" if format == "progressive" else "S"] == stay[1]
            assert after[up]["E"] == move[0]
            assert after[down]["S" if format == "progressive" else "W"] == move[1]


def test_stationary_group_a_never_moves(tmp_path):
    deals, results = play(
        tmp_path, "--players", "16", "--hands", "8", "--format", "stationary"
    )
    check_totals(deals, results)
    places = defaultdict(set)
    partners = Counter()
    for deal in deals:
        for seat in "NE":
            places[deal[seat]].add((deal["Table"], seat))
        partners[frozenset((deal["N"], deal["S"]))] += 1
        partners[frozenset((deal["E"], deal["W"]))] += 1
    assert all(len(p) == 1 for p in places.values())
    assert max(partners.values()) == 1  # 8 rounds, 4 tables: nobody partners twice


def test_partners_pairs_stay_together_and_ew_move_up(tmp_path):
    deals, results = play(
        tmp_path, "--players", "16", "--hands", "4", "--format", "partners"
    )
    check_totals(deals, results)
    rounds = by_round(deals)
    tables = len(rounds[1])
    for number in range(1, 4):
        after = {d["Table"]: d for d in rounds[number + 1]}
        for deal in rounds[number]:
            t = deal["Table"]
            assert (after[t]["N"], after[t]["S"]) == (deal["N"], deal["S"])
            up = t % tables + 1
            assert (after[up]["E"], after[up]["W"]) == (deal["E"], deal["W"])


@pytest.mark.parametrize("players", [12, 13])
def test_individual_reaches_the_whist_ideal(tmp_path, players):
    rounds = players - 1 if players % 4 == 0 else players
    deals, results = play(
        tmp_path,
        "--players",
        str(players),
        "--hands",
        str(rounds),
        "--format",
        "individual",
    )
    check_totals(deals, results)
    partners, opponents = Counter(), Counter()
    for deal in deals:
        partners[frozenset((deal["N"], deal["S"]))] += 1
        partners[frozenset((deal["E"], deal["W"]))] += 1
        for one in (deal["N"], deal["S"]):
            for other in (deal["E"], deal["W"]):
                opponents[frozenset((one, other))] += 1
    everyone = range(1, players + 1)
    assert all(partners[frozenset(p)] == 1 for p in combinations(everyone, 2))
    assert all(opponents[frozenset(p)] == 2 for p in combinations(everyone, 2))


def test_three_handed_table_in_the_workbook(tmp_path):
    deals, results = play(
        tmp_path,
        "--players",
        "11",
        "--hands",
        "3",
        "--format",
        "progressive",
        "--three-handed",
    )
    check_totals(deals, results)
    for hand in range(1, 4):
        seats = [d[s] for d in deals if d["Hand"] == hand for s in "NESW"]
        assert seats.count(None) == 1
        assert sorted(s for s in seats if s is not None) == list(range(1, 12))
    assert all(r["Sat out"] == 0 for r in results)
