"""Printed sheets with longer words (issue 31): in every language and on every
sheet, no column heading is set below 8 pt or cut short, no text is wider than
its cell, and the names on a slip or score sheet are set at one size.

The checks hold whatever the words: they measure what is drawn against the
cell it is drawn in, rather than expecting any translation's wording.

- The ruled grids (score cards, travel slips, the Wist grid) and the table
  cards set every string through ``printing.pdf.placed``, given the width it
  must fit; a recorder around it sees each string as asked and as drawn.
- The results sheet is a platypus table: the tables handed to
  ``SimpleDocTemplate.build`` are read cell by cell, each cell's text measured
  (``stringWidth`` at the cell's font, or a Paragraph's widest word) against
  its column less the padding.

Set PDF_LAYOUT_KEEP=/some/dir to keep every PDF drawn, to look at.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.printing.named_drives import FORMATS
from tests.printing.printed import render
from tests.printing.sheet_faults import (
    SMALLEST_HEADING,
    Record,
    headings,
    keep,
    overflow_faults,
    part_of,
    table_faults,
)

pytestmark = pytest.mark.django_db

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
KINDS = ("scorecards", "filled-cards", "blank-cards", "slips", "tablecards")
PREDICTION_KINDS = ("score-sheets", "filled-sheets")


def heading_faults(record: Record, titles: set[str]) -> list[str]:
    """Headings set below 8 pt, or cut short; a heading may be set on more
    than one line, each line a part of it."""
    faults = []
    words_of = {title: title.split() for title in titles}
    for drawn in record.strings:
        parts = [
            title for title, words in words_of.items() if part_of(drawn.asked, words)
        ]
        if not parts:
            continue
        asked = " ".join(drawn.asked.split())
        if drawn.size < SMALLEST_HEADING:
            faults.append(f"{asked!r} at {drawn.size:.2f} pt")
        if drawn.text != printable(drawn.asked):
            faults.append(f"{asked!r} drawn as {drawn.text!r}")
    return faults


def deal_heading_faults(record: Record) -> list[str]:
    """A prediction sheet's deal headings (kind, trumps, dealer) set on one
    line below 8 pt or cut. (Their words alone are not looked for: a player's
    prediction may read "Wist" as the eighth deal's heading does.)"""
    return [
        f"{d.asked!r} at {d.size:.2f} pt, drawn as {d.text!r}"
        for d in record.strings
        if d.asked in record.deal_headings
        and (d.size < SMALLEST_HEADING or d.text != printable(d.asked))
    ]


def printable(text: str) -> str:
    from players.typed_text import printable_text

    return printable_text(text)


def name_size_faults(record: Record) -> list[str]:
    faults = []
    for names in record.sheet_names:
        sizes = {round(d.size, 2) for d in names}
        if len(sizes) > 1:
            faults.append(f"names at {sorted(sizes)} pt on one sheet")
    return faults


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", sorted(FORMATS))
def test_every_sheet_sets_its_headings_whole_and_its_text_inside_its_cells(
    club, record, language, form
):
    drive = FORMATS[form](club)
    kinds = KINDS + (PREDICTION_KINDS if form == "prediction" else ())
    faults: dict[str, list[str]] = {}
    with translation.override(language):
        titles = headings()
        for kind in kinds:
            for per_page in (1, 2, 4):
                record.strings.clear()
                record.sheet_names.clear()
                record.deal_headings.clear()
                printed = render(drive, kind, per_page=per_page)
                keep(printed, f"{form}-{language}-{kind}-{per_page}")
                found = (
                    heading_faults(record, titles)
                    + deal_heading_faults(record)
                    + overflow_faults(record)
                    + name_size_faults(record)
                )
                if found:
                    faults[f"{kind} {per_page} a page"] = sorted(set(found))
        record.tables.clear()
        printed = render(drive, "results")
        keep(printed, f"{form}-{language}-results")
        if found := table_faults(record):
            faults["results"] = found
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())
