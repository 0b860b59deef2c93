"""A rubber drive played hand by hand (`enter`), the bell rung between rounds
(`bell`); `TABLE_1`, table 1's tricks in round 1 of the `played` fixture
(tests/printing/conftest.py)."""

from __future__ import annotations

from scoring import services as scoring_services

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
