"""A drive of each way of playing (`FORMATS`: classic, rubber, prediction),
played some way, its first players given long names (`named`), as clubs
have them."""

from __future__ import annotations

from tests.factories import (
    drive_with_players,
    play_drive,
    play_round,
    prediction_drive,
    rubber_drive,
)
from tests.predictions import play_deals

# Long names, as clubs have them: a slip's names are set at one size whatever they are.
NAMES = (
    "Ștefan-Alexandru Țărănescu-Popovici",
    "Ana Ră",
    "Мария Константиновна Верещагина",
    "Jan Bo",
)


def named(drive) -> None:
    """Give the first entries long names, and one short."""
    for entry, name in zip(
        drive.entries.select_related("player").order_by("number"), NAMES, strict=False
    ):
        entry.player.name = name
        entry.player.save(update_fields=["name"])


def classic(club):
    drive = drive_with_players(players=8, club=club, hands=5, count_honours=True)
    named(drive)
    return play_drive(drive)


def rubbers(club):
    drive = rubber_drive(club=club, hands=4, hands_per_round=2)
    named(drive)
    play_round(drive)
    return drive


def predictions(club):
    drive = prediction_drive(club=club, players=9, games=1)
    named(drive)
    play_deals(drive, hands=[1, 2, 3])
    return drive


FORMATS = {"classic": classic, "rubber": rubbers, "prediction": predictions}
