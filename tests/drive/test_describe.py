"""Each format's rule in plain words: pure Python, no Django."""

from __future__ import annotations

import pytest

from drive.movement.describe import format_rule
from drive.movement.types import Format

THREE = "three-handed table with a dummy hand"


@pytest.mark.parametrize(
    ("format", "words"),
    [
        (
            "progressive",
            [
                "Progressive, losers move:",
                "winners stay at their table and split",
                "losing A moves up",
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
        ("stationary", ["Stationary:", "group A never moves", "fixed route"]),
        ("partners", ["Partners (fixed pairs):", "bye goes round the East-West"]),
        ("individual", ["Individual:", "made before play", "nobody partners"]),
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
    assert "winning A moves up" in rule and "losing A" not in rule


@pytest.mark.parametrize("format", [f.value for f in Format])
def test_the_three_handed_option_is_stated_except_for_fixed_pairs(format):
    rule = format_rule(format, three_handed=True)
    assert (THREE in rule) is (format != "partners")
    fairly = "Sit-outs rotate fairly" in rule
    assert fairly is (format != "partners")
