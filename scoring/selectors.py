"""Reads of scores: the leaderboard, the deals of a drive, a result's history.

The leaderboard is a fixed handful of queries whatever the size of the drive:
entries, seats, confirmed results and adjustment sums, then plain-Python
arithmetic in scoring.standings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Sum

from drive.models import Drive, DriveState, Entry, Round, SeatAssignment
from drive.trumps import Trump, trumps_for_hand
from scoring.models import Adjustment, HandResult, ResultStatus
from scoring.rules import ew_tricks, seat_scores
from scoring.standings import EntryRecord, Standing, room_averages, standings
from scoring.tie_settings import final_ties
from scoring.tiebreaks import DriveTieBreaks


@dataclass
class DriveScores:
    """Everything the standings need, loaded once."""

    drive: Drive
    records: list[EntryRecord]
    averages: dict
    hands_complete: int
    # Set once the drive is finished: ranks then follow the club's tie-break rules.
    tie_breaks: DriveTieBreaks | None = None

    def standings(self, group: str | None = None) -> list[Standing]:
        rows = standings(
            self.records,
            rule=self.drive.sit_out_compensation,
            fixed_score=self.drive.sit_out_fixed_score,
            averages=self.averages,
            group=group,
        )
        if self.tie_breaks is not None:
            rows = self.tie_breaks.apply(rows, self.records)
        return rows


def finished_tie_breaks(*, drive: Drive, averages: dict) -> DriveTieBreaks:
    ties = final_ties(drive)
    return DriveTieBreaks(
        order=ties.order,
        last_hand=drive.hands,
        scoring_rule=drive.scoring_rule,
        compensation=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
        draws=ties.draws,
    )


def confirmed_tricks(*, drive: Drive) -> dict[tuple[int, int], int]:
    """(table id, hand) -> N-S tricks of every confirmed result."""
    return {
        (table_id, hand): ns
        for table_id, hand, ns in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks")
    }


def _seats_with_results(drive: Drive) -> list[tuple]:
    """Every seat of the drive, joined to the confirmed results of its table.

    Rows of (entry id, position, round, sat out, hand, N-S tricks): one per
    hand played and in, and one with no hand for a seat whose table has no
    result yet or for a sit-out. One query that hands back only what the
    scores need: the leaderboard of a big drive is tens of thousands of seats,
    and matching them to results in Python was most of its time.
    """
    seat = SeatAssignment._meta.db_table
    round_ = Round._meta.db_table
    result = HandResult._meta.db_table
    per = drive.hands_per_round
    sql = (
        f"SELECT s.entry_id, s.position, r.number, s.table_id IS NULL, "
        f"h.hand, h.ns_tricks FROM {seat} s "
        f"JOIN {round_} r ON r.id = s.round_id "
        f"LEFT JOIN {result} h ON h.table_id = s.table_id AND h.status = %s "
        f"AND h.hand > (r.number - 1) * %s AND h.hand <= r.number * %s "
        f"WHERE r.drive_id = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [ResultStatus.CONFIRMED.value, per, per, drive.pk])
        return cursor.fetchall()


def drive_scores(*, drive: Drive) -> DriveScores:
    entries = list(
        Entry.objects.filter(drive=drive).values_list(
            "pk", "number", "player__name", "group"
        )
    )
    scores: dict[int, dict[int, int]] = defaultdict(dict)
    scores_by_hand: dict[int, list[int]] = defaultdict(list)
    sat_out_rounds: list[tuple[int, int]] = []
    score_of = seat_scores(drive.scoring_rule)
    for entry_id, position, round_number, sat, hand, ns in _seats_with_results(drive):
        if sat:
            sat_out_rounds.append((entry_id, round_number))
        elif hand is not None:
            score = score_of[position, ns]
            scores[entry_id][hand] = score
            scores_by_hand[hand].append(score)
    hands_with_results = set(scores_by_hand)
    sat_out: dict[int, list[int]] = defaultdict(list)
    for entry_id, round_number in sat_out_rounds:
        for hand in drive.hands_of_round(round_number):
            if hand in hands_with_results:
                sat_out[entry_id].append(hand)
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
    averages = room_averages(scores_by_hand)
    return DriveScores(
        drive=drive,
        records=records,
        averages=averages,
        hands_complete=len(hands_with_results),
        tie_breaks=(
            finished_tie_breaks(drive=drive, averages=averages)
            if drive.state == DriveState.FINISHED
            else None
        ),
    )


def leaderboard(*, drive: Drive, group: str | None = None) -> list[Standing]:
    return drive_scores(drive=drive).standings(group=group)


@dataclass(frozen=True)
class Deal:
    """One table's play of one hand; a dummy hand's seat holds None."""

    hand: int
    round: int
    trumps: Trump
    table: int
    table_id: int
    north: int | None
    east: int | None
    south: int | None
    west: int | None
    ns_tricks: int | None
    version: int = 0
    names: dict = field(default_factory=dict, compare=False)

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)


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
                    north=seat.get("N"),
                    east=seat.get("E"),
                    south=seat.get("S"),
                    west=seat.get("W"),
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


def standing_result(*, table_id: int, hand: int) -> HandResult | None:
    """The result that stands for one table's hand (confirmed, or waiting for an opponent)."""
    return (
        HandResult.objects.filter(
            table_id=table_id,
            hand=hand,
            status__in=(ResultStatus.CONFIRMED, ResultStatus.PENDING),
        )
        .order_by("-version")
        .first()
    )


def current_hand(hands: Iterable[int], standing: Collection[int]) -> int | None:
    """The hand a table plays now: the first of its round's `hands` without a
    standing result (`standing`: the hands with one, confirmed or waiting for
    an opponent); None once every hand is in."""
    return next((hand for hand in hands if hand not in standing), None)


def tables_text(numbers: list[int]) -> str:
    """ "table 3", "tables 3 and 7", "tables 1, 3 and 7"."""
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return "tables " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def board_groups(*, drive: Drive) -> list[tuple[str, str, str | None]]:
    """The leaderboards shown in turn: (title, slug, group) overall, then each group."""
    boards: list[tuple[str, str, str | None]] = [("Overall", "overall", None)]
    if drive.has_groups:
        boards += [
            (drive.group_a_label, "group-a", "A"),
            (drive.group_b_label, "group-b", "B"),
        ]
    return boards
