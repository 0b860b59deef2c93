"""Standings: each entry's totals, then a ranking pass.

- *Played*: hands the entry played that have a result at their table.
- *Sat out*: hands the entry sat out (a bye) that the room has played.
- *Score*: the sum of the entry's hand scores.
- *Adjustment*: sit-out compensation plus the organiser's adjustments.
- *Total*: score plus adjustment.

Compensation for the hands sat out is the drive's choice: none; a fixed score
for each hand; the player's own average (score / played, per hand sat out); or
the room's average for each hand sat out (the mean score of everyone who played
it). Averages are added up exactly and rounded once, halves up, so totals stay
whole numbers.

In a cards-in drive (scoring.card_totals) an entry's score is the total typed
from its card, over the hands the seating says it played; its hands sat out
are compensated as in any drive.

Entries with equal totals share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction


class Compensation(str, Enum):
    NONE = "none"
    FIXED = "fixed"
    OWN_AVERAGE = "own_average"
    ROOM_AVERAGE = "room_average"


@dataclass(frozen=True)
class CardScore:
    """A score card typed in at the end: its total over the hands played, how
    many hands the seating says were played, and the hands won where typed."""

    total: int
    played: int
    hands_won: int | None = None


@dataclass(frozen=True)
class EntryRecord:
    """What one entry did: the input of the standings."""

    entry: int
    number: int
    name: str
    group: str
    hand_scores: Mapping[int, int] = field(default_factory=dict)
    sat_out_hands: Sequence[int] = ()
    adjustments: int = 0
    # The hands the entry's side won (seven or more tricks, after a revoke's
    # transfer): with honours and penalties a score alone does not say.
    won_hands: frozenset[int] = frozenset()
    # The first round the entry no longer played, once it withdrew (left early).
    withdrawn_from: int | None = None
    # A cards-in drive: the card typed in at the end, in place of hand_scores.
    card: CardScore | None = None

    @property
    def played(self) -> int:
        """The hands the entry played."""
        return self.card.played if self.card else len(self.hand_scores)

    @property
    def score(self) -> int:
        """The entry's score over the hands it played."""
        if self.card:
            return self.card.total
        return sum(self.hand_scores.values())

    @property
    def hands_won(self) -> int:
        if self.card:
            return self.card.hands_won or 0
        return len(self.won_hands)


@dataclass(frozen=True)
class Standing:
    rank: int
    entry: int
    number: int
    name: str
    group: str
    played: int
    sat_out: int
    score: int
    compensation: int
    adjustments: int
    withdrawn_from: int | None = None
    # A prediction whist drive ranked by share (scoring.prediction_share): the
    # average share of the table it is ranked by; None in every other drive.
    share: Fraction | None = None
    # A pair's line on the boards of a drive of fixed pairs (scoring.pair_lines):
    # both partners' entry ids and numbers, in number order (`entry` and
    # `number` are the first's); empty for one entry.
    members: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    # The tie-break rule (scoring.tiebreaks.Rule) that placed the row apart
    # from others level on its total, once the drive's tie-breaks rank it
    # (DriveTieBreaks.apply); None where no rule did: alone on its total, or
    # level and left so (a shared place, a draw still to make).
    placed_by: str | None = None

    @property
    def keys(self) -> tuple[int, ...]:
        """The entries the row stands for: a pair's two, else its own."""
        return self.members or (self.entry,)

    @property
    def shown_numbers(self) -> tuple[int, ...]:
        """The numbers the row stands for: a pair's two, else its own."""
        return self.numbers or (self.number,)

    @property
    def adjustment(self) -> int:
        return self.compensation + self.adjustments

    @property
    def total(self) -> int:
        return self.score + self.adjustment


def until_hand(record: EntryRecord, hand: int) -> EntryRecord:
    """The record as it stood after `hand`: the hands played and sat out up to
    it (adjustments kept whole: they carry no hand)."""
    return replace(
        record,
        hand_scores={h: v for h, v in record.hand_scores.items() if h <= hand},
        sat_out_hands=tuple(h for h in record.sat_out_hands if h <= hand),
        won_hands=frozenset(h for h in record.won_hands if h <= hand),
    )


def round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def room_averages(scores_by_hand: Mapping[int, Iterable[int]]) -> dict[int, Fraction]:
    """The mean score of the players who played each hand."""
    averages: dict[int, Fraction] = {}
    for hand, scores in scores_by_hand.items():
        values = list(scores)
        if values:
            averages[hand] = Fraction(sum(values), len(values))
    return averages


def sat_out_scores(
    record: EntryRecord,
    *,
    rule: Compensation | str,
    fixed_score: int = 0,
    averages: Mapping[int, Fraction] | None = None,
) -> dict[int, Fraction]:
    """What each hand sat out is worth, before the one rounding of the total.

    The one place the compensation rules are applied: the total's compensation
    adds these up, and count-back counts each hand sat out at its own.
    """
    rule = Compensation(rule)
    if not record.sat_out_hands or rule is Compensation.NONE:
        return {}
    if rule is Compensation.FIXED:
        return dict.fromkeys(record.sat_out_hands, Fraction(fixed_score))
    if rule is Compensation.OWN_AVERAGE:
        played = record.played
        if not played:
            return {}
        own = Fraction(record.score, played)
        return dict.fromkeys(record.sat_out_hands, own)
    averages = averages or {}
    return {h: averages.get(h, Fraction(0)) for h in record.sat_out_hands}


def compensation(
    record: EntryRecord,
    *,
    rule: Compensation | str,
    fixed_score: int = 0,
    averages: Mapping[int, Fraction] | None = None,
) -> int:
    """The entry's compensation: its hands sat out, added up exactly, rounded once."""
    scores = sat_out_scores(
        record, rule=rule, fixed_score=fixed_score, averages=averages
    )
    return round_half_up(sum(scores.values(), Fraction(0)))


def running_totals(
    record: EntryRecord,
    hands: Iterable[int],
    *,
    rule: Compensation | str,
    fixed_score: int = 0,
    averages: Mapping[int, Fraction] | None = None,
) -> tuple[int, ...]:
    """The entry's total after each of `hands` (the race, scoring.race).

    Each hand sat out counts from that hand on at what the total counts it
    worth (`sat_out_scores`): with the player's own average, the average of
    every hand in the record, not the one of the hands played so far, which
    falls after a poor hand and would take back compensation already shown.
    So the total never goes down while scores are not negative, and after the
    record's last hand it is the standings' total. Adjustments carry no hand
    and count from the start; the compensation is rounded once, as the total's.
    """
    worth = sat_out_scores(
        record, rule=rule, fixed_score=fixed_score, averages=averages
    )
    totals = []
    for hand in hands:
        score = sum(s for h, s in record.hand_scores.items() if h <= hand)
        made_up = sum((w for h, w in worth.items() if h <= hand), Fraction(0))
        totals.append(score + round_half_up(made_up) + record.adjustments)
    return tuple(totals)


def assign_ranks(
    rows: Sequence[Standing], key: Callable[[Standing], object]
) -> list[Standing]:
    """Competition ranking: rows already sorted best first; equal keys share a rank."""
    ranked: list[Standing] = []
    previous_key: object = object()
    rank = 0
    for position, row in enumerate(rows, start=1):
        row_key = key(row)
        if row_key != previous_key:
            rank = position
            previous_key = row_key
        ranked.append(with_rank(row, rank))
    return ranked


def with_rank(row: Standing, rank: int) -> Standing:
    """The same row at another rank.

    A copy of the row's fields with the rank swapped: faster than
    dataclasses.replace or the dataclass's own (frozen) __init__, which matters
    for boards of a thousand rows ranked more than once.
    """
    ranked = object.__new__(Standing)
    fields = ranked.__dict__
    fields.update(row.__dict__)
    fields["rank"] = rank
    return ranked


def placed(row: Standing, rank: int, by: str | None) -> Standing:
    """The row at `rank`, placed there `by` a tie-break rule (or by none):
    with_rank, and the rule the boards mark the row with."""
    ranked = with_rank(row, rank)
    ranked.__dict__["placed_by"] = by
    return ranked


def ranked_by_share(
    rows: Iterable[Standing], shares: Mapping[int, Fraction]
) -> list[Standing]:
    """Rows ranked by the entries' average shares (`shares`, by entry), highest
    first; an entry with no game played last; equal shares share a rank."""
    with_shares = []
    for row in rows:
        copy = object.__new__(Standing)
        copy.__dict__.update(row.__dict__)
        copy.__dict__["share"] = shares.get(row.entry)
        with_shares.append(copy)
    with_shares.sort(key=lambda row: (row.share is None, -(row.share or 0), row.number))
    return assign_ranks(with_shares, key=lambda row: row.share)


def unranked_standings(
    records: Iterable[EntryRecord],
    *,
    rule: Compensation | str,
    fixed_score: int = 0,
    averages: Mapping[int, Fraction] | None = None,
    group: str | None = None,
) -> list[Standing]:
    """Each entry's totals, best total first, ties in entry-number order; every rank 0.

    The input of a ranking pass: assign_ranks, or a drive's tie-breaks.
    """
    rule = Compensation(rule)
    rows = [
        Standing(
            rank=0,
            entry=record.entry,
            number=record.number,
            name=record.name,
            group=record.group,
            played=record.played,
            sat_out=len(record.sat_out_hands),
            score=record.score,
            # No hand sat out, nothing to make up for (whatever the rule).
            compensation=compensation(
                record, rule=rule, fixed_score=fixed_score, averages=averages
            )
            if record.sat_out_hands
            else 0,
            adjustments=record.adjustments,
            withdrawn_from=record.withdrawn_from,
        )
        for record in records
        if group is None or record.group == group
    ]
    rows.sort(key=lambda row: (-row.total, row.number))
    return rows


def standings(
    records: Iterable[EntryRecord],
    *,
    rule: Compensation | str,
    fixed_score: int = 0,
    averages: Mapping[int, Fraction] | None = None,
    group: str | None = None,
) -> list[Standing]:
    """Ranked standings, best total first; ties keep entry-number order and share a rank."""
    rows = unranked_standings(
        records, rule=rule, fixed_score=fixed_score, averages=averages, group=group
    )
    return assign_ranks(rows, key=lambda row: row.total)
