"""Half-time is decided once (drive.half_time) and every consumer agrees: the
cards' subtotal, the half-time page and prizes (prizes.selectors), for every
format. No database."""

from __future__ import annotations

import datetime

import pytest

from drive.half_time import half_time_hand, half_time_round
from drive.models import Drive
from drive.movement.types import FORMATS, Format
from drive.trumps import DEFAULT_SEQUENCE, PREDICTION_SEQUENCE
from prizes.selectors import halfway_hand
from scoring import cards
from scoring.card_plan import DrivePlan, EntryInfo
from scoring.card_rows import RowKind
from scoring.rubber import settings_for


@pytest.mark.parametrize(
    ("hands", "per_round", "round_", "hand"),
    [
        (24, 1, 12, 12),  # the classic drive: after hand 12
        (25, 1, 12, 12),  # the round boundary at or before half the hands
        (20, 4, 2, 8),  # 5 rounds of 4: after round 2, hand 8 (not hand 10)
        (24, 4, 3, 12),
        (40, 8, 2, 16),  # 5 games of prediction whist: after game 2
        (24, 8, 1, 8),
        (16, 8, 1, 8),
        (24, 12, 1, 12),  # two rounds of rubbers
        (2, 1, 1, 1),
        (8, 8, 0, 0),  # one round: no half-time
        (1, 1, 0, 0),
        (0, 1, 0, 0),
    ],
)
def test_half_time_falls_at_the_round_boundary_at_or_before_half(
    hands, per_round, round_, hand
):
    assert half_time_round(hands=hands, hands_per_round=per_round) == round_
    assert half_time_hand(hands=hands, hands_per_round=per_round) == hand


# (format, hands, hands per round) as each format plays them.
SHAPES = {
    Format.PROGRESSIVE: [(24, 1), (20, 4), (25, 1)],
    Format.SEMI_PARTNER: [(20, 4), (24, 2)],
    Format.STATIONARY: [(20, 4), (23, 1)],
    Format.PARTNERS: [(20, 4), (24, 1)],
    Format.INDIVIDUAL: [(20, 4), (21, 1)],
    Format.RUBBER: [(36, 12), (24, 12)],
    Format.PREDICTION: [(40, 8), (16, 8), (24, 8)],
}
CASES = [(fmt, *shape) for fmt, shapes in SHAPES.items() for shape in shapes]


def test_every_format_is_covered():
    assert set(SHAPES) == set(FORMATS)


def _plan(fmt: Format, hands: int, per_round: int) -> DrivePlan:
    return DrivePlan(
        club="Riverside",
        drive="Friday drive",
        date=datetime.date(2026, 11, 27),
        format=fmt.value,
        hands=hands,
        hands_per_round=per_round,
        trumps=PREDICTION_SEQUENCE if fmt is Format.PREDICTION else DEFAULT_SEQUENCE,
        rule="odd",
        entries=(EntryInfo(1, "Ann", "A"),),
        tables=(1,),
        rubber_rules=settings_for("english") if fmt is Format.RUBBER else None,
    )


def _subtotal_label(fmt: Format, plan: DrivePlan) -> str | None:
    card = cards.blank_card(plan)
    found = [row.label for row in card.rows if row.kind == RowKind.SUBTOTAL]
    assert len(found) <= 1
    return found[0] if found else None


@pytest.mark.parametrize(("fmt", "hands", "per_round"), CASES)
def test_cards_and_prizes_agree_on_half_time(fmt, hands, per_round):
    drive = Drive(format=fmt.value, hands=hands, hands_per_round=per_round)
    half = half_time_hand(hands=hands, hands_per_round=per_round)
    assert halfway_hand(drive) == drive.half_time_hand == half > 0
    plan = _plan(fmt, hands, per_round)
    assert plan.half_time_hand == half
    label = _subtotal_label(fmt, plan)
    round_ = half // per_round
    if fmt is Format.PREDICTION:
        assert label == f"Half-time (after game {round_})"
    elif fmt is Format.RUBBER:
        assert label == f"Half-time (after round {round_})"
    else:
        assert label == f"Half-time (hands 1–{half})"


def test_a_single_round_has_no_half_time_anywhere():
    for fmt, hands, per_round in [
        (Format.PREDICTION, 8, 8),
        (Format.RUBBER, 12, 12),
        (Format.PROGRESSIVE, 4, 4),
    ]:
        drive = Drive(format=fmt.value, hands=hands, hands_per_round=per_round)
        assert halfway_hand(drive) == 0
        assert _subtotal_label(fmt, _plan(fmt, hands, per_round)) is None
