"""Reads of scores: the leaderboard, the deals of a drive, the state of a round.

The leaderboard is a fixed handful of queries whatever the size of the drive:
entries, seats, confirmed results and adjustment sums, then plain-Python
arithmetic in scoring.standings.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Sum

from drive.models import Drive, Entry, SeatAssignment
from drive.movement.types import SEAT_SIDE, Seat
from drive.trumps import Trump, trumps_for_hand
from scoring.models import Adjustment, HandResult, ResultStatus
from scoring.rules import hand_scores
from scoring.standings import EntryRecord, Standing, room_averages, standings


@dataclass
class DriveScores:
    """Everything the standings need, loaded once."""

    drive: Drive
    records: list[EntryRecord]
    averages: dict
    hands_complete: int

    def standings(self, group: str | None = None) -> list[Standing]:
        return standings(
            self.records,
            rule=self.drive.sit_out_compensation,
            fixed_score=self.drive.sit_out_fixed_score,
            averages=self.averages,
            group=group,
        )


def confirmed_tricks(*, drive: Drive) -> dict[tuple[int, int], int]:
    """(table id, hand) -> N-S tricks of every confirmed result."""
    return {
        (table_id, hand): ns
        for table_id, hand, ns in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks")
    }


def drive_scores(*, drive: Drive) -> DriveScores:
    entries = list(
        Entry.objects.filter(drive=drive).values_list(
            "pk", "number", "player__name", "group"
        )
    )
    tricks = confirmed_tricks(drive=drive)
    hands_with_results = {hand for (_, hand) in tricks}
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    sat_out: dict[int, list[int]] = defaultdict(list)
    scores_by_hand: dict[int, list[int]] = defaultdict(list)
    per_round = drive.hands_per_round
    for entry_id, table_id, position, round_number in SeatAssignment.objects.filter(
        round__drive=drive
    ).values_list("entry_id", "table_id", "position", "round__number"):
        first = (round_number - 1) * per_round + 1
        for hand in range(first, first + per_round):
            if table_id is None:
                if hand in hands_with_results:
                    sat_out[entry_id].append(hand)
                continue
            ns = tricks.get((table_id, hand))
            if ns is None:
                continue
            ns_score, ew_score = hand_scores(ns, drive.scoring_rule)
            score = ns_score if SEAT_SIDE[Seat(position)].value == "NS" else ew_score
            scores[entry_id][hand] = score
            scores_by_hand[hand].append(score)
    adjustments = dict(
        Adjustment.objects.filter(entry__drive=drive)
        .values("entry_id")
        .annotate(total=Sum("points"))
        .values_list("entry_id", "total")
    )
    records = [
        EntryRecord(
            entry=pk,
            number=number,
            name=name,
            group=group,
            hand_scores=dict(scores.get(pk, {})),
            sat_out_hands=tuple(sorted(sat_out.get(pk, ()))),
            adjustments=adjustments.get(pk, 0),
        )
        for pk, number, name, group in entries
    ]
    return DriveScores(
        drive=drive,
        records=records,
        averages=room_averages(scores_by_hand),
        hands_complete=len(hands_with_results),
    )


def leaderboard(*, drive: Drive, group: str | None = None) -> list[Standing]:
    return drive_scores(drive=drive).standings(group=group)


@dataclass(frozen=True)
class Deal:
    """One table's play of one hand."""

    hand: int
    round: int
    trumps: Trump
    table: int
    table_id: int
    north: int
    east: int
    south: int
    west: int
    ns_tricks: int | None
    version: int = 0
    names: dict = field(default_factory=dict, compare=False)

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else 13 - self.ns_tricks


def deals(*, drive: Drive, round_number: int | None = None) -> list[Deal]:
    """Every table and hand that has been seated, with its confirmed tricks where entered."""
    seats = SeatAssignment.objects.filter(round__drive=drive, table__isnull=False)
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
    places: dict[tuple[int, int, int], dict[str, int]] = defaultdict(dict)
    names: dict[int, str] = {}
    for round_no, table_no, table_id, position, number, name in seats.values_list(
        "round__number",
        "table__number",
        "table_id",
        "position",
        "entry__number",
        "entry__player__name",
    ):
        places[(round_no, table_no, table_id)][position] = number
        names[number] = name
    results = {
        (table_id, hand): (ns, version)
        for table_id, hand, ns, version in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks", "version")
    }
    trumps = drive.trumps
    rows: list[Deal] = []
    for (round_no, table_no, table_id), seat in places.items():
        for hand in drive.hands_of_round(round_no):
            ns, version = results.get((table_id, hand), (None, 0))
            rows.append(
                Deal(
                    hand=hand,
                    round=round_no,
                    trumps=trumps_for_hand(trumps, hand),
                    table=table_no,
                    table_id=table_id,
                    north=seat["N"],
                    east=seat["E"],
                    south=seat["S"],
                    west=seat["W"],
                    ns_tricks=ns,
                    version=version,
                    names=names,
                )
            )
    rows.sort(key=lambda d: (d.hand, d.table))
    return rows


def result_history(*, drive: Drive, table_number: int, hand: int) -> list[HandResult]:
    return list(
        HandResult.objects.filter(
            table__drive=drive, table__number=table_number, hand=hand
        )
        .select_related("entered_by", "table")
        .order_by("version")
    )
