"""A prediction whist drive's score sheets and travel slips hold each number
of their sentences to the word before it, as table cards, slips and the
results sheet do (printing.fitting.held_numbers): a note's line never starts
with a bare number that belongs to the word ending the line above (a Russian
large-print sheet said "... Выполненный Вист даёт" and put "25 (20 за столом
на пятерых)" on the next line). Every language, one, two and four sheets a
page and large print. A deal's heading holds its dealer's seat to its word
too, at 9 pt (tests/printing/test_deal_headings_held.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import prediction_pdf
from printing.editions import EDITIONS
from printing.prediction import GameSheet
from tests.printing.parted_numbers import parted_numbers
from tests.printing.printed import needs_pdftotext
from tests.printing.wist_sheets import wist_sheet

pytestmark = needs_pdftotext

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")


def _sheet(players: int, slip: bool, table: int) -> GameSheet:
    return wist_sheet(players, slip, table, lambda seat: f"Player {seat}")


@pytest.mark.parametrize(
    ("paper", "per_page", "edition"),
    [
        ("a4", 1, "standard"),
        ("a4", 2, "standard"),
        ("letter", 2, "standard"),
        ("a4", 4, "standard"),
        ("a4", 1, "large"),
        ("letter", 1, "large"),
    ],
)
@pytest.mark.parametrize("slip", [True, False], ids=["slip", "score-sheet"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wist_sheets_notes_hold_each_number_to_its_word(
    tmp_path, language, slip, paper, per_page, edition
):
    with translation.override(language):
        sheets = [
            _sheet(players, slip, table) for players in (4, 5) for table in (9, 128)
        ]
        printed = prediction_pdf.draw_game_sheets(
            sheets, paper=paper, per_page=per_page, edition=EDITIONS[edition]
        )
        notes = [note for sheet in sheets for note in sheet.notes]
    # Read back from the PDF: the notes (pdftotext reads a grid's headings
    # side by side as one block, "5 Free 6 Blind" over "8 Wist").
    assert parted_numbers(printed.data, tmp_path, within=notes) == []
