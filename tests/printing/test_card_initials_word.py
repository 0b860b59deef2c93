"""A score card's last column holds its opponents' initials (a filled card
prints both opponents'; at the table they initial it), and its heading says
so in whole words: Polish "Parafy rywali", where it printed "Parafa
przeciwn.", an abbreviation no club would print; in the plural of the
travel slip's "Parafa N-S", for the two opponents. The heading must stay
short: a 12-hand card four to a page sets it sideways on one line, and
"Parafy przeciwników" (or Italian "Sigle avversari") made its rows too low
for four a page (tests/printing/test_roomy_type.py); so Russian, Romanian
and Italian keep "Подп. против.", "Inițiale adv." and "Sigle avv." for now.
Read back from the PDF, for a drive's cards and a rubber drive's, both
editions."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, rubber_drive
from tests.printing.printed import needs_pdftotext, pages, pdf_text, render

pytestmark = [pytest.mark.django_db, needs_pdftotext]

WORDS = {
    "pl": ("Parafy rywali", "przeciwn."),
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
