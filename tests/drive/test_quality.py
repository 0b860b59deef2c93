"""Movement quality figures and a player's path (pure Python, no Django)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from drive.movement.partners import partners_schedule
from drive.movement.quality import SITS_OUT, movement_quality, player_path
from drive.movement.stationary import stationary_schedule
from drive.movement.types import Seating, TableSeating
from tests.sources import places


def tbl(number: int, north: int, east: int, south: int, west: int) -> TableSeating:
    return TableSeating(table=number, north=north, east=east, south=south, west=west)


# One table, six players, three rounds (A: 1, 2, 3; B: 11, 12, 13).
SMALL = [
    Seating(tables=(tbl(1, 1, 2, 11, 12),), sit_outs=(3, 13)),
    Seating(tables=(tbl(1, 1, 3, 12, 13),), sit_outs=(2, 11)),
    Seating(tables=(tbl(1, 1, 2, 11, 13),), sit_outs=(3, 12)),
]


def test_counts_on_a_hand_made_schedule():
    quality = movement_quality(schedule=SMALL)
    assert quality.players == (1, 2, 3, 11, 12, 13)
    assert quality.rounds == 3
    assert quality.partner_counts == {
        (1, 11): 2,
        (2, 12): 1,
        (1, 12): 1,
        (3, 13): 1,
        (2, 13): 1,
    }
    assert quality.opponent_counts == {
        (1, 2): 2,
        (1, 12): 1,
        (2, 11): 2,
        (11, 12): 1,
        (1, 3): 1,
        (1, 13): 2,
        (3, 12): 1,
        (12, 13): 1,
        (11, 13): 1,
    }
    assert quality.distinct_partners == {1: 2, 2: 2, 3: 1, 11: 1, 12: 2, 13: 2}
    assert quality.sit_outs == {1: 0, 2: 1, 3: 2, 11: 1, 12: 1, 13: 1}
    assert quality.played == {1: 3, 2: 2, 3: 1, 11: 2, 12: 2, 13: 2}
    # 3 rounds of 5 others: one whist cycle, where partners twice is too many.
    assert quality.whist_cycles == 1 and not quality.ideal
    assert quality.max_partner_count == 2
    assert quality.max_partner_repeats == 1
    assert quality.max_opponent_count == 2
    assert quality.max_opponent_repeats == 1
    assert (quality.min_distinct_partners, quality.max_distinct_partners) == (1, 2)
    assert quality.summary() == (
        "players have between 1 and 2 different partners; "
        "nobody partners anyone more than twice; "
        "nobody opposes anyone more than twice; "
        "2 sit-outs for 1 player, 1 sit-out each for 4 players, none for 1 player"
    )


def test_players_limit_the_report():
    quality = movement_quality(schedule=SMALL, players=[1, 2, 11, 12, 40])
    assert quality.players == (1, 2, 11, 12, 40)
    assert quality.partner_counts == {(1, 11): 2, (2, 12): 1, (1, 12): 1}
    assert quality.distinct_partners == {1: 2, 2: 1, 11: 1, 12: 2, 40: 0}
    assert quality.sit_outs == {1: 0, 2: 1, 11: 1, 12: 1, 40: 0}
    assert quality.summary().startswith("players have between 0 and 2 different")


def test_summary_of_a_perfect_lap():
    # Four players, three rounds: everyone partners everyone once.
    rounds = [
        Seating(tables=(tbl(1, 1, 2, 3, 4),)),
        Seating(tables=(tbl(1, 1, 3, 2, 4),)),
        Seating(tables=(tbl(1, 1, 2, 4, 3),)),
    ]
    quality = movement_quality(schedule=rounds)
    assert set(quality.partner_counts.values()) == {1}
    assert quality.summary() == (
        "everyone has 3 different partners; "
        "nobody partners anyone more than once; "
        "nobody opposes anyone more than twice; "
        "nobody sits out"
    )


def test_summary_of_nothing():
    assert movement_quality(schedule=[]).summary() == "nobody plays"
    assert movement_quality(schedule=[], players=[1, 2]).summary() == (
        "nobody has a partner; nobody opposes anyone; nobody sits out"
    )


def test_player_path():
    assert player_path(schedule=SMALL, player=3) == [
        (1, None, SITS_OUT, None),
        (2, 1, "E", 13),
        (3, None, SITS_OUT, None),
    ]
    assert player_path(schedule=SMALL, player=12) == [
        (1, 1, "W", 2),
        (2, 1, "S", 1),
        (3, None, "out", None),
    ]
    # Rounds a player is missing from are left out.
    late = [Seating(tables=(tbl(1, 1, 2, 11, 12),)), *SMALL[1:]]
    assert [step[0] for step in player_path(schedule=late, player=13)] == [2, 3]
    assert player_path(schedule=SMALL, player=99) == []


def brute_force(schedule: list[Seating]):
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for seating in schedule:
        for t in seating.tables:
            for one, other in combinations(t.players(), 2):
                same_side = {one, other} in ({t.north, t.south}, {t.east, t.west})
                key = (min(one, other), max(one, other))
                (partners if same_side else opponents)[key] += 1
    return partners, opponents


def times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


@given(
    kind=st.sampled_from(["partners", "stationary"]),
    size=st.integers(4, 40),
    rounds=st.integers(1, 20),
    seed=st.integers(0, 2**32),
)
@settings(max_examples=40, deadline=None)
def test_figures_and_summary_are_true(kind, size, rounds, seed):
    if kind == "partners":
        pairs = [(i, 100 + i) for i in range(1, size // 2 + 1)]
        schedule = partners_schedule(pairs=pairs, rounds=rounds, seed=seed)
    else:
        schedule = stationary_schedule(
            group_a=range(1, size // 2 + 1),
            group_b=range(101, 101 + size - size // 2),
            rounds=rounds,
            seed=seed,
        )
    quality = movement_quality(schedule=schedule)
    partners, opponents = brute_force(schedule)
    assert quality.partner_counts == dict(partners)
    assert quality.opponent_counts == dict(opponents)
    everyone = set().union(*(s.players() for s in schedule))
    assert set(quality.players) == everyone
    for player in everyone:
        met = {p for pair in partners for p in pair if player in pair} - {player}
        assert quality.distinct_partners[player] == len(met)
        assert quality.sit_outs[player] == sum(player in s.sit_outs for s in schedule)
        path = player_path(schedule=schedule, player=player)
        assert len(path) == rounds
        assert sum(step[2] == SITS_OUT for step in path) == quality.sit_outs[player]
        for number, table, seat, partner in path:
            if table is not None:
                assert schedule[number - 1].seat_of(player) == (table, seat)
                assert (min(player, partner), max(player, partner)) in partners
    summary = quality.summary()
    low, high = quality.min_distinct_partners, quality.max_distinct_partners
    if low == high == 1:
        assert summary.startswith("everyone keeps one partner all evening; ")
        assert "partners anyone more than" not in summary
    elif low == high:
        assert summary.startswith(f"everyone has {low} different partner")
    else:
        assert summary.startswith(f"players have between {low} and {high} ")
    if low != high or low != 1:
        assert f"anyone more than {times(max(partners.values()))};" in summary
    assert f"opposes anyone more than {times(max(opponents.values()))};" in summary
    if kind == "partners" and rounds > 1:
        met = Counter({frozenset(two): 0 for two in combinations(pairs, 2)})
        for seating in schedule:
            for t in seating.tables:
                met[frozenset({(t.north, t.south), (t.east, t.west)})] += 1
        assert {frozenset(k): v for k, v in quality.pair_meetings.items()} == met
        low, high = min(met.values()), max(met.values())
        if low == high:
            said = f"every pair meets every other pair {times(low)}"
        elif (low, high) == (0, 1):
            said = "each pair meets each other pair at most once"
        else:
            said = f"each pair meets each other pair between {low} and {high} times"
        assert said in summary
    out_counts = Counter(quality.sit_outs.values())
    if set(out_counts) == {0}:
        assert summary.endswith("nobody sits out")
    else:
        most = max(out_counts)
        assert f"{most} sit-out" in summary.split("; ")[-1].split(", ")[0]


def test_fixed_pairs_report_how_evenly_the_pairs_meet():
    pairs = [(1, 11), (2, 12), (3, 13)]
    quality = movement_quality(
        schedule=partners_schedule(pairs=pairs, rounds=6, seed=0)
    )
    assert quality.pair_meetings == {
        ((1, 11), (2, 12)): 2,
        ((1, 11), (3, 13)): 2,
        ((2, 12), (3, 13)): 2,
    }
    assert "; every pair meets every other pair twice; 2 sit-outs each for 6" in (
        quality.summary()
    )
    # Two pairs North-South at their tables, two moving: the N-S pairs never
    # meet each other, and the line says so.
    mitchell = [
        Seating(tables=(tbl(1, 1, 3, 11, 13), tbl(2, 2, 4, 12, 14))),
        Seating(tables=(tbl(1, 1, 4, 11, 14), tbl(2, 2, 3, 12, 13))),
        Seating(tables=(tbl(1, 1, 3, 11, 13), tbl(2, 2, 4, 12, 14))),
    ]
    quality = movement_quality(schedule=mitchell)
    assert quality.pair_meetings[((1, 11), (2, 12))] == 0
    assert "each pair meets each other pair between 0 and 2 times" in (
        quality.summary()
    )
    # Two rounds of it: some pairs meet once, some never; "between 0 and 1
    # times" said less than "at most once".
    quality = movement_quality(schedule=mitchell[:2])
    assert set(quality.pair_meetings.values()) == {0, 1}
    assert "each pair meets each other pair at most once" in quality.summary()
    # Partners who change (or a single round) are not fixed pairs.
    assert movement_quality(schedule=SMALL).pair_meetings == {}
    assert movement_quality(schedule=mitchell[:1]).pair_meetings == {}
    assert "pair meets" not in movement_quality(schedule=mitchell[:1]).summary()


def test_there_is_one_quality_measure():
    # The movement page, the workbook, the tests and the benchmarks all count with
    # movement_quality: no other module defines a measure of its own.
    found = places(r"^\s*(class \w*Quality\b|def \w*quality\()", suffixes=(".py",))
    assert {place.partition(":")[0] for place in found} == {"drive/movement/quality.py"}


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [
        ("en-gb", "everyone keeps one partner all evening", "1 different partner"),
        ("pl", "każdy gra z jednym partnerem cały wieczór", "1 partnera"),
        ("ru", "у каждого один партнёр на весь вечер", "1 разный партнёр"),
        ("ro", "fiecare joacă toată seara cu același partener", "1 partener diferit"),
        (
            "it",
            "ognuno gioca tutta la sera con lo stesso compagno",
            "1 compagno diverso",
        ),
    ],
)
def test_fixed_pairs_keep_one_partner_in_words(language, said, not_said):
    """Fixed pairs (partners, rubber) are told as one partner all evening: not
    "1 different partner" (ru "1 разный партнёр") and not "nobody partners
    anyone more than 6 times", which only counts the rounds."""
    pairs = [(1, 11), (2, 12), (3, 13), (4, 14)]
    quality = movement_quality(
        schedule=partners_schedule(pairs=pairs, rounds=6, seed=0)
    )
    with translation.override(language):
        summary = quality.summary()
    assert summary.startswith(said + "; ")
    assert not_said not in summary
    assert summary.count(";") == 3, summary
