"""The consolation draw: a random competitor without any other prize.

The site draws it once every other prize is decided (`consolation_blockers`
says which are not): Python's random.Random(seed).choice of the pool in number
order (`draw_consolation`), so anyone with the seed and the pool can check it.
The engine (prizes.engine) reports a recorded draw as the prize's winner.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence, Set

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


def pool_from_text(
    text: str, first_numbers: Sequence[int | None], drive_numbers: Set[int]
) -> list[list[int]] | None:
    """A draw's pool read back from the text an earlier release kept ("3, 5 &
    6, 9", in whatever language its organiser read: "3, 5 и 6, 9"), or None
    where that is not certain.

    Competitors are separated by ", " (the only way it was written); each is
    its numbers with one word between them (a pair's joining word has no
    digits). What is read must agree with the draw's own record: one
    competitor for each member, whose entry's number is `first_numbers`' (in
    the members' order), every number an entry of the drive (`drive_numbers`),
    all in number order. (Migration prizes 0004 reads the site's own rows by
    a frozen copy of this rule.)"""
    items = text.split(", ") if text else []
    if not items or len(items) != len(first_numbers):
        return None
    pool = []
    for item, first in zip(items, first_numbers, strict=True):
        numbers = [int(n) for n in re.findall(r"\d+", item)]
        words = re.split(r"\d+", item)
        if (
            not numbers
            or len(numbers) > 2
            or words[0].strip()
            or words[-1].strip()
            or any(not word.strip() for word in words[1:-1])
            or numbers[0] != first
            or numbers != sorted(set(numbers))
            or not set(numbers) <= drive_numbers
        ):
            return None
        pool.append(numbers)
    firsts = [numbers[0] for numbers in pool]
    return pool if firsts == sorted(set(firsts)) else None
