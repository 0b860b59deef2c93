"""Drives and forms the prize and league tests share: a two-hand drive whose
count-back decides a tie, the club's tie-break order, the club and season forms."""

from __future__ import annotations

import datetime

from drive import services as drive_services
from drive.models import Drive, DriveState
from players.models import Club
from prizes import services as prize_services
from prizes.models import ClubScoringSettings
from scoring.hand_plays import deals
from tests.factories import DriveFactory, PlayerFactory, play_drive

NS_WINS = 9  # every hand: N-S take 9 tricks, so N-S score 3 and E-W 0 (odd tricks)


def two_hand_drive(club: Club, *, players=None, date=None, seed=42) -> Drive:
    """Four players at one table, two one-hand rounds, started."""
    drive = DriveFactory(
        club=club,
        state="open",
        hands=2,
        seed=seed,
        date=date or datetime.date(2026, 11, 27),
    )
    for index, player in enumerate(
        players or [PlayerFactory(club=club) for _ in "1234"]
    ):
        drive_services.entry_register(drive=drive, player=player, group="AB"[index % 2])
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def seats_of_hand_1(drive: Drive) -> dict[str, int]:
    deal = next(d for d in deals(drive=drive) if d.hand == 1)
    return {"N": deal.north, "E": deal.east, "S": deal.south, "W": deal.west}


def finished_tie(club: Club, **options) -> tuple[Drive, dict[str, int]]:
    """A played two-hand drive where N-S win every hand.

    Progressive, one table: after hand 1 the winning A (N) stays North, the
    winning B (S) moves West, the losers come back as East (A) and South (B).
    Hand 2's N-S are hand 1's N and W. Totals: N 6, S 3, W 3, E 0: S and W
    are level on 3, and W scored it on the last hand, so W wins count-back.
    """
    drive = two_hand_drive(club, **options)
    seats = seats_of_hand_1(drive)
    play_drive(drive, tricks=lambda deal: NS_WINS)
    assert drive.state == DriveState.FINISHED
    return drive, seats


def set_order(club: Club, *rules: str, **settings) -> None:
    ClubScoringSettings.objects.update_or_create(
        club=club, defaults={"tie_breaks": ",".join(rules), **settings}
    )


def season_form(name="2026", start="2026-01-01", end="2026-12-31"):
    return {"name": name, "start": start, "end": end, "game": "hands"}


def club_form(**changes) -> dict:
    form = {
        "prizes": "1st overall\nHighest Ladies\nBooby",
        "tie_break_1": "count_back",
        "tie_break_2": "hands_won",
        "tie_break_3": "",
        "tie_break_4": "",
        "tie_break_5": "",
    }
    form.update(changes)
    return form


LIST = (
    "1st overall\nSecond half\nMost hands of 9 or more tricks\n"
    "Lowest overall\nConsolation draw: Box of fudge"
)


def settled(club) -> tuple[Drive, dict[str, int]]:
    """finished_tie with the new list, and the second half's cut recorded (W).

    Totals N 6, S 3, W 3, E 0. N-S take 9 tricks every hand: hand 1's N-S are
    N and S, hand 2's N and W. Second half (hand 2): N 3, W 3, level on
    everything (count-back, hands won, best hand): the club's draw decides.
    9 or more tricks: N 2 hands, S 1, W 1, E 0.
    """
    drive, seats = finished_tie(club)
    prize_services.drive_prizes_update(drive=drive, prizes=LIST)
    cut_second_half(drive, seats)
    return drive, seats


def cut_second_half(drive: Drive, seats: dict[str, int]) -> None:
    ids = dict(drive.entries.values_list("number", "pk"))
    prize_services.tie_draw_record(
        drive=drive,
        contest="second_half",
        members=[ids[seats["N"]], ids[seats["W"]]],
        winner=ids[seats["W"]],
        by=None,
    )
