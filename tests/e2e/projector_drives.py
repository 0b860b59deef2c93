"""The drives the projector's browser tests show: a club's evening in each
language with its long names (hall_drive), the drives the tests only read,
built once and put back for each later test (in_play, giving_under_way), a
drive played to an interval where a tie-break placed the half-time leader
(to_the_interval), and the demo's 40-player evening with its tie-breaks
(demo_evening)."""

from __future__ import annotations

import io

from django.core.management import call_command

from drive.models import Drive
from prizes import giving_services
from prizes import selectors as prize_selectors
from tests.e2e.built_once import BuiltOnce
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
    varied_tricks,
)

# A club's list: first names and surnames, some long (a double surname).
NAMES = {
    "pl": (
        [
            "Krystyna",
            "Grzegorz",
            "Małgorzata",
            "Przemysław",
            "Janina",
            "Bożena",
            "Ignacy",
        ],
        ["Dąbrowska-Szczepańska", "Szczepankiewicz", "Woźniak"],
    ),
    "ru": (
        ["Александра", "Вячеслав", "Константин", "Любовь", "Илья", "Екатерина", "Олег"],
        ["Римская-Корсакова", "Долгоруковская", "Черных"],
    ),
    "ro": (
        ["Alexandrina", "Dragoș", "Ștefan", "Mircea", "Ioana", "Gheorghița", "Radu"],
        ["Constantinescu-Rădulescu", "Țurcanu", "Neagu"],
    ),
    "it": (
        [
            "Mariagrazia",
            "Salvatore",
            "Massimiliano",
            "Giulia",
            "Pierfrancesco",
            "Anna",
            "Ugo",
        ],
        ["Santangelo-Buonarroti", "Bevilacqua", "Rinaldi"],
    ),
    "en-gb": (
        ["Christopher", "Elizabeth", "Bartholomew", "Jo", "Ann", "Gwendolyn", "Tom"],
        ["Fotheringham-Smythe", "Worthington", "Lee"],
    ),
}


def hall_drive(language: str, players: int = 21, **settings: object) -> Drive:
    """A drive of `players` entries in `language`'s club, a third of them with
    a long double surname, the organiser olive."""
    club = ClubFactory(language=language)
    olive(club)
    drive = drive_with_players(players=players, club=club, **settings)
    give_names(drive, *NAMES[language])
    drive.refresh_from_db()
    return drive


def give_names(drive: Drive, firsts, lasts) -> None:
    """Each entry's player named, in entry order, with the first names in turn
    and a surname that moves on one a name and again each time the first
    names start over."""
    for entry in drive.entries.select_related("player").order_by("number"):
        index = entry.number - 1
        last = lasts[(index // len(firsts) + index) % len(lasts)]
        entry.player.name = f"{firsts[index % len(firsts)]} {last}"
        entry.player.save()


def interval_tricks(deal) -> int:
    # After hand 6 of 12, entries 2, 6, 16 and 18 are level on 17 and
    # count-back puts 2 first. (Twenty players: nobody sits out.)
    return (deal.hand * 3 + deal.table * 2 + 1) % 14


def to_the_interval(drive: Drive) -> Drive:
    """`drive` (20 players, 12 hands) played to its interval, where a
    tie-break placed the half-time leader ahead of three others on the same
    total (interval_tricks)."""
    while not prize_selectors.in_interval(drive=drive):
        play_round(drive, tricks=interval_tricks)
    placed = prize_selectors.half_time_notice(drive, None).context["placed"]
    assert placed is not None and len(placed.level) == 3
    return drive


# The drives the tests only read: built once per language, put back for each
# later test (tests/e2e/built_once.py).
BUILT = BuiltOnce()


def in_play(language: str) -> Drive:
    """Half-way through 12 hands, with the round's clock running."""
    return BUILT.drive(("in play", language), lambda: _in_play(language))


def _in_play(language: str) -> Drive:
    drive = hall_drive(language, hands=12, clock_minutes=10)
    for _ in range(3):
        play_round(drive, tricks=varied_tricks)
    drive.refresh_from_db()
    return drive


def giving_under_way(language: str) -> Drive:
    """All played, the prize-giving shown on the projector at its first prize."""
    return BUILT.drive(("giving", language), lambda: _giving_under_way(language))


def _giving_under_way(language: str) -> Drive:
    drive = hall_drive(language, players=8, hands=3)
    drive = play_drive(drive, tricks=varied_tricks)
    drive = giving_services.prize_giving_start(drive=drive)
    giving_services.prize_giving_step(drive=drive, action=giving_services.NEXT, seen=0)
    return drive


def demo_evening(language: str) -> Drive:
    out = io.StringIO()
    call_command(
        "demo",
        *("--language", language, "--players", "40", "--hands", "24"),
        *("--seed", "7", "--honours"),
        stdout=out,
    )
    drive = Drive.objects.get(pk=int(out.getvalue().splitlines()[-1].split()[-1]))
    olive(drive.club)
    return drive
