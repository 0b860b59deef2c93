"""What each table's hands score, for any drive: the one place the boards and
the rebuild from the record of changes get each side's score of a hand.

A drive scores each hand on its own (scoring.rules.deal_scores), except a
rubber drive, whose hands score only as the rubbers they make at their table
in their round (scoring.rubber): a game's bonus on the hand that won it.

`table_rubbers` is the one place a drive's results become rubbers: grouped by
table and round, in hand order, played by scoring.rubber.play_table. The
boards (side_scores), the workbook, the printed sheets and the results page
(scoring.selectors.drive_rubbers) all read the rubbers from it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from drive.movement.types import Side
from scoring import rubber
from scoring.rules import Deal, Scoring, deal_scores

Score = tuple[int, int]  # (N-S, E-W)


@dataclass(frozen=True)
class TableRubbers:
    """One table's round as rubbers: the drive's hands it has results for, in
    order, and the rubbers they made (the last one cut by the bell, perhaps)."""

    table: Hashable
    round: int
    hands: tuple[int, ...]
    rubbers: tuple[rubber.Rubber, ...]

    def by_hand(self) -> dict[int, rubber.Hand]:
        """The drive's hand number -> how its game saw it."""
        played = [hand for one in self.rubbers for hand in one.hands]
        return dict(zip(self.hands, played, strict=True))

    @property
    def values(self) -> Score:
        """(N-S, E-W): what the round's rubbers are worth to each pair."""
        return rubber.table_values(self.rubbers)

    def games_won(self, side: Side) -> int:
        return sum(one.won(side) for one in self.rubbers)

    def game_rows(self) -> list[rubber.GameRow]:
        return rubber.game_rows(self.rubbers, table=self.table, round=self.round)


def table_rubbers(
    results: Mapping[tuple[Hashable, int], Deal],
    *,
    round_of_hand: Callable[[int], int],
    settings: rubber.RubberSettings,
) -> list[TableRubbers]:
    """Each table's round of `results` ((table, hand) -> deal) as rubbers, by
    round and table."""
    rounds: dict[tuple[Hashable, int], list[tuple[int, Deal]]] = defaultdict(list)
    for (table, hand), deal in results.items():
        rounds[table, round_of_hand(hand)].append((hand, deal))
    played = []
    for (table, round_number), deals in rounds.items():
        deals.sort(key=lambda item: item[0])
        rubbers = rubber.play_table(
            [rubber.Deal(d.ns_tricks, d.honours, d.revoke) for _, d in deals],
            settings,
        )
        played.append(
            TableRubbers(
                table, round_number, tuple(hand for hand, _ in deals), tuple(rubbers)
            )
        )
    played.sort(key=lambda one: (one.round, one.table))
    return played


def side_scores(
    drive: object, results: Mapping[tuple[Hashable, int], Deal]
) -> dict[tuple[Hashable, int], Score]:
    """(table, hand) -> (N-S score, E-W score) of every result given (the
    table named by number or id, as long as it names one table)."""
    if not drive.plays_rubbers:
        scoring = Scoring.of(drive)
        return {
            key: deal_scores(deal.ns_tricks, scoring, deal.honours, deal.revoke)
            for key, deal in results.items()
        }
    scores: dict[tuple[Hashable, int], Score] = {}
    for played in table_rubbers(
        results,
        round_of_hand=drive.round_of_hand,
        settings=rubber.settings_of(drive),
    ):
        awards = rubber.hand_awards(played.rubbers)
        for hand, award in zip(played.hands, awards, strict=True):
            scores[played.table, hand] = award
    return scores
