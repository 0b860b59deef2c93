"""The consolation draw: a random competitor without any other prize.

The site draws it once every other prize is decided (`consolation_blockers`
says which are not): Python's random.Random(seed).choice of the pool in number
order (`draw_consolation`), so anyone with the seed and the pool can check it.
The engine (prizes.engine) reports a recorded draw as the prize's winner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.utils.translation import gettext as _

from prizes.competitors import Competitor
from prizes.engine import Award, AwardStatus
from prizes.prize_list import PrizeKind


def consolation_number(awards: Sequence[Award], position: int) -> int | None:
    """Which consolation draw of the list (1 first) the prize at `position` is."""
    nth = 0
    for award in awards:
        if award.spec.kind is PrizeKind.CONSOLATION:
            nth += 1
            if award.position == position:
                return nth
    return None


def consolation_blockers(awards: Sequence[Award]) -> list[Award]:
    """The other prizes still undecided (waiting for a draw, a mystery score,
    a custom winner, the end of play): the pool is not known until they are."""
    return [
        a
        for a in awards
        if a.spec.kind is not PrizeKind.CONSOLATION
        and a.status in (AwardStatus.PENDING, AwardStatus.AWAITING_DRAW)
    ]


def consolation_pool(
    awards: Sequence[Award], competitors: Sequence[Competitor], nth: int
) -> list[Competitor]:
    """Who the n-th consolation draw is between: every competitor without any
    other prize (another consolation draw's included) who did not leave early,
    in number order."""
    prized: set[int] = set()
    seen = 0
    for award in awards:
        if award.spec.kind is PrizeKind.CONSOLATION:
            seen += 1
            if seen == nth:
                continue
        if award.status in (
            AwardStatus.WON,
            AwardStatus.SHARED,
            AwardStatus.AWAITING_DRAW,
        ):
            prized.update(w.key for w in award.winners)
    return sorted(
        (c for c in competitors if c.key not in prized and not c.left_early),
        key=lambda c: (c.number, c.key),
    )


def draw_consolation(pool: Sequence[Competitor], seed: int) -> Competitor:
    """The winner of a consolation draw: random.Random(seed).choice of the pool
    in number order. Anyone with the seed and the numbers can draw it again
    and get the same entry (Python 3's Mersenne Twister, whole-number seed)."""
    if not pool:
        raise ValueError(_("Everyone has a prize: there is nobody to draw."))
    ordered = sorted(pool, key=lambda c: (c.number, c.key))
    return random.Random(seed).choice(ordered)
