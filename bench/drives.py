"""A finished drive built in bulk, for the benchmarks that read one back.

The seating is a plain rotation of each group (the volume is what matters, not
the movement): group A turns one way, group B the other, two of each at every
table, the rest sitting out; every table's result is in for every hand.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable


def build_finished_drive(
    *,
    entries: int,
    hands: int,
    name: str,
    player_name: str = "Player {n:04d}",
    tricks: Callable[[int, int], int] = lambda table, round_index: (
        (table * 7 + round_index * 3) % 14
    ),
    adjustments: bool = False,
):
    """`entries` players at entries // 4 tables over `hands` hands, finished.

    `player_name` is formatted with the player's number; `tricks(table index,
    round index)` gives each result's N-S tricks; with `adjustments` one entry
    in fifty gets a small adjustment.
    """
    from drive.models import Drive, DriveState, Entry, Round, SeatAssignment, Table
    from players.models import Club, Player, normalise_name
    from scoring.models import Adjustment, HandResult

    club = Club.objects.create(name=f"{name} club")
    names = [player_name.format(n=n) for n in range(1, entries + 1)]
    players = Player.objects.bulk_create(
        Player(club=club, name=text, name_key=normalise_name(text)) for text in names
    )
    drive = Drive.objects.create(
        club=club,
        name=name,
        date=datetime.date(2026, 11, 27),
        hands=hands,
        state=DriveState.FINISHED,
        current_round=hands,
    )
    rows = Entry.objects.bulk_create(
        Entry(
            drive=drive,
            player=player,
            number=number,
            group="AB"[(number - 1) % 2],
            checked_in=True,
            joined_round=1,
        )
        for number, player in enumerate(players, start=1)
    )
    tables = Table.objects.bulk_create(
        Table(drive=drive, number=t) for t in range(1, entries // 4 + 1)
    )
    rounds = Round.objects.bulk_create(
        Round(drive=drive, number=r) for r in range(1, hands + 1)
    )
    group_a = [e for e in rows if e.group == "A"]
    group_b = [e for e in rows if e.group == "B"]
    seats, results = [], []
    for index, round_ in enumerate(rounds):
        a = group_a[index % len(group_a) :] + group_a[: index % len(group_a)]
        b = group_b[-index % len(group_b) :] + group_b[: -index % len(group_b)]
        for t, table in enumerate(tables):
            at_table = (a[2 * t], a[2 * t + 1], b[2 * t], b[2 * t + 1])
            for position, entry in zip("NESW", at_table, strict=True):
                seats.append(
                    SeatAssignment(
                        round=round_, entry=entry, table=table, position=position
                    )
                )
            results.append(
                HandResult(
                    table=table,
                    hand=round_.number,
                    ns_tricks=tricks(t, index),
                    version=1,
                )
            )
        for entry in a[2 * len(tables) :] + b[2 * len(tables) :]:
            seats.append(
                SeatAssignment(round=round_, entry=entry, table=None, position="")
            )
    SeatAssignment.objects.bulk_create(seats, batch_size=2000)
    HandResult.objects.bulk_create(results, batch_size=2000)
    if adjustments:
        Adjustment.objects.bulk_create(
            Adjustment(entry=entry, points=(entry.number % 5) - 2 or 1, reason="bench")
            for entry in rows[:: max(1, entries // 50)]
        )
    return drive
