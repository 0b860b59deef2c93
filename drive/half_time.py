"""Half-time: the interval of a drive, decided here once for every format.

Rule: half-time falls at the end of a round, never in the middle of one (the
tables would be stopped mid-round, and a prediction whist round is a whole game
of 8 deals), at the last round boundary at or before half the hands: after
round floor(R / 2) of R rounds. So 24 hands one a round: after hand 12; 25
hands: after hand 12; 20 hands in rounds of 4: after hand 8 (round 2 of 5);
a prediction whist drive of 5 games: after game 2 (deal 16). A drive of a
single round has no half-time.

It is the rule the half-time prize has always been decided by, so a drive
finished under an earlier release keeps its half-time leaders; the cards'
subtotal, which used to fall after hand H / 2 (or, on a prediction whist
card, nowhere when the games were odd), now falls there too.

Cards (their subtotal), boards, the half-time page and prizes, the results and
the workbook all ask these two functions. Pure Python on plain values.
"""

from __future__ import annotations


def half_time_round(*, hands: int, hands_per_round: int) -> int:
    """The round after which half-time falls (0: the drive has none)."""
    if hands_per_round < 1:
        return 0
    return (hands // hands_per_round) // 2


def half_time_hand(*, hands: int, hands_per_round: int) -> int:
    """The last hand before half-time (0: the drive has none)."""
    return half_time_round(hands=hands, hands_per_round=hands_per_round) * max(
        hands_per_round, 0
    )
