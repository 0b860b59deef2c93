"""Where a drive's hand falls: its round, and its place in the round.

Hands are numbered 1..H across the drive, and a round is `per_round` of them
(DESIGN.md, "Words"). A prediction whist round is a game of 8 deals (the
drive's setting, held by a database constraint), so the drive's hand 11 is
deal 3 of game 2, as the phones, the room and the paper name it.

The one place that works it out. Drive.hand_named and Drive.round_of_hand
ask it, and every page that names a deal by its game asks the drive. Only
what has no drive at hand asks it with a game's deals
(drive.trumps.DEALS_PER_GAME): the game's plain logic
(scoring.prediction_rules, scoring.prediction_entry), a typed deal's check
once its table is found (scoring.deal_games.checked_predictions) and the
demo's and the tests' random deals. Plain Python on plain values.
"""

from __future__ import annotations

from typing import NamedTuple


class HandPlace(NamedTuple):
    # The round the hand is played in (prediction whist: the game).
    round: int
    # The hand's place in its round, 1 up (prediction whist: the deal in its game).
    number: int


def hand_place(hand: int, per_round: int) -> HandPlace:
    """The round of a drive's hand `hand` and its place in it, rounds being
    `per_round` hands (a prediction whist game's deals): hand 11 in rounds of
    8 is (2, 3)."""
    if per_round < 1:
        raise ValueError("A round has at least one hand.")
    before, index = divmod(hand - 1, per_round)
    return HandPlace(before + 1, index + 1)


def round_hands(round_number: int, per_round: int) -> range:
    """The drive's hands of round `round_number`, rounds being `per_round` hands."""
    first = (round_number - 1) * per_round + 1
    return range(first, first + per_round)
