"""A second result for a hand that already has one standing: the rule a
captain's phone and a typed travel slip share.

The first result *stands*. A second that says the same *agrees* and changes
nothing; one that says otherwise is kept as a *conflict* for the organiser to
settle, once: the same disagreement sent again finds the conflict it made
still open, and nothing more is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.models import HandResult, ResultStatus
from scoring.rules import DealRecord
from scoring.services import deal_of


@dataclass(frozen=True)
class Meeting:
    """How a second result meets the one standing."""

    agrees: bool
    # When it disagrees: the same disagreement, kept already and still open
    # (None: it is new, and is to be kept as a conflict now).
    kept: HandResult | None = None


def second_result(
    deal: DealRecord, standing: HandResult, of_hand: Iterable[HandResult]
) -> Meeting:
    """How `deal` meets the result `standing` for its hand, `of_hand` being
    every result of that table and hand (no query: plain values)."""
    if deal_of(standing) == deal:
        return Meeting(agrees=True)
    kept = next(
        (
            result
            for result in of_hand
            if result.status == ResultStatus.CONFLICT
            and result.resolved_at is None
            and deal_of(result) == deal
        ),
        None,
    )
    return Meeting(agrees=False, kept=kept)
