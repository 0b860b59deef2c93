"""A rubber drive played hand by hand (`enter`), the bell rung between rounds
(`bell`); `played_rubber`, a rubber drive played to its end (the `played`
fixture, tests/printing/conftest.py), and `TABLE_1`, table 1's tricks in its
round 1."""

from __future__ import annotations

from drive.models import DriveState
from scoring import services as scoring_services
from tests.factories import rubber_drive

# The rubber, then N-S 3-0 in the next rubber's first game when the bell goes.
TABLE_1 = [11, 8, 2, 10, 3, 7, 9]


def enter(drive, table: int, tricks: list[int], first: int = 1, **marks) -> None:
    for hand, ns in enumerate(tricks, first):
        scoring_services.hand_result_submit(
            drive=drive, table=table, hand=hand, ns_tricks=ns, by=None, **marks
        )


def bell(drive) -> None:
    scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
    drive.refresh_from_db()


def played_rubber(club):
    """Round 1: table 1 plays the issue's rubber and starts another, table 2
    one hand; the bell. Round 2: table 1 one hand (game 7-0 to N-S), the bell."""
    drive = rubber_drive(club)
    enter(drive, 1, TABLE_1)
    enter(drive, 2, [9])
    bell(drive)
    enter(drive, 1, [13], first=13)
    bell(drive)
    assert drive.state == DriveState.FINISHED
    return drive
