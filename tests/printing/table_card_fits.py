"""Table cards of every format and language, for the fit checks: the drive of
a format with players sitting out (`drive_of`), the hall's and the laptop's
addresses (`HALL`, `OWN`), and a card's text on one line (`one_line`)."""

from __future__ import annotations

from tests.factories import drive_with_players, prediction_drive, rubber_drive

HALL = "http://192.168.1.20:8000/"


OWN = "http://127.0.0.1:8000/"


LANGUAGES = ("ru", "pl", "ro", "it", "en-gb")


FORMATS = (
    "progressive",
    "semi-partner",
    "stationary",
    "partners",
    "individual",
    "rubber",
    "prediction",
)


def drive_of(club, format: str):
    """A drive of the format with players sitting out (the card's last line)."""
    if format == "prediction":
        return prediction_drive(club=club, players=13)
    if format == "rubber":
        return rubber_drive(club=club, players=10)
    return drive_with_players(club=club, players=22, hands=24, format=format)


def one_line(text: str) -> str:
    return " ".join(text.split())
