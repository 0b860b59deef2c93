"""The prize engine's input on plain values: a competitor from hand scores
(`player`) and an evening of them (`evening`)."""

from __future__ import annotations

from prizes.competitors import Competitor
from prizes.engine import Evening
from scoring.tiebreaks import DEFAULT_ORDER


def player(key, group, scores, *, half=None, won=None):
    """Entry `key` (also its number) whose hand h scored scores[h-1]."""
    hand_scores = dict(enumerate(scores, start=1))
    return Competitor(
        key=key,
        number=key,
        name=f"P{key}",
        group=group,
        total=sum(scores),
        hand_scores=hand_scores,
        won_hands=frozenset(
            h for h, s in hand_scores.items() if (s > 0 if won is None else h in won)
        ),
        half_total=half,
    )


def evening(players, **options):
    options.setdefault("last_hand", 4)
    options.setdefault("order", DEFAULT_ORDER)
    return Evening(competitors=players, **options)
