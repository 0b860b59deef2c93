"""A disagreement to settle names its hand by its place in its round (deal 3
of game 2): scoring.live.ConflictToSettle's number has no default, so no
caller can leave it out and call every hand its round's first."""

from __future__ import annotations

import pytest

from drive.trumps import Trump
from scoring.live import ConflictToSettle, HandState


def test_a_conflicts_number_must_be_given():
    hand = HandState(11, next(iter(Trump)), ())
    with pytest.raises(TypeError):
        ConflictToSettle(table=1, round=2, hand=hand)
    assert ConflictToSettle(table=1, round=2, hand=hand, number=3).number == 3
