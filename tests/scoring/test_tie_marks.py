"""The rows a tie-break placed: each ranked row says which rule placed it
apart from others level on its total (Standing.placed_by), for the final
boards' mark, and the key says those rules in the game's words. A place the
rules leave shared, and a total nobody else has, are not marked. No database."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.movement.types import Game
from scoring.pair_lines import pair_lines
from scoring.standings import Compensation, EntryRecord, unranked_standings
from scoring.tie_words import tie_words
from scoring.tiebreaks import DEFAULT_ORDER, DriveTieBreaks, Rule, placed_rules

CB, HW, SH = Rule.COUNT_BACK, Rule.HANDS_WON, Rule.SHARED


def record(number: int, scores: list[int], *, won: tuple[int, ...] = ()):
    """Entry `number`'s hand scores, hand 1 first."""
    return EntryRecord(
        number,
        number,
        f"Player {number}",
        "AB"[number % 2],
        dict(enumerate(scores, start=1)),
        won_hands=frozenset(won),
    )


def ranked(records, order, **options):
    rows = unranked_standings(records, rule=Compensation.NONE)
    breaks = DriveTieBreaks(order=order, last_hand=2, compensation="none", **options)
    return breaks.apply(rows, records)


def marks(rows):
    return [(r.number, r.rank, r.placed_by) for r in rows]


# 1 and 2 level on 3, 2 scored it on the last hand; 3 alone on 1.
LEVEL = [record(1, [3, 0]), record(2, [0, 3]), record(3, [1, 0])]


def test_the_rows_count_back_placed_apart_carry_the_rule():
    assert marks(ranked(LEVEL, DEFAULT_ORDER)) == [
        (2, 1, CB),
        (1, 2, CB),
        (3, 3, None),
    ]


def test_nothing_is_marked_without_a_tie():
    records = [record(1, [3, 0]), record(2, [0, 2]), record(3, [1, 0])]
    assert [r.placed_by for r in ranked(records, DEFAULT_ORDER)] == [None] * 3
    assert placed_rules(ranked(records, DEFAULT_ORDER), DEFAULT_ORDER) == []


def test_a_place_the_rules_leave_shared_is_not_marked():
    assert marks(ranked(LEVEL, (SH,))) == [(1, 1, None), (2, 1, None), (3, 3, None)]
    # No rule at all (a club that shares every tie): the same.
    assert marks(ranked(LEVEL, ())) == [(1, 1, None), (2, 1, None), (3, 3, None)]


def test_two_left_level_after_one_is_placed_ahead_are_marked_and_share():
    # Three on 3: 2 scored it on the last hand; 1 and 4 alike, then shared.
    records = [*LEVEL, record(4, [3, 0])]
    assert marks(ranked(records, (CB, SH))) == [
        (2, 1, CB),
        (1, 2, CB),
        (4, 2, CB),
        (3, 4, None),
    ]


def test_the_rule_that_placed_them_is_the_one_that_split_them():
    # Level on count-back too (3 on the last hand each): most hands won.
    records = [record(1, [0, 3], won=(2,)), record(2, [0, 3], won=(1, 2))]
    rows = ranked(records, (CB, HW))
    assert marks(rows) == [(2, 1, HW), (1, 2, HW)]
    assert placed_rules(rows, (CB, HW)) == [HW]


def test_a_pair_line_carries_its_partners_rule():
    # Pairs 1 (entries 1, 3) and 2 (entries 2, 4) level; pair 2 scored last.
    records = [
        record(1, [3, 0]),
        record(2, [0, 3]),
        record(3, [3, 0]),
        record(4, [0, 3]),
    ]
    rows = ranked(records, DEFAULT_ORDER, pairs={1: 1, 3: 1, 2: 2, 4: 2})
    lines = pair_lines(rows, {1: 1, 3: 1, 2: 2, 4: 2}, join=" & ".join)
    assert [(line.numbers, line.rank, line.placed_by) for line in lines] == [
        ((2, 4), 1, CB),
        ((1, 3), 2, CB),
    ]


def test_the_rules_that_placed_rows_in_the_clubs_order():
    rows = ranked(LEVEL, DEFAULT_ORDER)
    assert placed_rules(rows, DEFAULT_ORDER) == [CB]
    both = [*rows, *ranked([record(1, [0, 3], won=(2,)), record(2, [0, 3])], (CB, HW))]
    assert placed_rules(both, (CB, HW)) == [CB, HW]


@pytest.mark.parametrize(
    ("language", "game", "rules", "said"),
    [
        (
            "en-gb",
            Game.HANDS,
            [CB],
            "Level on points: placed by count-back from the last hand.",
        ),
        (
            "en-gb",
            Game.PREDICTIONS,
            [CB],
            "Level on points: placed by count-back from the last deal.",
        ),
        (
            "pl",
            Game.HANDS,
            [CB, HW],
            "Ten sam wynik\u00a0– kolejność ustala: porównanie od ostatniego rozdania, "
            "potem najwięcej wygranych rozdań.",
        ),
        (
            "ru",
            Game.HANDS,
            [CB],
            "При равенстве очков порядок: сравнение с последней сдачи.",
        ),
        (
            "ro",
            Game.HANDS,
            [CB],
            "Puncte egale\u00a0– ordinea stabilită prin: "
            "departajare inversă de la ultima mână.",
        ),
        (
            "it",
            Game.HANDS,
            [CB],
            "Pari punti\u00a0– ordine deciso da: conteggio a ritroso dall'ultima mano.",
        ),
    ],
)
def test_the_key_says_the_rules_in_the_games_words(language, game, rules, said):
    with translation.override(language):
        assert tie_words(game).placed_words(rules) == said
