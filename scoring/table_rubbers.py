"""A table's round as rubbers: the one place a drive's results become rubbers.

A rubber drive's hands score only as the rubbers they make at their table in
their round (scoring.rubber): a game's bonus on the hand that won it.
`table_rubbers` groups results by table and round, in hand order, and plays
each group with scoring.rubber.play_table. The boards and the rebuild from
the record of changes (scoring.game_scores.side_scores), the workbook, the
printed sheets, the results page (scoring.selectors.drive_rubbers) and the
room and the captain's phone (scoring.live.rubber_score) all read the
rubbers from it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from drive.movement.types import Side
from scoring import rubber
from scoring.rules import DealRecord

Score = tuple[int, int]  # (N-S, E-W)


@dataclass(frozen=True)
class TableRubbers:
    """One table's round as rubbers: the drive's hands it has results for, in
    order, and the rubbers they made (the last one cut by the bell, perhaps).
    During the round, its captain and the room see it so far: the game and
    the rubber in progress."""

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

    def games_won_by(self, side: Side) -> int:
        """The games `side` won over the round's rubbers."""
        return sum(one.won(side) for one in self.rubbers)

    def game_rows(self) -> list[rubber.GameRow]:
        return rubber.game_rows(self.rubbers, table=self.table, round=self.round)

    @property
    def current(self) -> rubber.Rubber | None:
        """The last rubber played (in progress, or the one just won)."""
        return self.rubbers[-1] if self.rubbers else None

    @property
    def game_score(self) -> Score:
        """(N-S, E-W) in the game in progress: nothing all after a game ends."""
        current = self.current
        if current is None or current.games[-1].winner is not None:
            return (0, 0)
        return current.games[-1].score

    @property
    def games_won(self) -> Score:
        """(N-S, E-W) games won in the rubber in progress (none after one ends)."""
        current = self.current
        if current is None or current.over:
            return (0, 0)
        return (current.won(Side.NS), current.won(Side.EW))

    @property
    def last_words(self) -> str:
        """What the last hand did: "Game to N-S, 5-2", "Rubber to E-W"..."""
        current = self.current
        return rubber.hand_words(current.hands[-1]) if current else ""


def table_rubbers(
    results: Mapping[tuple[Hashable, int], DealRecord],
    *,
    round_of_hand: Callable[[int], int],
    settings: rubber.RubberSettings,
) -> list[TableRubbers]:
    """Each table's round of `results` ((table, hand) -> deal) as rubbers, by
    round and table."""
    rounds: dict[tuple[Hashable, int], list[tuple[int, DealRecord]]] = defaultdict(list)
    for (table, hand), deal in results.items():
        rounds[table, round_of_hand(hand)].append((hand, deal))
    played = []
    for (table, round_number), deals in rounds.items():
        deals.sort(key=lambda item: item[0])
        rubbers = rubber.play_table(
            [rubber.RubberHand(d.ns_tricks, d.honours, d.revoke) for _, d in deals],
            settings,
        )
        played.append(
            TableRubbers(
                table, round_number, tuple(hand for hand, _ in deals), tuple(rubbers)
            )
        )
    played.sort(key=lambda one: (one.round, one.table))
    return played
