"""League arithmetic on crafted appearances: no database."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from league.table import (
    Appearance,
    attendance,
    counted,
    league_table,
    scores_by_drive,
)
from scoring.tiebreaks import DEFAULT_ORDER, Outcome, Rule


def came(player, drive, total, hands=24, won=0, name=None):
    return Appearance(
        player=player,
        name=name or f"Player {player}",
        drive=drive,
        total=total,
        hands=hands,
        hands_won=won,
    )


SEASON = [
    # Ann: four drives.
    came(1, 1, 50, name="Ann"),
    came(1, 2, 60, name="Ann"),
    came(1, 3, 40, name="Ann"),
    came(1, 4, 70, name="Ann"),
    # Bob: three drives, one short (arrived late).
    came(2, 1, 65, name="Bob"),
    came(2, 2, 55, hands=12, name="Bob"),
    came(2, 4, 58, name="Bob"),
    # Cy: one drive only, a good one.
    came(3, 3, 90, name="Cy"),
]


def test_every_drive_counts_by_default():
    rows = league_table(SEASON, drives=4)
    assert [(r.name, r.rank, r.drives, r.counted, r.total) for r in rows] == [
        ("Ann", 1, 4, 4, 220),
        ("Bob", 2, 3, 3, 178),
        ("Cy", 3, 1, 1, 90),
    ]
    ann, bob = rows[0], rows[1]
    assert ann.average_per_drive == Decimal("55.00")
    assert ann.average_per_hand == Decimal("2.29")  # 220 / 96 = 2.2916...
    assert bob.hands == 60
    assert bob.average_per_hand == Decimal("2.97")  # 178 / 60 = 2.9666...
    assert bob.average_per_drive == Decimal("59.33")


def test_best_n_of_m_counts_only_the_best_drives():
    rows = league_table(SEASON, drives=4, best_of=2)
    by_name = {r.name: r for r in rows}
    assert (by_name["Ann"].counted, by_name["Ann"].total) == (2, 130)  # 70 + 60
    assert by_name["Ann"].counted_drives == frozenset({2, 4})
    assert (by_name["Bob"].counted, by_name["Bob"].total) == (2, 123)  # 65 + 58
    assert (by_name["Cy"].counted, by_name["Cy"].total) == (1, 90)
    assert [r.name for r in rows] == ["Ann", "Bob", "Cy"]
    assert by_name["Ann"].average_per_drive == Decimal("65.00")
    assert by_name["Ann"].drives == 4


def test_minimum_attendance_to_qualify():
    rows = league_table(SEASON, drives=4, best_of=2, min_attendance=3)
    assert [(r.name, r.rank, r.qualified) for r in rows] == [
        ("Ann", 1, True),
        ("Bob", 2, True),
        ("Cy", None, False),
    ]
    # Unqualified players follow the table, whatever their total.
    rows = league_table(SEASON, drives=4, min_attendance=4)
    assert [(r.name, r.rank) for r in rows] == [("Ann", 1), ("Bob", None), ("Cy", None)]


def test_equal_totals_between_drives_count_the_shorter_one():
    apps = [came(1, 1, 30, hands=24), came(1, 2, 30, hands=12), came(1, 3, 10)]
    assert [a.drive for a in counted(apps, 1)] == [2]
    assert counted(apps, None) == apps
    with pytest.raises(ValueError):
        league_table(apps, drives=3, best_of=0)


def test_league_ties_by_count_back_over_the_drives():
    apps = [
        came(1, 1, 60, name="Ann"),
        came(1, 2, 40, name="Ann"),
        came(2, 1, 40, name="Bob"),
        came(2, 2, 60, name="Bob"),  # better in the last drive
    ]
    rows = league_table(apps, drives=2, order=DEFAULT_ORDER)
    assert [(r.name, r.rank) for r in rows] == [("Bob", 1), ("Ann", 2)]
    assert rows[0].note == "decided by count-back"


def test_league_ties_by_hands_won_then_a_draw():
    apps = [
        came(1, 1, 50, won=10, name="Ann"),
        came(2, 1, 50, won=12, name="Bob"),
        came(3, 1, 50, won=12, name="Cy"),
    ]
    order = [Rule.COUNT_BACK, Rule.HANDS_WON, Rule.DRAW]
    rows = league_table(apps, drives=1, order=order)
    assert [(r.name, r.rank, r.outcome) for r in rows] == [
        ("Bob", 1, Outcome.AWAITING_DRAW),
        ("Cy", 1, Outcome.AWAITING_DRAW),
        ("Ann", 3, Outcome.DECIDED),
    ]
    assert rows[2].note == "decided by most hands won"
    rows = league_table(apps, drives=1, order=order, draws={frozenset({2, 3}): 3})
    assert [(r.name, r.rank) for r in rows] == [("Cy", 1), ("Bob", 2), ("Ann", 3)]
    assert rows[0].note == "decided by a draw"


def test_league_ties_shared():
    apps = [came(1, 1, 50, name="Ann"), came(2, 1, 50, name="Bob")]
    rows = league_table(apps, drives=1, order=[Rule.SHARED])
    assert [(r.rank, r.note) for r in rows] == [(1, "shared"), (1, "shared")]


def test_attendance_by_drive():
    rows, counts = attendance(SEASON, drives=4)
    assert [(r.name, r.present, r.drives) for r in rows] == [
        ("Ann", (True, True, True, True), 4),
        ("Bob", (True, True, False, True), 3),
        ("Cy", (False, False, True, False), 1),
    ]
    assert counts == [2, 2, 2, 2]


def test_level_players_and_attendance_follow_the_language_alphabet():
    """Ties shared in the league, and the attendance list, in the language's
    alphabetical order (players.collation): Łukasz after Lucyna in Polish."""
    names = {1: "Żaneta", 2: "Łukasz", 3: "Zofia", 4: "Lucyna"}
    appearances = [Appearance(p, n, 1, 10, 24) for p, n in names.items()]
    with translation.override("pl"):
        table = league_table(appearances, drives=1)
        rows, _counts = attendance(appearances, drives=1)
    expected = ["Lucyna", "Łukasz", "Zofia", "Żaneta"]
    assert [r.name for r in table] == expected
    assert [r.name for r in rows] == expected
    with translation.override("en-gb"):
        table = league_table(appearances, drives=1)
    assert [r.name for r in table] == ["Lucyna", "Łukasz", "Żaneta", "Zofia"]


def test_each_players_drive_scores_are_marked_as_the_total_counts_them():
    """Best 2 of 4: the counted drives add up to the total, the dropped ones are
    the lowest; a player with fewer drives than 2 has none dropped."""
    rows = league_table(SEASON, drives=4, best_of=2)
    scores = scores_by_drive(SEASON, rows, drives=4)
    for row in rows:
        played = [s for s in scores[row.player] if s.total is not None]
        kept = [s.total for s in played if s.counted]
        dropped = [s.total for s in played if s.dropped]
        assert sum(kept) == row.total
        assert len(kept) == row.counted
        assert not dropped or max(dropped) <= min(kept)
    by_name = {r.name: scores[r.player] for r in rows}
    assert [(s.total, s.counted) for s in by_name["Ann"]] == [
        (50, False),
        (60, True),
        (40, False),
        (70, True),
    ]
    # Bob missed drive 3: no score there, neither counted nor dropped.
    assert [(s.total, s.dropped) for s in by_name["Bob"]] == [
        (65, False),
        (55, True),
        (None, False),
        (58, False),
    ]
    assert [s.dropped for s in by_name["Cy"]] == [False] * 4
    assert [s.total for s in by_name["Cy"] if s.counted] == [90]


def test_equal_scores_drop_the_same_drive_as_the_total_leaves_out():
    """Three drives of 40, best 2: the total and the marks agree on which one
    is dropped (counted's rule: the longer drive, then the earlier one)."""
    apps = [came(1, 1, 40), came(1, 2, 40, hands=12), came(1, 3, 40), came(1, 4, 30)]
    rows = league_table(apps, drives=4, best_of=2)
    scores = scores_by_drive(apps, rows, drives=4)[1]
    assert [s.drive for s in scores if s.counted] == sorted(
        a.drive for a in counted(apps, 2)
    )
    assert [s.drive for s in scores if s.dropped] == [1, 4]
    assert rows[0].total == 80
