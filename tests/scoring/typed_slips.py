"""Travel slips typed at the desk ahead of the round: a slip as its grid posts
it (`slip`), the tricks shown back (`shown`), the results confirmed."""

from __future__ import annotations

import re

from scoring.models import HandResult, ResultStatus


def slip(table: int, tricks: dict[int, str], version: int | None = None) -> dict:
    """The grid of table `table`'s slip as posted: each hand's N-S tricks, and
    the version the page showed (`version`, else none yet)."""
    data = {"table": str(table)}
    for hand, value in tricks.items():
        data[f"t{table}_h{hand}"] = value
        data[f"v_t{table}_h{hand}"] = str(version or 0)
    return data


def confirmed(drive, table: int) -> dict[int, int]:
    return dict(
        HandResult.objects.filter(
            table__drive=drive, table__number=table, status=ResultStatus.CONFIRMED
        ).values_list("hand", "ns_tricks")
    )


def shown(page: str, table: int) -> dict[int, str]:
    return {
        int(hand): value
        for hand, value in re.findall(
            rf'name="t{table}_h(\d+)" id="t{table}_h\d+" value="(\d*)"', page
        )
    }
