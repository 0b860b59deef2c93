"""Table cards of every format and language, for the fit checks: the drive of
a format with players sitting out (`drive_of`), its groups named in a
language (`name_groups`), its cards printed in a language from an address
(`render_cards`), the hall's and the laptop's addresses (`HALL`, `OWN`), and
a card's text on one line (`one_line`). The `drawn` fixture
(tests/printing/conftest.py) records what the cards' drawing is handed."""

from __future__ import annotations

from django.utils import translation

from printing import documents
from tests.factories import (
    CLUB_GROUP_NAMES,
    drive_with_players,
    prediction_drive,
    rubber_drive,
)

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


def name_groups(drive, language: str) -> None:
    """The drive's groups named in the language (a format without them names none)."""
    drive.group_a_label, drive.group_b_label = CLUB_GROUP_NAMES[language]
    drive.save(update_fields=["group_a_label", "group_b_label"])


def render_cards(drive, language: str, base: str, **options) -> documents.Printed:
    """The drive's table cards printed in the language from the address `base`,
    with the print options (edition, per_page)."""
    with translation.override(language):
        return documents.render(
            drive=drive,
            options=documents.parse_options(kind="tablecards", **options),
            base_url=base,
        )


def one_line(text: str) -> str:
    return " ".join(text.split())
