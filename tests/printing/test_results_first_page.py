"""The results sheet's first section starts on its first page, under the
title, when it will not fit there whole: it splits, its heading and heading
row with its first rows. Its heading was kept with the whole table
(keepWithNext), so a table longer than the room under the title went to the
next page and left page 1 with the title alone: the large-print sheet of a
22-player drive, in Polish, Romanian and Italian (found by eye, helper E)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import drive_with_players, play_round
from tests.printing.printed import needs_pdftotext, pages, pdf_text, render

pytestmark = [pytest.mark.django_db, needs_pdftotext]

# The first section's heading, and a word of its name column's, in each language.
WORDS = {
    "pl": ("Ogółem", "nazwisko"),
    "ro": ("General", "Nume"),
    "en-gb": ("Overall", "Name"),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_first_section_starts_under_the_title(tmp_path, language, club, organiser):
    drive = drive_with_players(players=22, hands=12, club=club)
    play_round(drive, by=organiser)
    with translation.override(language):
        printed = render(drive, "results", edition="large")
    first = pages(pdf_text(printed.data, tmp_path))[0]
    heading, name = WORDS[language]
    lines = [line.strip() for line in first.splitlines()]
    assert heading in lines, first
    assert name in first, first
    # At least one player's row under the heading row.
    assert any(line.split()[:1] == ["1"] for line in lines), first
