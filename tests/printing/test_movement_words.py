"""The movement in plain words on a table card: where the winners and the losers
go, this table's neighbours, and where each pair of a partners' round robin
goes."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing.table_cards import movement_instructions


@pytest.mark.parametrize(
    ("format", "winners_move", "expected"),
    [
        (
            "progressive",
            False,
            "Losers move: Ladies up one table, Gents down one table.",
        ),
        (
            "progressive",
            True,
            "Winners move: Ladies up one table, Gents down one table.",
        ),
        ("semi-partner", False, "Winners stay together: the Ladies player North"),
        (
            "stationary",
            False,
            "Ladies stay at their table, in the same seat, all evening.",
        ),
        ("partners", False, "East-West pairs move up one table after each round."),
        ("individual", False, "printed on their score card"),
    ],
)
def test_movement_in_plain_words(format, winners_move, expected):
    lines = movement_instructions(
        format=format,
        winners_move=winners_move,
        group_a="Ladies",
        group_b="Gents",
        table=1,
        tables=5,
    )
    assert any(expected in line for line in lines), lines
    assert lines[0] == "Moves after every hand: see below."


def test_movement_names_this_tables_neighbours_and_wraps():
    lines = movement_instructions(
        format="progressive",
        winners_move=False,
        group_a="Ladies",
        group_b="Gents",
        hands_per_round=4,
        table=1,
        tables=5,
    )
    assert lines[0] == "Moves after every 4 hands: see below."
    assert (
        "From table 1: the losing Ladies player goes to table 2, "
        "the losing Gents player to table 5." in lines
    )
    partners = movement_instructions(
        format="partners",
        winners_move=False,
        group_a="A",
        group_b="B",
        table=5,
        tables=5,
        pairs=10,
        rounds=5,
    )
    assert "North-South pairs stay at their table all evening." in partners
    assert "From table 5 the East-West pair goes to table 1." in partners


def partners_card(table: int, pairs: int, rounds: int = 24) -> list[str]:
    return movement_instructions(
        format="partners",
        winners_move=False,
        group_a="A",
        group_b="B",
        table=table,
        tables=pairs // 2,
        pairs=pairs,
        rounds=rounds,
    )


def test_a_partners_round_robin_card_says_where_each_pair_goes():
    """The moves tests/drive/test_partners.py checks the schedule makes."""
    first, last = partners_card(1, 9), partners_card(4, 9)
    assert "Every pair meets every other pair in turn, and sits out in turn." in first
    assert not any("stay at their table" in line for line in first)
    assert (
        "From table 1: the North-South pair sits out the next round; "
        "the East-West pair goes to table 2." in first
    )
    assert (
        "From table 4: the North-South pair goes to table 3; "
        "the East-West pair stays and sits North-South." in last
    )
    even = [partners_card(t, 8) for t in (1, 2)]
    assert "The North-South pair at table 1 stays there all evening." in even[0]
    assert not any("sit out" in line for line in even[0][:-1])
    assert (
        "From table 1: the North-South pair stays; "
        "the East-West pair goes to table 2." in even[0]
    )
    assert (
        "From table 2: the North-South pair goes to table 1 East-West; "
        "the East-West pair goes to table 3." in even[1]
    )
    three = partners_card(1, 3)
    assert (
        "After each round the North-South pair sits out, the pair that sat out "
        "comes back East-West and the East-West pair sits North-South." in three
    )
    # Enough pairs for the rounds: the Mitchell, whose N-S pairs stay.
    assert "North-South pairs stay at their table all evening." in partners_card(
        3, 12, rounds=6
    )


@pytest.mark.parametrize("format", ["progressive", "semi-partner"])
@pytest.mark.parametrize("winners_move", [False, True])
def test_italian_cards_name_each_group_as_a_group(format, winners_move):
    """ "il giocatore Dame siede a Est" read as "the player Ladies": each
    line names the group as one ("il giocatore del gruppo Dame"), as the
    other lines of the card and the other languages do."""
    with translation.override("it"):
        lines = movement_instructions(
            format=format,
            winners_move=winners_move,
            group_a="Dame della Confraternita",
            group_b="Cavalieri",
            table=1,
            tables=5,
        )
    for line in lines:
        for group in ("Dame della Confraternita", "Cavalieri"):
            for before in line.split(group)[:-1]:
                assert before.endswith("gruppo "), line
