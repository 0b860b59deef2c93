"""A prediction whist drive's score sheets and slips, read at arm's length in
a hall: nothing on them is set under 8 pt, the notes under each sheet
included (they were 6.5 pt, and the deals' headings 7.25), in every
language; and each note is printed whole, on as many lines as it needs,
rather than cut short."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import documents, prediction
from printing.readable import sizes_of
from tests.factories import prediction_drive
from tests.predictions import play_deals
from tests.printing.printed import BASE, needs_pdftotext, pdf_text

pytestmark = pytest.mark.django_db

READABLE = 8.0


@needs_pdftotext
@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_nothing_on_a_wist_sheet_is_under_8_pt_and_its_notes_are_whole(
    language, tmp_path
):
    drive = prediction_drive(players=8, games=1)
    play_deals(drive)
    for kind, notes in (
        ("filled-sheets", prediction.grid_notes),
        ("slips", prediction.slip_notes),
    ):
        for per_page in (1, 2):
            with translation.override(language):
                printed = documents.render(
                    drive=drive,
                    options=documents.parse_options(kind=kind, per_page=per_page),
                    base_url=BASE,
                )
                said = notes()
            sizes = sizes_of(printed.data)
            assert sizes and min(sizes) >= READABLE, (kind, per_page, min(sizes))
            text = " ".join(pdf_text(printed.data, tmp_path).split())
            assert "…" not in text
            for note in said:
                # Every word of each note, in order, on the sheet.
                assert " ".join(str(note).split()) in text, (kind, note)
