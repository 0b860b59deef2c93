"""The typed prize list (prizes.prize_list): read, posted as the rows write
it, refused with words naming the line; no database."""

from __future__ import annotations

import pytest

from prizes.prize_list import (
    PrizeKind,
    PrizeListError,
    PrizeSpec,
    ordinal,
    parse_prize_list,
)

LABELS = {"A": "Ladies", "B": "Gents"}
GROUPS = {"ladies": "A", "gents": "B", "a": "A", "b": "B"}


def test_parse_a_typed_prize_list():
    text = """1st overall
    2nd overall: Box of chocolates

    Highest Ladies
    2nd gents
    Half-time leader
    Half-time leader Gents
    Booby
    Most hands won
    Mystery score
    Custom: Raffle"""
    specs = parse_prize_list(text, groups=GROUPS, labels=LABELS)
    assert specs == [
        PrizeSpec(PrizeKind.OVERALL, 1),
        PrizeSpec(PrizeKind.OVERALL, 2, name="Box of chocolates"),
        PrizeSpec(PrizeKind.GROUP, 1, "A"),
        PrizeSpec(PrizeKind.GROUP, 2, "B"),
        PrizeSpec(PrizeKind.HALF_TIME),
        PrizeSpec(PrizeKind.HALF_TIME, group="B"),
        PrizeSpec(PrizeKind.BOOBY),
        PrizeSpec(PrizeKind.MOST_HANDS_WON),
        PrizeSpec(PrizeKind.MYSTERY),
        PrizeSpec(PrizeKind.CUSTOM, name="Raffle"),
    ]
    # As the rows of selects post it (each prize's English line), it reads
    # the same.
    again = parse_prize_list(
        "\n".join(spec.line(LABELS) for spec in specs), groups=GROUPS, labels=LABELS
    )
    assert again == specs
    assert specs[1].title(LABELS) == "Box of chocolates"


def test_a_list_naming_an_unknown_group_says_which_line():
    with pytest.raises(PrizeListError) as caught:
        parse_prize_list(
            "1st overall\nHighest Juniors\nHalf-time leader Seniors\nRaffle",
            groups=GROUPS,
            labels=LABELS,
        )
    assert caught.value.problems == [
        "Line 2: “juniors” is not a group. The groups are Ladies and Gents.",
        "Line 3: “seniors” is not a group. The groups are Ladies and Gents.",
        "Line 4: “Raffle” is not a prize this page knows. For a prize of your own, "
        "write “Custom: Raffle”.",
    ]
    with pytest.raises(PrizeListError, match="needs a name"):
        parse_prize_list("Custom:", groups=GROUPS, labels=LABELS)
    with pytest.raises(PrizeListError, match="a place is from 1"):
        parse_prize_list("0th overall", groups=GROUPS, labels=LABELS)


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]
