"""Each format's rule in plain words: pure Python, no Django."""

from __future__ import annotations

import pytest

from drive.movement.describe import format_rule
from drive.movement.types import PAIRED, PREDICTIONS, Format

THREE = "three-handed table with a dummy hand"


@pytest.mark.parametrize(
    ("format", "words"),
    [
        (
            "progressive",
            [
                "Progressive, losers move:",
                "winners stay at their table and split",
                "losing A player moves up",
            ],
        ),
        (
            "semi-partner",
            [
                "Semi-partner, losers move:",
                "winners stay together",
                "two arrivals partner each other",
            ],
        ),
        ("stationary", ["Stationary:", "A never move", "fixed route"]),
        (
            "partners",
            [
                "Partners (fixed pairs):",
                "North-South pairs stay",
                "otherwise the pairs play a round robin",
                "every pair sits out in turn",
            ],
        ),
        ("individual", ["Individual:", "made before play", "nobody partners"]),
        (
            "prediction",
            [
                "Prediction whist:",
                "tables of four, and at tables of five",
                "nobody sits out whenever the head count allows",
                "meets as many different players as possible",
                "Sit-outs rotate fairly.",
            ],
        ),
    ],
)
def test_each_format_states_its_own_rule(format, words):
    rule = format_rule(format)
    assert rule.startswith(words[0])
    for word in words[1:]:
        assert word in rule
    assert THREE not in rule


@pytest.mark.parametrize("format", ["progressive", "semi-partner"])
def test_winners_move_swaps_who_stays(format):
    rule = format_rule(format, winners_move=True)
    assert "winners move:" in rule and "losers stay" in rule
    assert "winning A player moves up" in rule and "losing A" not in rule


@pytest.mark.parametrize("format", [f.value for f in Format])
def test_the_three_handed_option_is_stated_except_for_fixed_pairs(format):
    # Nor for prediction whist, whose tables of five seat those left over.
    rule = format_rule(format, three_handed=True)
    in_pairs = Format(format) in PAIRED
    assert (THREE in rule) is not (in_pairs or Format(format) in PREDICTIONS)
    fairly = "Sit-outs rotate fairly" in rule
    assert fairly is not in_pairs


@pytest.mark.parametrize(
    ("pairs", "rounds", "words", "not_words"),
    [
        (2, 24, ["the two pairs play each other"], ["round robin", "sits out"]),
        (12, 6, ["North-South pairs stay", "no two pairs meet twice"], ["robin"]),
        (
            3,
            24,
            ["the North-South pair sits out", "sit out in turn"],
            ["stay at their table"],
        ),
        (
            5,
            24,
            [
                "round robin",
                "North-South pairs move down one table",
                "table 1 sits out the next round",
                "the last table stays there and sits North-South",
            ],
            ["stay at their table"],
        ),
        (
            4,
            24,
            [
                "round robin",
                "The North-South pair at table 1 stays there all evening",
                "from table 2 goes to table 1 and sits East-West",
            ],
            ["sits out", "sit out"],
        ),
        (12, 7, ["round robin"], ["sit out", "sits out", "stay at their"]),
    ],
)
def test_a_partners_rule_states_the_movement_its_pairs_play(
    pairs, rounds, words, not_words
):
    """The same choice as ``partners_schedule``: tests/drive/test_partners.py
    checks that the pairs move as these words say."""
    rule = format_rule("partners", pairs=pairs, rounds=rounds)
    assert rule.startswith("Partners (fixed pairs): partners play together")
    for word in words:
        assert word in rule, (word, rule)
    for word in not_words:
        assert word not in rule, (word, rule)


@pytest.mark.parametrize("format", ["progressive", "semi-partner", "stationary"])
@pytest.mark.parametrize("winners_move", [False, True])
def test_a_grouped_rule_names_the_groups_as_the_drive_does(format, winners_move):
    """The rule says "the Ladies player stays North", as the table card and
    the call at the bell do, never a bare "A" or "B"."""
    rule = format_rule(format, winners_move=winners_move, groups=("Ladies", "Gents"))
    assert "Ladies" in rule and "Gents" in rule
    words = set(rule.replace("(", " ").replace(";", " ").replace(",", " ").split())
    assert not words & {"A", "B"}, rule
