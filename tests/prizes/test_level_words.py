"""Who a board's leaders are level with, when a tie-break placed them first
(prizes.level_words.placed_lead), in the MC's words: several level joined by
the language's "and" with their names in the nominative, pairs parted by
commas, each game's rule, and nothing when nobody else has the leaders'
total or the rules left the leaders level. No database."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.movement.types import Game
from prizes.level_words import placed_lead
from scoring.standings import Standing
from scoring.tiebreaks import Rule

CB, BH = Rule.COUNT_BACK, Rule.BEST_HAND


def row(rank, number, name, total, by=None, pair=()):
    """A board line: rank, entry number, name, total, the rule that placed it;
    `pair`: a pair's two numbers (its line's name is both partners', joined
    as the reader's language joins them: "Cat i Dan")."""
    return Standing(
        rank=rank,
        entry=number,
        number=number,
        name=name,
        group="",
        played=2,
        sat_out=0,
        score=total,
        compensation=0,
        adjustments=0,
        members=tuple(n + 100 for n in pair),
        numbers=pair,
        placed_by=by,
    )


THREE = [
    row(1, 13, "Mieczysław Stępień", 16, CB),
    row(2, 5, "Anna Nowak", 16, CB),
    row(3, 9, "Jan Kowalski", 16, CB),
    row(4, 2, "Ewa Lis", 12),
]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "ru",
            "Тот же результат у участников: 5 Anna Nowak и 9 Jan Kowalski; "
            "решено сравнением с конца.",
        ),
        (
            "pl",
            "Ten sam wynik mają też 5 Anna Nowak i 9 Jan Kowalski; "
            "rozstrzygnięte od końca.",
        ),
        (
            "ro",
            "Egalitate cu 5 Anna Nowak și 9 Jan Kowalski: "
            "decis prin departajare inversă.",
        ),
        (
            "it",
            "Parità con 5 Anna Nowak e 9 Jan Kowalski: "
            "deciso con il conteggio a ritroso.",
        ),
    ],
)
def test_everyone_level_with_the_leader_is_named(language, said):
    with translation.override(language):
        placed = placed_lead(THREE, Game.HANDS)
    assert placed.rule is CB
    assert [r.number for r in placed.level] == [5, 9]
    assert placed.words == said


def test_one_level_with_the_leader_is_one_person():
    with translation.override("ru"):
        placed = placed_lead(THREE[:2], Game.HANDS)
    assert placed.words.startswith("Тот же результат у участника: 5 Anna Nowak;")


def test_leaders_left_level_after_one_was_placed_behind_are_said_beside_it():
    rows = [
        row(1, 13, "Mieczysław Stępień", 16, CB),
        row(1, 5, "Anna Nowak", 16, CB),
        row(3, 9, "Jan Kowalski", 16, CB),
    ]
    placed = placed_lead(rows, Game.HANDS)
    assert [r.number for r in placed.level] == [9]
    assert placed.words == "Level with 9 Jan Kowalski: decided by count-back."


def test_pairs_level_with_the_leading_pair_are_parted_by_commas():
    rows = [
        row(1, 3, "Ann i Bob", 9, CB, pair=(3, 4)),
        row(2, 1, "Cat i Dan", 9, CB, pair=(1, 2)),
        row(3, 5, "Eve i Fay", 9, CB, pair=(5, 6)),
    ]
    with translation.override("pl"):
        placed = placed_lead(rows, Game.RUBBERS)
    assert placed.words == (
        "Ten sam wynik mają też 1 i 2 Cat i Dan, 5 i 6 Eve i Fay; "
        "rozstrzygnięte od końca."
    )


def test_the_rule_is_said_in_the_drives_games_words():
    rows = [row(1, 4, "Anna Nowak", 30, BH), row(2, 2, "Ewa Lis", 30, BH)]
    placed = placed_lead(rows, Game.PREDICTIONS)
    assert placed.words == "Level with 2 Ewa Lis: decided by best single deal."


@pytest.mark.parametrize(
    "rows",
    [
        # Alone on the total.
        [row(1, 13, "Mieczysław Stępień", 17), row(2, 5, "Anna Nowak", 16)],
        # Level and left so (a shared lead, a draw still to make, by share).
        [row(1, 13, "Mieczysław Stępień", 16), row(1, 5, "Anna Nowak", 16)],
        # Nobody yet.
        [],
    ],
)
def test_nothing_is_said_where_no_tie_break_placed_the_leaders(rows):
    assert placed_lead(rows, Game.HANDS) is None
