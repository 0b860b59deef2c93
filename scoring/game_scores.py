"""What each game's confirmed results score, seat by seat: the leaderboard's
scores (scoring.selectors.drive_scores) and the replay of the record of
changes (scoring.audit) read them here.

- *Hands* score each on its own (scoring.rules.deal_scores).
- *Rubbers*: a hand scores only as the rubbers it makes at its table in its
  round (scoring.table_rubbers): a game's bonus on the hand that won it.
- *Prediction deals*: each seat scores its own points (scoring.prediction_rules); the
  deal is read from the entries seated at the table.

One class per game, chosen by the drive's game (`SCORES[drive.game]`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection

from drive.games import per_game
from drive.models import Drive, Round, SeatAssignment, Table
from drive.movement.types import Game, Side
from scoring import prediction_rules, rubber, rules
from scoring.models import HandResult, ResultStatus
from scoring.rules import (
    SEAT_ORDER,
    SIDE_OF_SEAT,
    Scoring,
    deal_scores,
    seat_table,
    winner_table,
)
from scoring.table_rubbers import Score, TableRubbers, table_rubbers

# (table, hand) -> what the table recorded; the table named by number or id,
# as long as it names one table.
Results = Mapping[tuple[Hashable, int], rules.DealRecord]
# Each entry's points by hand, every hand's points, and the hands each entry won.
SeatScores = tuple[dict[int, dict[int, int]], dict[int, list[int]], dict[int, set[int]]]
# (entry number, table number or None, seat, round) of each seat of the drive.
Seating = list[tuple]

# The seats of a table, in the order _played_hands reads who held them.
SEATS = SEAT_ORDER


@dataclass(frozen=True)
class PredictionPlay:
    """One table's confirmed deal of a prediction whist drive: the entries in
    seat order (N, E, S, W, then the fifth), the deal as the rules see it
    and the game it is played in (the drive's round of the hand)."""

    hand: int
    table: int
    table_id: int
    entries: tuple[int, ...]
    deal: prediction_rules.PredictionDeal
    game: int


class HandsScores:
    """A drive whose hands score each on its own."""

    def side_scores(
        self, drive: object, results: Results
    ) -> dict[tuple[Hashable, int], Score]:
        """(table, hand) -> (N-S score, E-W score) of every result given."""
        scoring = Scoring.of(drive)
        return {
            key: deal_scores(deal.ns_tricks, scoring, deal.honours, deal.revoke)
            for key, deal in results.items()
        }

    def seat_scores(self, drive: Drive) -> SeatScores:
        """Each entry's points by hand, every hand's points and the hands each
        entry won: one query (_played_hands), then a row a result."""
        return self.seat_scores_of([drive])[drive.pk]

    def seat_scores_of(self, drives: Sequence[Drive]) -> dict[int, SeatScores]:
        """seat_scores of each of `drives` (by id), read in one query for them all."""
        played = _played_hands(drives)
        return {drive.pk: self._scored(drive, played[drive.pk]) for drive in drives}

    def _scored(self, drive: Drive, played: list[tuple]) -> SeatScores:
        # The score of each seat, in SEATS order, for each hand a table can record.
        at_table = seat_table(Scoring.of(drive))
        return _by_seat(
            drive, played, [at_table[row[1], row[2], row[3]] for row in played]
        )

    def table_rubbers(self, drive: Drive) -> list[TableRubbers]:
        """Each table's round as rubbers: none, hands are not played in rubbers."""
        return []

    def plays(self, drive: Drive) -> list[PredictionPlay]:
        """Every confirmed prediction deal: none in this game."""
        return []

    def readable(self, hand: int, deal: rules.DealRecord) -> bool:
        """Whether a recorded result (already checked as a hand) is one the
        rules can score."""
        return True

    def replayed_points(
        self, drive: Drive, results: Mapping[tuple[int, int], rules.DealRecord]
    ) -> dict[tuple[int, int, str], int]:
        """(table number, hand, seat) -> the points of each result replayed
        from the record of changes."""
        return {
            (table, hand, position): sides[SIDE_OF_SEAT[position] is Side.EW]
            for (table, hand), sides in self.side_scores(drive, results).items()
            for position in SIDE_OF_SEAT
        }


class RubberScores(HandsScores):
    """A rubber drive: a hand scores as part of its table's rubbers."""

    def side_scores(
        self, drive: object, results: Results
    ) -> dict[tuple[Hashable, int], Score]:
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

    def _scored(self, drive: Drive, played: list[tuple]) -> SeatScores:
        sides = self.side_scores(
            drive, {(row[4], row[0]): rules.DealRecord(*row[1:4]) for row in played}
        )
        seat_scores = []
        for row in played:
            ns_score, ew_score = sides[row[4], row[0]]
            seat_scores.append((ns_score, ew_score, ns_score, ew_score))
        return _by_seat(drive, played, seat_scores)

    def table_rubbers(self, drive: Drive) -> list[TableRubbers]:
        """Each table's round, by round and table number, from its confirmed
        results in hand order."""
        results = {
            (table, hand): rules.DealRecord(ns, honours, revoke)
            for table, hand, ns, honours, revoke in HandResult.objects.filter(
                table__drive=drive, status=ResultStatus.CONFIRMED
            ).values_list("table__number", "hand", "ns_tricks", "honours", "revoke")
        }
        return table_rubbers(
            results,
            round_of_hand=drive.round_of_hand,
            settings=rubber.settings_of(drive),
        )


class PredictionScores(HandsScores):
    """A prediction whist drive: each seat scores its own points."""

    def seat_scores_of(self, drives: Sequence[Drive]) -> dict[int, SeatScores]:
        """Each drive's entries' points by hand, every hand's points, and the
        hands each entry won (its prediction exactly made)."""
        plays = self.plays_of(drives)
        return {drive.pk: self._from_plays(plays[drive.pk]) for drive in drives}

    def _from_plays(self, plays: list[PredictionPlay]) -> SeatScores:
        scores: dict[int, dict[int, int]] = defaultdict(dict)
        scores_by_hand: dict[int, list[int]] = defaultdict(list)
        won: dict[int, set[int]] = defaultdict(set)
        for play in plays:
            for entry_id, points, made in zip(
                play.entries, play.deal.points, play.deal.made, strict=True
            ):
                scores[entry_id][play.hand] = points
                scores_by_hand[play.hand].append(points)
                if made:
                    won[entry_id].add(play.hand)
        return scores, scores_by_hand, won

    def plays(self, drive: Drive) -> list[PredictionPlay]:
        """Every confirmed deal, by hand and table: two queries, the results
        and the seats."""
        return self.plays_of([drive])[drive.pk]

    def plays_of(self, drives: Sequence[Drive]) -> dict[int, list[PredictionPlay]]:
        """plays of each of `drives` (by id): two queries for them all."""
        by_id = {drive.pk: drive for drive in drives}
        seats: dict[tuple[int, int, int], dict[str, int]] = defaultdict(dict)
        for (
            drive_id,
            round_number,
            table_id,
            position,
            entry_id,
        ) in SeatAssignment.objects.filter(
            round__drive__in=list(by_id), table__isnull=False
        ).values_list(
            "round__drive_id", "round__number", "table_id", "position", "entry_id"
        ):
            seats[drive_id, round_number, table_id][position] = entry_id
        plays: dict[int, list[PredictionPlay]] = {pk: [] for pk in by_id}
        for drive_id, hand, table_id, table, predictions, tricks in (
            HandResult.objects.filter(
                table__drive__in=list(by_id), status=ResultStatus.CONFIRMED
            )
            .exclude(predictions="")
            .values_list(
                "table__drive_id",
                "hand",
                "table_id",
                "table__number",
                "predictions",
                "tricks",
            )
            .order_by("hand", "table__number")
        ):
            drive = by_id[drive_id]
            game = drive.round_of_hand(hand)
            at_table = seats[drive_id, game, table_id]
            entries = tuple(
                at_table[p.value]
                for p in prediction_rules.SEAT_POSITIONS
                if p.value in at_table
            )
            deal = prediction_rules.recorded_deal(hand, predictions, tricks)
            plays[drive_id].append(
                PredictionPlay(hand, table, table_id, entries, deal, game)
            )
        return plays

    def readable(self, hand: int, deal: rules.DealRecord) -> bool:
        try:
            prediction_rules.recorded_deal(hand, deal.predictions, deal.tricks)
        except (TypeError, ValueError, AttributeError):
            return False
        return True

    def replayed_points(
        self, drive: Drive, results: Mapping[tuple[int, int], rules.DealRecord]
    ) -> dict[tuple[int, int, str], int]:
        points = {}
        for (table, hand), deal in results.items():
            played = prediction_rules.recorded_deal(hand, deal.predictions, deal.tricks)
            for position, score in zip(
                prediction_rules.seat_positions(played.players),
                played.points,
                strict=True,
            ):
                points[table, hand, position.value] = score
        return points


SCORES = per_game(
    "scoring.game_scores",
    {
        Game.HANDS: HandsScores(),
        Game.RUBBERS: RubberScores(),
        Game.PREDICTIONS: PredictionScores(),
    },
)


def side_scores(drive: Drive, results: Results) -> dict[tuple[Hashable, int], Score]:
    """(table, hand) -> (N-S score, E-W score) of every result given, as the
    drive's game scores them (the table named by number or id, as long as it
    names one table)."""
    return SCORES[drive.game].side_scores(drive, results)


def _played_hands(drives: Sequence[Drive]) -> dict[int, list[tuple]]:
    """Every confirmed result of each of `drives` (by id), with who sat where
    when it was played.

    Rows of (hand, N-S tricks, honours, revoke, table id, entry at N, at E, at
    S, at W): one per table and hand, with None for a seat nobody held. One
    query for every drive (a season's league reads them all) that hands back
    only what the scores need, a row a result rather than a row a seat: the
    leaderboard of a big drive is tens of thousands of seats, and reading
    them row by row was most of its time.
    """
    if not drives:
        return {}
    q = connection.ops.quote_name
    seat, round_ = q(SeatAssignment._meta.db_table), q(Round._meta.db_table)
    table, result = q(Table._meta.db_table), q(HandResult._meta.db_table)
    joins = " ".join(
        f"LEFT JOIN {seat} s_{p} ON s_{p}.round_id = r.id AND s_{p}.table_id = t.id "
        f"AND s_{p}.position = '{p}'"
        for p in SEATS
    )
    drive_ = q(Drive._meta.db_table)
    sql = (
        f"SELECT t.drive_id, h.hand, h.ns_tricks, h.honours, h.revoke, t.id, "
        f"{', '.join(f's_{p}.entry_id' for p in SEATS)} "
        f"FROM {table} t "
        f"JOIN {drive_} d ON d.id = t.drive_id "
        f"JOIN {result} h ON h.table_id = t.id AND h.status = %s "
        f"JOIN {round_} r ON r.drive_id = t.drive_id "
        f"AND r.number = (h.hand - 1) / CAST(d.hands_per_round AS INTEGER) + 1 "
        f"{joins} WHERE t.drive_id IN ({', '.join('%s' for _ in drives)})"
    )
    found: dict[int, list[tuple]] = {drive.pk: [] for drive in drives}
    with connection.cursor() as cursor:
        cursor.execute(sql, [ResultStatus.CONFIRMED.value, *found])
        for row in cursor.fetchall():
            found[row[0]].append(row[1:])
    return found


def _by_seat(
    drive: Drive, played: list[tuple], seat_scores: list[tuple[int, ...]]
) -> SeatScores:
    """Each entry's points by hand, every hand's points and the hands each
    entry won, from the rows of _played_hands and each row's score of each
    seat (in SEATS order)."""
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    scores_by_hand: dict[int, list[int]] = defaultdict(list)
    winner_of = winner_table(Scoring.of(drive))
    won: dict[int, set[int]] = defaultdict(set)
    for (
        hand,
        ns,
        _honours,
        revoke,
        _table,
        north,
        east,
        south,
        west,
    ), seat_score in zip(played, seat_scores, strict=True):
        winner = winner_of[ns, revoke]
        if winner is not None:
            won[north if winner is Side.NS else east].add(hand)
            won[south if winner is Side.NS else west].add(hand)
        if None in (north, east, south, west):  # a seat nobody held (three-handed)
            for entry_id, score in zip(
                (north, east, south, west), seat_score, strict=True
            ):
                if entry_id is not None:
                    scores[entry_id][hand] = score
                    scores_by_hand[hand].append(score)
            continue
        # Written out for the four seats: a big drive has thousands of results.
        at_north, at_east, at_south, at_west = seat_score
        scores[north][hand] = at_north
        scores[east][hand] = at_east
        scores[south][hand] = at_south
        scores[west][hand] = at_west
        scores_by_hand[hand] += seat_score
    return scores, scores_by_hand, won
