"""The captain's phone at a prediction whist table: a drive seating five at
table 1 (`five_player_drive`), deal 1's predictions, tricks and points there,
a deal sent as the phone sends it (`submit`, `form_data`, `check`), and what
was written (`results`)."""

from __future__ import annotations

import re
from html import unescape

from django.test import Client

from drive.models import Drive, SeatAssignment, Table
from scoring import captain as captain_services
from scoring.models import HandResult
from tests.factories import prediction_drive

KEY = "w" * 22


HTMX = {"HTTP_HX_REQUEST": "true"}


# Deal 1 at a table of five (10 cards each): seat 0 deals, seats 1, 2, 3, 4
# predict 2, 2, Wist and 4 (the text's example), so seat 0, the last, may not
# say 2 and says 1. By seat (0 to 4):
PREDICTIONS = (1, 2, 2, 0, 4)


TRICKS = (1, 3, 2, 0, 4)


# 1 made: 11; 2 predicted, 3 taken: 3; 2 made: 12; Wist made at five: 20; 4 made: 14.
POINTS = (11, 3, 12, 20, 14)


def five_player_drive(club, **settings) -> Drive:
    """Nine players: the movement seats five at table 1 and four at table 2."""
    drive = prediction_drive(club, players=9, **settings)
    assert players_at(drive, 1) == 5 and players_at(drive, 2) == 4
    return drive


def players_at(drive: Drive, number: int, round_number: int = 1) -> int:
    return SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number, table__number=number
    ).count()


def submit(table: Table, hand: int, predictions, tricks, key: str = KEY):
    return captain_services.captain_result_submit(
        table=table,
        hand=hand,
        ns_tricks=0,
        idempotency_key=key,
        predictions=predictions,
        tricks=tricks,
    )


def form_data(hand: int, predictions=(), tricks=(), key: str = KEY, **extra) -> dict:
    data: dict[str, object] = {"hand": hand, "idempotency_key": key, "table": 1}
    # None: not chosen yet (a radio button left alone sends nothing).
    data.update(
        {f"prediction_{s}": p for s, p in enumerate(predictions) if p is not None}
    )
    data.update({f"tricks_{s}": t for s, t in enumerate(tricks) if t is not None})
    data.update(extra)
    return data


def url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def check(client: Client, table: Table, data: dict, **headers):
    return client.post(url(table, "check/"), data, **headers)


def results(drive: Drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("table__number", "hand", "predictions", "tricks", "status")
    )


def text_of(html: str) -> str:
    """The page's words, tags left out and spaces squeezed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
