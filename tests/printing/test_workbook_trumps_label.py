"""The workbook's Drive sheet labels the drive's trump sequence as its pages do.

The sheet said "Trumps" in the sense of one hand's trumps: pl «Atut: Kier,
Karo, Pik, Trefl, Bez atu», ro «Atu: …», where the drive's pages (the
context "a drive's trumps in turn, a list of suits") say «Atuty», «Atuuri»."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, play_drive
from tests.printing.fixtures import workbook_values

pytestmark = pytest.mark.django_db

LABELS = {
    "en-gb": ("Drive", "Trumps"),
    "pl": ("Turniej", "Atuty"),
    "ru": ("Турнир", "Козыри"),
    "ro": ("Turneu", "Atuuri"),
    "it": ("Torneo", "Atout"),
}


@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_drive_sheet_labels_the_trump_sequence_in_the_plural(club, language):
    drive = play_drive(drive_with_players(players=8, club=club, hands=4))
    sheet, label = LABELS[language]
    with translation.override(language):
        rows = workbook_values(drive)[sheet]
    values = {row[0]: row[1] for row in rows}
    assert label in values, [row[0] for row in rows]
    assert values[label].count(",") == 4, values[label]
