"""A score card's last column holds its opponents' initials (a filled card
prints both opponents'; at the table they initial it), and its heading says
so in whole words: Polish "Parafy przeciwników", where it printed "Parafa
przeciwn.", an abbreviation no club would print; Russian "Подписи
противников" ("Подп. против."), Romanian "Inițialele adversarilor"
("Inițiale adv."), Italian "Sigle avversari" ("Sigle avv."), in the plural
of the travel slip's "Parafa N-S" and "Подписи С-Ю" for the two opponents.
The column keeps each word whole (tests/printing/test_layout.py measures
every heading against its cell); here the words are read back from the
PDF, for a drive's cards and a rubber drive's, both editions."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, rubber_drive
from tests.printing.printed import needs_pdftotext, pages, pdf_text, render

pytestmark = [pytest.mark.django_db, needs_pdftotext]

WORDS = {
    "pl": ("Parafy przeciwników", "przeciwn."),
    "ru": ("Подписи противников", "против."),
    "ro": ("Inițialele adversarilor", "adv."),
    "it": ("Sigle avversari", "avv."),
}


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_opponents_initials_column_says_its_words_whole(
    club, tmp_path, language, edition
):
    whole, short = WORDS[language]
    drives = {
        "drive": drive_with_players(club=club, players=9, hands=4),
        "rubber": rubber_drive(club=club, players=8),
    }
    wrong = []
    for name, drive in drives.items():
        with translation.override(language):
            text = pdf_text(
                render(drive, "blank-cards", edition=edition).data, tmp_path
            )
        first = pages(text)[0].split()
        if short in first:
            wrong.append(f"{name}: {short!r}")
        if not all(word in first for word in whole.split()):
            wrong.append(f"{name}: no {whole!r}")
    assert wrong == []
