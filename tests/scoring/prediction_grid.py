"""The prediction grid (the desk's sheet of deals): a drive seating five and
four (`five_and_four`), who sits where (`seated`), a deal as the grid posts
it (`deal_fields`, `grid`), and the results stored (`stored`)."""

from __future__ import annotations

from drive.models import Drive, SeatAssignment
from scoring import prediction_rules
from scoring.models import HandResult
from tests.factories import prediction_drive


def five_and_four(club) -> Drive:
    """Nine players, one game: the movement seats five at table 1, four at 2."""
    drive = prediction_drive(club, players=9, games=1)
    assert not SeatAssignment.objects.filter(round__drive=drive, table=None).exists()
    assert drive.tables.get(number=1).seats.filter(position="F").exists()
    return drive


def seated(drive: Drive, table: int, round_number: int = 1) -> list[int]:
    """The entry ids at a table, in seat order N, E, S, W, F."""
    order = [seat.value for seat in prediction_rules.SEAT_POSITIONS]
    seats = SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number, table__number=table
    ).values_list("position", "entry_id")
    return [entry for _, entry in sorted(seats, key=lambda s: order.index(s[0]))]


def deal_fields(table: int, hand: int, predictions, tricks, version: int = 0) -> dict:
    """A deal of the grid as the page posts it (the Wist deal has no
    prediction inputs: its predictions are fixed)."""
    prefix = f"t{table}_h{hand}"
    data = {f"{prefix}-seen_version": str(version)}
    wist_deal = prediction_rules.deal_kind((hand - 1) % 8 + 1).wist
    for seat, (predicted, taken) in enumerate(zip(predictions, tricks, strict=True)):
        if not wist_deal:
            data[f"{prefix}-p{seat}"] = str(predicted)
        data[f"{prefix}-k{seat}"] = str(taken)
    return data


def grid(round_number: int = 1, *deals: dict) -> dict:
    data = {"round": str(round_number)}
    for deal in deals:
        data |= deal
    return data


def stored(drive: Drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number", "hand", "version")
        .values_list(
            "table__number", "hand", "predictions", "tricks", "version", "status"
        )
    )
