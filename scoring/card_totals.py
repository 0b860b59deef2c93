"""Cards in at the end: the paper evening, scored from each card's total.

- *Cards-in drive*: players keep their own score cards and nobody enters hands
  during play (drive.models.ScoreEntry.CARDS); the rounds move on at the bell.
  At the end the organiser types each card's *total* and, where the drive's
  prizes or tie-breaks use them, its *hands won*.
- *Hands played*: the hands of the rounds reached in which the seating gave the
  entry a table. A round sat out is compensated by the drive's rule (as in any
  drive), never typed: the card's total is of the hands played.
- *Possible totals*: every total a card can show over the hands it played,
  with each number of hands won: each hand scores what the drive's scoring
  (tricks, honours and every revoke penalty, scoring.rules) gives a side that
  won it, or one that did not (lost it, or a hand voided by revokes on both
  sides); a No-trumps hand has no honours. By odd tricks without honours a hand
  won scores 1 to 7 and a hand lost 0: one hand won of four makes 1 to 7, never
  8. A total no sequence of hands can make is refused, with the scores a hand
  can give and the totals the card can have, so the person at the desk sees why.
- *Tie-breaks*: count-back and best single hand read every hand's score, which
  a card does not give: a cards-in drive passes over them to its next rule, and
  says so. Most hands won stays, since the desk asks for hands won whenever a
  rule or a prize uses them.

Plain Python on plain values.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache, reduce

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.movement.types import Game, Side
from players.language import list_label_count
from players.score_text import score_text
from scoring.rules import Scoring, seat_table, winner_table
from scoring.standings import CardScore
from scoring.tie_words import TIE_WORDS
from scoring.tiebreaks import Rule

# The rules a card's total cannot decide: they read each hand's score.
NEEDS_EVERY_HAND = frozenset({Rule.COUNT_BACK, Rule.BEST_HAND})


@dataclass(frozen=True)
class HandScores:
    """Every score one hand can give a player: when the player's side won it,
    and when it did not (lost it, or both sides revoked: 0, won by nobody)."""

    won: frozenset[int]
    not_won: frozenset[int]


@cache
def scores_of_a_hand(scoring: Scoring, *, no_trumps: bool = False) -> HandScores:
    """The scores of one hand under `scoring`, from every hand a table can
    record (a No-trumps hand has no honours)."""
    winners = winner_table(scoring)
    won: set[int] = set()
    not_won: set[int] = set()
    for (ns, honours, revoke), seats in seat_table(scoring).items():
        if no_trumps and honours:
            continue
        winner = winners[ns, revoke]
        # N-S's score as the side that won or did not; E-W's mirrors it.
        (won if winner is Side.NS else not_won).add(seats[0])
        (won if winner is Side.EW else not_won).add(seats[1])
    return HandScores(won=frozenset(won), not_won=frozenset(not_won))


@dataclass(frozen=True)
class CardHands:
    """The hands a card covers: how many had trumps, how many No trumps."""

    trumps: int
    no_trumps: int = 0

    @property
    def played(self) -> int:
        return self.trumps + self.no_trumps


@dataclass(frozen=True)
class PossibleTotals:
    """Every total a card can show, by the hands won: bit i of masks[won] says
    whether the total `offset + i` can be made with `won` hands won."""

    offset: int
    masks: tuple[int, ...]

    def _mask(self, won: int | None) -> int:
        if won is None:
            return reduce(operator.or_, self.masks, 0)
        return self.masks[won] if 0 <= won < len(self.masks) else 0

    def allows(self, total: int, won: int | None = None) -> bool:
        place = total - self.offset
        return place >= 0 and bool(self._mask(won) >> place & 1)

    def bounds(self, won: int | None = None) -> tuple[int, int] | None:
        """The lowest and highest total (None: no total at all)."""
        mask = self._mask(won)
        if not mask:
            return None
        lowest = (mask & -mask).bit_length() - 1
        return self.offset + lowest, self.offset + mask.bit_length() - 1

    def nearest(self, total: int, won: int | None = None) -> tuple[int, int] | None:
        """The totals next below and next above `total`, where both exist."""
        mask, place = self._mask(won), total - self.offset
        if place <= 0:
            return None
        below = mask & ((1 << place) - 1)
        above = mask >> (place + 1)
        if not below or not above:
            return None
        lowest_above = (above & -above).bit_length() - 1
        return (
            self.offset + below.bit_length() - 1,
            self.offset + place + 1 + lowest_above,
        )


def _spread(mask: int, steps: Iterable[int]) -> int:
    """The totals of `mask` with one more hand scoring one of `steps` each."""
    if not mask:
        return 0
    return reduce(operator.or_, (mask << step for step in steps), 0)


@lru_cache(maxsize=128)
def possible_totals(scoring: Scoring, hands: CardHands) -> PossibleTotals:
    """Every total `hands` can make under `scoring`, by the hands won: one hand
    at a time, each number of hands won so far keeps the totals it can make."""
    kinds = [
        (scores_of_a_hand(scoring, no_trumps=no_trumps), count)
        for no_trumps, count in ((False, hands.trumps), (True, hands.no_trumps))
        if count
    ]
    # Totals are kept from the lowest a hand can score, so no shift is negative.
    base = min((min(kind.won | kind.not_won) for kind, _count in kinds), default=0)
    masks = [1]
    for kind, count in kinds:
        won = sorted(score - base for score in kind.won)
        not_won = sorted(score - base for score in kind.not_won)
        for _hand in range(count):
            masks = [
                (_spread(masks[w], not_won) if w < len(masks) else 0)
                | (_spread(masks[w - 1], won) if w else 0)
                for w in range(len(masks) + 1)
            ]
    return PossibleTotals(offset=base * hands.played, masks=tuple(masks))


def _scores_words(scores: HandScores) -> str:
    """What one hand scores, won and lost, in a sentence."""
    values = {
        "won_low": score_text(min(scores.won)),
        "won_high": score_text(max(scores.won)),
        "lost_low": score_text(min(scores.not_won)),
        "lost_high": score_text(max(scores.not_won)),
    }
    if min(scores.not_won) == max(scores.not_won):
        return (
            _(
                "A hand won scores from %(won_low)s to %(won_high)s and a hand lost "
                "scores %(lost_low)s."
            )
            % values
        )
    return (
        _(
            "A hand won scores from %(won_low)s to %(won_high)s and a hand lost "
            "from %(lost_low)s to %(lost_high)s."
        )
        % values
    )


def _why(
    total: int, hands_won: int | None, hands: CardHands, scoring: Scoring
) -> list[str]:
    """Why no sequence of hands makes `total`: what a hand scores, and which
    totals the card can have instead."""
    trumps = scores_of_a_hand(scoring)
    no_trumps = scores_of_a_hand(scoring, no_trumps=True)
    words = [_scores_words(trumps if hands.trumps else no_trumps)]
    if hands.no_trumps and no_trumps != trumps:
        words.append(_("A No-trumps hand scores no honours."))
    totals = possible_totals(scoring, hands)
    bounds = totals.bounds(hands_won)
    if bounds is None:  # only past the hands played, refused before
        return words
    low, high = bounds
    nearest = totals.nearest(total, hands_won)
    values = {
        "low": score_text(low),
        "high": score_text(high),
        "total": score_text(total),
    }
    if nearest is not None:
        values["below"], values["above"] = map(score_text, nearest)
        words.append(
            _(
                "This card's total can be from %(low)s to %(high)s, but not "
                "%(total)s: the nearest are %(below)s and %(above)s."
            )
            % values
        )
    elif low == high:
        words.append(_("This card's total can only be %(low)s.") % values)
    else:
        words.append(_("This card's total can be from %(low)s to %(high)s.") % values)
    return words


def card_problems(
    *,
    label: str,
    total: int,
    hands_won: int | None,
    hands: CardHands,
    scoring: Scoring,
    asks_hands_won: bool,
) -> list[str]:
    """What is wrong with a card as typed (none: it can stand). `label` names
    the card in the messages ("12", "12 & 13"); `hands` are the hands it covers."""
    played = hands.played
    values = {"card": label, "total": score_text(total), "played": played}
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
    if not possible_totals(scoring, hands).allows(total, hands_won):
        if hands_won is None:
            message = ngettext(
                "Card %(card)s: a total of %(total)s is impossible over "
                "%(played)d hand.",
                "Card %(card)s: a total of %(total)s is impossible over "
                "%(played)d hands.",
                played,
            )
        else:
            values["won"] = hands_won
            message = ngettext(
                "Card %(card)s: a total of %(total)s is impossible with "
                "%(won)d of %(played)d hand won.",
                "Card %(card)s: a total of %(total)s is impossible with "
                "%(won)d of %(played)d hands won.",
                played,
            )
        why = _why(total, hands_won, hands, scoring)
        problems.append(" ".join([message % values, *why]))
    return problems


def card_tie_breaks(order: Sequence[Rule]) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """The rules a cards-in drive's ties follow, and those passed over."""
    kept = tuple(rule for rule in order if rule not in NEEDS_EVERY_HAND)
    passed = tuple(rule for rule in order if rule in NEEDS_EVERY_HAND)
    return kept, passed


def passed_over_note(passed: Iterable[Rule], game: Game | str = Game.HANDS) -> str:
    """What the prizes say of the rules a cards-in drive passed over ("" for
    none), in the words of the drive's `game` (scoring.tie_words)."""
    labels = [TIE_WORDS[Game(game)].words(rule) for rule in passed]
    if not labels:
        return ""
    return ngettext(
        "The cards give only totals, so this tie-break was passed over and "
        "ties went to the next rule: %(rules)s.",
        "The cards give only totals, so these tie-breaks were passed over and "
        "ties went to the next rule: %(rules)s.",
        list_label_count(labels),
    ) % {"rules": "; ".join(labels)}


def room_average(cards: Iterable[CardScore]) -> Fraction | None:
    """The room's average score a hand, over every card typed: what a hand sat
    out is worth under the room's-average rule, when no hand has its own."""
    total = played = 0
    for card in cards:
        total += card.total
        played += card.played
    return Fraction(total, played) if played else None
