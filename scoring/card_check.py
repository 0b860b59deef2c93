"""The card check: a player's paper score card against the scores, as plain values.

- *Row*: one scoring row of the player's card as the scores make it
  (scoring.cards): a hand (its trumps, the player's tricks and score), or in a
  rubber drive a round (the value of its rubbers to the pair). A row the player
  did not play (sat out, not seated, not played yet) scores nothing.
- *Card*: what the organiser types from the paper: the total the player
  wrote, and optionally the card's running totals row by row (None for a row
  left blank).
- *Disagreement*: the first row whose running total on the card is not the
  scores' running total: what the card added there (its running total less
  the row before's, when both were typed), what the row scored, and by how
  much the card is off. Players' own additions are the classic source of
  disputes: an addition slip carried on down the card leaves every later
  running total off by the same amount (*carried*).

The card check writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from scoring.card_plan import DrivePlan
from scoring.card_rows import CardRow, RowKind, ScoreCard
from scoring.card_totals import scores_of_a_hand
from scoring.cards import CARDS
from scoring.rules import Scoring

# Bigger than any total a card can have (a rubber drive's values included):
# a number beyond it is a slip of the keyboard, not a score.
MOST_ON_A_CARD = 99_999


def below_zero(scoring: Scoring) -> bool:
    """Whether a card's totals can go below 0 under `scoring`: a revoke that
    costs the offenders points ("lose") takes a hand's score below 0 when
    they scored less (docs/organiser.md, "Revokes")."""
    return min(scores_of_a_hand(scoring).not_won) < 0


@dataclass(frozen=True)
class Row:
    kind: str  # RowKind.HAND or RowKind.ROUND
    number: int  # the hand, or a rubber drive's round
    score: int | None  # None: not played by this entry (yet)
    running_total: int
    card_row: CardRow | None = None

    @property
    def scored(self) -> int:
        return self.score or 0


@dataclass(frozen=True)
class Disagreement:
    index: int  # of the row in the card's rows
    row: Row
    # What the card adds on this row (None: the row before was left blank).
    card_adds: int | None
    card_running: int
    # The card's running total less the scores' (positive: too high).
    off_by: int
    # Every later running total typed is off by the same amount.
    carried: bool

    @property
    def too_high(self) -> bool:
        return self.off_by > 0

    @property
    def difference(self) -> int:
        return abs(self.off_by)


@dataclass(frozen=True)
class Verdict:
    number: int
    name: str
    card_total: int
    total: int
    rows: tuple[Row, ...]
    # Running totals were typed: the first row where the card goes wrong.
    first_wrong: Disagreement | None = None
    running_typed: bool = False
    # The final total, sit-out compensation and adjustments included (the
    # total of the hands where the card has none).
    final_total: int | None = None

    @property
    def agrees(self) -> bool:
        return self.totals_agree and self.first_wrong is None

    @property
    def totals_agree(self) -> bool:
        return self.card_total in (self.total, self.final_total)

    @property
    def with_adjustments(self) -> bool:
        """The card's total is the final one: the hands' and the adjustments'."""
        return self.card_total == self.final_total != self.total

    @property
    def by_round(self) -> bool:
        """A rubber drive's card: a row per round."""
        return any(row.kind == RowKind.ROUND for row in self.rows)


def card_rows(card: ScoreCard) -> tuple[Row, ...]:
    """The scoring rows of a filled-in card (scoring.cards.score_card), with
    the scores' running total on every row."""
    scoring = [row for row in card.rows if row.kind in (RowKind.HAND, RowKind.ROUND)]
    running = accumulate(row.score or 0 for row in scoring)
    return tuple(
        Row(
            kind=row.kind,
            number=row.round if row.kind == RowKind.ROUND else row.hand,
            score=row.score,
            running_total=total,
            card_row=row,
        )
        for row, total in zip(scoring, running, strict=True)
    )


def first_disagreement(
    scores: Sequence[int | None], card_running: Sequence[int | None]
) -> tuple[int, int | None, int, bool] | None:
    """The first row whose running total on the card (None: left blank) is
    not the sum of the scores so far, as (row index, what the card adds there,
    card less scores, carried on to every later running total typed); None
    when every running total typed agrees. `card_running` may be shorter
    than `scores`: the rows after it were not typed."""
    totals = list(accumulate(score or 0 for score in scores))
    previous: int | None = 0
    for index, (typed, total) in enumerate(zip(card_running, totals, strict=False)):
        if typed is None:
            previous = None
            continue
        if typed != total:
            off_by = typed - total
            adds = None if previous is None else typed - previous
            carried = all(
                later is None or later - totals[after] == off_by
                for after, later in enumerate(card_running[index:], start=index)
                if after < len(totals)
            )
            return index, adds, off_by, carried
        previous = typed
    return None


def check_card(
    card: ScoreCard,
    *,
    card_total: int,
    card_running: Sequence[int | None] = (),
) -> Verdict:
    """The card's total (and running totals, when typed) against the scores."""
    rows = card_rows(card)
    total = rows[-1].running_total if rows else 0
    final = next(
        (row.running_total for row in card.rows if row.kind == RowKind.FINAL), None
    )
    found = first_disagreement([row.score for row in rows], card_running)
    wrong = None
    if found is not None:
        index, adds, off_by, carried = found
        wrong = Disagreement(
            index=index,
            row=rows[index],
            card_adds=adds,
            card_running=card_running[index],
            off_by=off_by,
            carried=carried,
        )
    return Verdict(
        number=card.number or 0,
        name=card.name,
        card_total=card_total,
        total=total,
        rows=rows,
        first_wrong=wrong,
        running_typed=any(value is not None for value in card_running),
        final_total=total if final is None else final,
    )


def scoring_rows(plan: DrivePlan) -> int:
    """How many scoring rows the drive's cards have: a row per hand, or a
    rubber drive's per round (the card of its game, scoring.cards)."""
    return CARDS[plan.game].scoring_rows(plan)
