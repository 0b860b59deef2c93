"""The formats and what each is, defined once (drive.movement.types.FORMATS):
everything else takes them from there. No database."""

from __future__ import annotations

import datetime

import pytest

from drive.forms import DriveForm
from drive.models import Drive, MovementFormat
from drive.movement import plan
from drive.movement.describe import format_rule
from drive.movement.types import (
    FIXED,
    FORMATS,
    GROUPED,
    PAIRED,
    PREDICTIONS,
    RUBBERS,
    Format,
    Game,
)
from printing.table_cards import movement_instructions
from scoring.card_plan import DrivePlan
from tests.sources import places

# (format, planned before play, two groups in their own seats, fixed pairs,
# rounds played as rubbers, prediction whist)
EXPECTED = [
    ("progressive", False, True, False, False, False),
    ("semi-partner", False, True, False, False, False),
    ("stationary", True, True, False, False, False),
    ("partners", True, False, True, False, False),
    ("individual", True, False, False, False, False),
    ("rubber", True, False, True, True, False),
    ("prediction", True, False, False, False, True),
]


def test_the_formats_and_their_properties():
    assert [
        (
            f.value,
            FORMATS[f].fixed,
            FORMATS[f].grouped,
            FORMATS[f].pairs,
            FORMATS[f].game is Game.RUBBERS,
            FORMATS[f].game is Game.PREDICTIONS,
        )
        for f in Format
    ] == EXPECTED
    assert {f[0] for f in EXPECTED if f[1]} == FIXED
    assert {f[0] for f in EXPECTED if f[2]} == GROUPED
    assert {f[0] for f in EXPECTED if f[3]} == PAIRED
    assert {f[0] for f in EXPECTED if f[4]} == RUBBERS
    assert {f[0] for f in EXPECTED if f[5]} == PREDICTIONS


def test_the_drive_and_its_form_offer_the_formats_as_defined():
    assert MovementFormat.choices == [(f.value, FORMATS[f].choice) for f in Format]
    assert MovementFormat.STATIONARY.label == "Stationary (group A stays put)"
    offered = DriveForm().fields["format"].choices
    assert [value for value, _ in offered] == [f.value for f in Format]


@pytest.mark.parametrize("format", list(Format))
def test_every_part_takes_a_formats_properties_from_the_one_definition(format):
    info = FORMATS[format]
    drive = Drive(format=format.value)
    assert (drive.is_fixed, drive.has_groups) == (info.fixed, info.grouped)
    paper = DrivePlan(
        club="C",
        drive="D",
        date=datetime.date(2025, 1, 1),
        format=format.value,
        hands=4,
        hands_per_round=1,
        trumps=(),
        rule="odd",
    )
    assert paper.has_groups == info.grouped
    assert format_rule(format).startswith(str(info.name))
    # Formats seated round by round say who moves; fixed ones follow the cards.
    words = " ".join(
        movement_instructions(
            format=format.value, winners_move=False, group_a="A", group_b="B"
        )
    )
    assert ("Losers move:" in words) == (not info.fixed)
    if not info.fixed:
        with pytest.raises(ValueError, match="round by round"):
            plan.plan_fixed(
                format=format, lineup=plan.Lineup((1,), (2,)), rounds=1, seed=1
            )


def test_no_other_module_lists_the_formats():
    # A constant or a choice per format ("PARTNERS = 'partners'"), or a set of
    # them ({Format.STATIONARY, Format.PARTNERS, ...}), anywhere but the definition.
    constants = places(
        r"^\s*[A-Z_]+\s*=\s*[\"'](progressive|semi-partner|stationary|partners|individual)[\"']",
        suffixes=(".py",),
    )
    assert {place.partition(":")[0] for place in constants} == {
        "drive/movement/types.py"
    }
    assert places(r"Format\.[A-Z_]+\s*,\s*\w*Format\.[A-Z_]+", suffixes=(".py",)) == []
