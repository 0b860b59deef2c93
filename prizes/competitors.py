"""Who the prizes are between: one entry of a drive, or one pair of a pairs drive.

*Pairs*: in a drive of fixed pairs both partners always score alike, so the
prizes go to pairs: `pairs_of` makes one competitor of each pair, which wins,
ties, cuts and is skipped as one, and its award names both partners.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from players.pair_names import joined_pair
from scoring.pair_lines import pair_value, together
from scoring.standings import round_half_up


@dataclass(frozen=True)
class Competitor:
    """One entry of a drive, or one pair of a pairs drive, as the prizes see it."""

    key: int
    number: int
    name: str
    group: str
    total: int
    hand_scores: Mapping[int, int] = field(default_factory=dict)
    # Compensation of each hand sat out (count-back counts it).
    sat_out_scores: Mapping[int, int | Fraction] = field(default_factory=dict)
    won_hands: frozenset[int] = frozenset()
    # The total after the half-way hand; None before half-time.
    half_total: int | None = None
    # A pair: its entries' keys and numbers, in number order (`key` is the
    # first's); empty for one entry.
    members: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    # The tricks the competitor's side took in each hand played (after a
    # revoke's transfer); empty in prediction whist.
    tricks: Mapping[int, int] = field(default_factory=dict)
    # The compensation of each hand sat out after half-time, worked out over
    # the second half only (as half-time's over the first); None: the hands
    # of `sat_out_scores` after half-time.
    second_sat_out_scores: Mapping[int, int | Fraction] | None = None
    # Withdrew after half-time under a rule that leaves such players out of
    # the prizes: in the half-time prize only.
    left_early: bool = False
    # A prediction whist drive ranked by share (scoring.prediction_share): the
    # average share of the table over the evening and at half-time, which the
    # places, the booby and the half-time prize go by (None: by the totals).
    share: Fraction | None = None
    half_share: Fraction | None = None
    # A cards-in drive: the hands won typed from the card (which hands is
    # not known); None: counted from `won_hands`.
    hands_won_count: int | None = None

    @property
    def hands_won(self) -> int:
        if self.hands_won_count is not None:
            return self.hands_won_count
        return len(self.won_hands)

    @property
    def keys(self) -> tuple[int, ...]:
        """The entries this competitor stands for."""
        return self.members or (self.key,)

    def second_half_sat_out(self, half_hand: int) -> dict[int, int | Fraction]:
        if self.second_sat_out_scores is not None:
            return dict(self.second_sat_out_scores)
        return {h: s for h, s in self.sat_out_scores.items() if h > half_hand}

    def second_half_total(self, half_hand: int) -> int:
        """The score over the hands after `half_hand`, with those hands sat out
        compensated (added up exactly, rounded once, halves up)."""
        played = sum(s for h, s in self.hand_scores.items() if h > half_hand)
        sat_out = sum(self.second_half_sat_out(half_hand).values(), Fraction(0))
        return played + round_half_up(sat_out)

    def hands_of_tricks(self, tricks: int) -> int:
        """The hands the competitor's side took `tricks` tricks or more."""
        return sum(1 for taken in self.tricks.values() if taken >= tricks)


def pairs_of(
    competitors: Sequence[Competitor],
    pair_of: Mapping[int, int],
    *,
    join: Callable[[Sequence[str]], str] = joined_pair,
) -> list[Competitor]:
    """One competitor for each pair (`pair_of`: entry key -> pair number), in
    place of its entries; an entry of no pair stays on its own.

    A pair's hands are its partners' (they played them together), its total
    theirs (scoring.pair_lines.pair_value); it is known by its first entry's key
    and number, and by its partners' names joined by `join`.
    """
    found = []
    # Who goes together: the boards' rule too (scoring.pair_lines).
    for group in together(
        competitors, pair_of, key=lambda c: c.key, number=lambda c: c.number
    ):
        if len(group) == 1:
            found.append(group[0])
            continue
        first = group[0]
        # Partners play every hand together; should a record differ, the
        # fuller one speaks for the pair.
        fullest = max(group, key=lambda c: len(c.hand_scores) + len(c.sat_out_scores))
        halves = [c.half_total for c in group if c.half_total is not None]
        found.append(
            Competitor(
                key=first.key,
                number=first.number,
                name=join([c.name for c in group]),
                group="",
                total=pair_value([c.total for c in group]),
                hand_scores=fullest.hand_scores,
                sat_out_scores=fullest.sat_out_scores,
                won_hands=fullest.won_hands,
                hands_won_count=fullest.hands_won_count,
                half_total=pair_value(halves) if halves else None,
                members=tuple(c.key for c in group),
                numbers=tuple(c.number for c in group),
                tricks=fullest.tricks,
                second_sat_out_scores=fullest.second_sat_out_scores,
                left_early=any(c.left_early for c in group),
            )
        )
    return sorted(found, key=lambda c: (c.number, c.key))
