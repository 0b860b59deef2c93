"""A drive's deals: each table's play of each hand seated so far (HandPlay),
with who sat where and the confirmed result where one was entered. Read for
one drive (deals) or for many at once (deals_of: two queries for them all).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from drive.models import Drive, SeatAssignment
from drive.trumps import Trump, trumps_for_hand
from scoring.models import HandResult, ResultStatus
from scoring.rules import ew_tricks


@dataclass(frozen=True)
class HandPlay:
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
    # The confirmed result's honours and revoke ("" for none).
    honours: str = ""
    revoke: str = ""
    # A prediction whist table of five: its fifth seat; and the confirmed
    # result's predictions and tricks, each seat's in seat order ("" for none).
    fifth: int | None = None
    predictions: str = ""
    tricks: str = ""

    @property
    def seats(self) -> tuple[int | None, ...]:
        """The entry numbers in seat order: N, E, S, W, and the fifth at a
        prediction whist table of five."""
        seats = (self.north, self.east, self.south, self.west)
        return seats if self.fifth is None else (*seats, self.fifth)

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else ew_tricks(self.ns_tricks)


def deals(*, drive: Drive, round_number: int | None = None) -> list[HandPlay]:
    """Every table and hand that has been seated, with its confirmed tricks where entered."""
    return deals_of(drives=[drive], round_number=round_number)[drive.pk]


def deals_of(
    *, drives: Sequence[Drive], round_number: int | None = None
) -> dict[int, list[HandPlay]]:
    """deals of each of `drives` (by id): two queries for them all."""
    by_id = {drive.pk: drive for drive in drives}
    seats = SeatAssignment.objects.filter(
        round__drive__in=list(by_id), table__isnull=False
    )
    if round_number is not None:
        seats = seats.filter(round__number=round_number)
    places: dict[int, dict[tuple[int, int, int], dict[str, int]]] = {
        pk: defaultdict(dict) for pk in by_id
    }
    names: dict[int, dict[int, str]] = {pk: {} for pk in by_id}
    for (
        drive_id,
        round_no,
        table_no,
        table_id,
        position,
        number,
        name,
    ) in seats.values_list(
        "round__drive_id",
        "round__number",
        "table__number",
        "table_id",
        "position",
        "entry__number",
        "entry__player__name",
    ):
        places[drive_id][(round_no, table_no, table_id)][position] = number
        names[drive_id][number] = name
    results = {
        (table_id, hand): (ns, version, honours, revoke, predictions, tricks)
        for (
            table_id,
            hand,
            ns,
            version,
            honours,
            revoke,
            predictions,
            tricks,
        ) in HandResult.objects.filter(
            table__drive__in=list(by_id), status=ResultStatus.CONFIRMED
        ).values_list(
            "table_id",
            "hand",
            "ns_tricks",
            "version",
            "honours",
            "revoke",
            "predictions",
            "tricks",
        )
    }
    return {
        pk: _hand_plays(drive, places[pk], names[pk], results)
        for pk, drive in by_id.items()
    }


def _hand_plays(
    drive: Drive,
    places: dict[tuple[int, int, int], dict[str, int]],
    names: dict[int, str],
    results: dict[tuple[int, int], tuple],
) -> list[HandPlay]:
    """A drive's HandPlays from who sat where and the confirmed results."""
    trumps = drive.trumps
    rows: list[HandPlay] = []
    for (round_no, table_no, table_id), seat in places.items():
        for hand in drive.hands_of_round(round_no):
            ns, version, honours, revoke, predictions, tricks = results.get(
                (table_id, hand), (None, 0, "", "", "", "")
            )
            rows.append(
                HandPlay(
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
                    honours=honours,
                    revoke=revoke,
                    fifth=seat.get("F"),
                    predictions=predictions,
                    tricks=tricks,
                )
            )
    rows.sort(key=lambda d: (d.hand, d.table))
    return rows
