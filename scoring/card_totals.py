"""Cards in at the end: the paper evening, scored from each card's total.

- *Cards-in drive*: players keep their own score cards and nobody enters hands
  during play (drive.models.ScoreEntry.CARDS); the rounds move on at the bell.
  At the end the organiser types each card's *total* and, where the drive's
  prizes or tie-breaks use them, its *hands won*.
- *Hands played*: the hands of the rounds reached in which the seating gave the
  entry a table. A round sat out is compensated by the drive's rule (as in any
  drive), never typed: the card's total is of the hands played.
- *Hand limits*: the lowest and highest a player's side can score in one hand it
  won, and in one it lost, by the drive's scoring (tricks, honours and every
  revoke penalty, scoring.rules): odd tricks without honours, 1 to 7 for a hand
  won and 0 for a hand lost. A total outside what the hands played allow is
  refused, and so is a negative one unless a revoke penalty can make it.
- *Tie-breaks*: count-back and best single hand read every hand's score, which
  a card does not give: a cards-in drive passes over them to its next rule, and
  says so. Most hands won stays, since the desk asks for hands won whenever a
  rule or a prize uses them.

Plain Python on plain values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.movement.types import Side
from scoring.rules import Scoring, seat_table, winner_table
from scoring.standings import CardScore
from scoring.tiebreaks import Rule

# The rules a card's total cannot decide: they read each hand's score.
NEEDS_EVERY_HAND = frozenset({Rule.COUNT_BACK, Rule.BEST_HAND})


@dataclass(frozen=True)
class HandLimits:
    """What one hand can score a player: (lowest, highest) when the player's
    side won it, and when it lost it; and whether a hand can be void (both
    sides revoked: 0 for everyone, won by nobody)."""

    won: tuple[int, int]
    lost: tuple[int, int]
    void: bool

    @property
    def lowest(self) -> int:
        return min(self.won[0], self.lost[0], *((0,) if self.void else ()))

    @property
    def highest(self) -> int:
        return max(self.won[1], self.lost[1], *((0,) if self.void else ()))


@cache
def hand_limits(scoring: Scoring) -> HandLimits:
    """The limits of one hand under `scoring`, from every hand a table can record."""
    winners = winner_table(scoring)
    won: list[int] = []
    lost: list[int] = []
    void = False
    for (ns, _honours, revoke), seats in seat_table(scoring).items():
        winner = winners[ns, revoke]
        if winner is None:
            void = True
            continue
        # N-S's score as the side that won or lost; E-W's mirrors it.
        (won if winner is Side.NS else lost).append(seats[0])
        (won if winner is Side.EW else lost).append(seats[1])
    return HandLimits(won=(min(won), max(won)), lost=(min(lost), max(lost)), void=void)


def total_range(
    limits: HandLimits, *, played: int, hands_won: int | None = None
) -> tuple[int, int]:
    """The lowest and highest total over `played` hands (`hands_won` of them won, where known)."""
    if hands_won is None:
        return limits.lowest * played, limits.highest * played
    others = played - hands_won
    # A hand not won was lost, or (where revokes can void one) void.
    low_other = min(limits.lost[0], 0) if limits.void else limits.lost[0]
    high_other = max(limits.lost[1], 0) if limits.void else limits.lost[1]
    return (
        limits.won[0] * hands_won + low_other * others,
        limits.won[1] * hands_won + high_other * others,
    )


def card_problems(
    *,
    label: str,
    total: int,
    hands_won: int | None,
    played: int,
    limits: HandLimits,
    asks_hands_won: bool,
) -> list[str]:
    """What is wrong with a card as typed (none: it can stand). `label` names
    the card in the messages ("12", "12 & 13")."""
    values = {"card": label, "total": total, "played": played}
    if played <= 0:
        return [
            _(
                "Card %(card)s: this player did not play a hand, so the card has no total."
            )
            % values
        ]
    problems = []
    if hands_won is None and asks_hands_won:
        problems.append(
            _(
                "Card %(card)s: type the hands won as well (the prizes or the "
                "tie-breaks use them)."
            )
            % values
        )
    if hands_won is not None and hands_won > played:
        values["won"] = hands_won
        problems.append(
            ngettext(
                "Card %(card)s: %(won)d hands won, but the player played only "
                "%(played)d hand.",
                "Card %(card)s: %(won)d hands won, but the player played only "
                "%(played)d hands.",
                played,
            )
            % values
        )
        hands_won = None
    low, high = total_range(limits, played=played, hands_won=hands_won)
    if not low <= total <= high:
        values.update(low=low, high=high)
        if hands_won is None:
            message = ngettext(
                "Card %(card)s: a total of %(total)d is impossible over "
                "%(played)d hand (from %(low)d to %(high)d).",
                "Card %(card)s: a total of %(total)d is impossible over "
                "%(played)d hands (from %(low)d to %(high)d).",
                played,
            )
        else:
            values["won"] = hands_won
            message = ngettext(
                "Card %(card)s: a total of %(total)d is impossible with "
                "%(won)d of %(played)d hand won (from %(low)d to %(high)d).",
                "Card %(card)s: a total of %(total)d is impossible with "
                "%(won)d of %(played)d hands won (from %(low)d to %(high)d).",
                played,
            )
        problems.append(message % values)
    return problems


def card_tie_breaks(order: Sequence[Rule]) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """The rules a cards-in drive's ties follow, and those passed over."""
    kept = tuple(rule for rule in order if rule not in NEEDS_EVERY_HAND)
    passed = tuple(rule for rule in order if rule in NEEDS_EVERY_HAND)
    return kept, passed


def passed_over_note(passed: Iterable[Rule]) -> str:
    """What the prizes say of the rules a cards-in drive passed over ("" for none)."""
    labels = [rule.label for rule in passed]
    if not labels:
        return ""
    return ngettext(
        "The cards give only totals, so this tie-break was passed over and "
        "ties went to the next rule: %(rules)s.",
        "The cards give only totals, so these tie-breaks were passed over and "
        "ties went to the next rule: %(rules)s.",
        len(labels),
    ) % {"rules": "; ".join(labels)}


def room_average(cards: Iterable[CardScore]) -> Fraction | None:
    """The room's average score a hand, over every card typed: what a hand sat
    out is worth under the room's-average rule, when no hand has its own."""
    total = played = 0
    for card in cards:
        total += card.total
        played += card.played
    return Fraction(total, played) if played else None
