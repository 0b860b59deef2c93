"""What each table's hands score, for any drive: the one place the boards and
the rebuild from the record of changes get each side's score of a hand.

A drive scores each hand on its own (scoring.rules.deal_scores), except a
rubber drive, whose hands score only as the rubbers they make at their table
in their round (scoring.rubber): a game's bonus on the hand that won it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping

from scoring import rubber
from scoring.rules import Deal, Scoring, deal_scores

Score = tuple[int, int]  # (N-S, E-W)


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
    settings = rubber.settings_of(drive)
    rounds: dict[tuple[Hashable, int], list[tuple[int, Deal]]] = defaultdict(list)
    for (table, hand), deal in results.items():
        rounds[table, drive.round_of_hand(hand)].append((hand, deal))
    scores: dict[tuple[Hashable, int], Score] = {}
    for (table, _round), played in rounds.items():
        played.sort(key=lambda item: item[0])
        rubbers = rubber.play_table(
            [rubber.Deal(d.ns_tricks, d.honours, d.revoke) for _, d in played],
            settings,
        )
        for (hand, _deal), award in zip(
            played, rubber.hand_awards(rubbers), strict=True
        ):
            scores[table, hand] = award
    return scores
