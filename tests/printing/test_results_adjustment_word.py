"""The results sheet's adjustment column says its whole word in every
language ("Adjustment", "Korekty", "Поправки", "Ajustări", "Rettifiche"): the
paper is read by older players, who would not guess "Adj." or "Rett.". The
column widens to hold it, upright and as large as the other headings."""

from __future__ import annotations

import pytest
from django.utils import translation

from prizes import services as prize_services
from scoring.models import Adjustment
from tests.factories import ClubFactory, drive_with_players, play_drive
from tests.printing.printed import needs_pdftotext, pdf_text, render

pytestmark = pytest.mark.django_db

WORDS = {
    "en-gb": ("Adjustment", "Adj."),
    "pl": ("Korekty", "Kor."),
    "ru": ("Поправки", "Попр."),
    "ro": ("Ajustări", "Ajust."),
    "it": ("Rettifiche", "Rett."),
}


@needs_pdftotext
@pytest.mark.parametrize("language", list(WORDS))
def test_the_adjustment_column_says_its_whole_word(language, organiser, tmp_path):
    # Nine players: a sit-out column and two groups too, every column printed.
    drive = drive_with_players(players=9, club=ClubFactory(language=language), hands=4)
    play_drive(drive)
    Adjustment.objects.create(
        entry=drive.entries.get(number=1),
        points=-13,
        reason="late",
        created_by=organiser,
    )
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\nBooby")
    with translation.override(language):
        text = pdf_text(render(drive, "results").data, tmp_path)
    word, short = WORDS[language]
    heading = next(line for line in text.splitlines() if word in line.split())
    assert short not in text
    # On the heading row, whole, with its neighbours.
    assert len(heading.split()) >= 5, heading
    # Every score below 0 with the true minus, the booby's in the prize list
    # too ("1 Ann (−9)", not "(-9)").
    booby = next(
        line
        for line in text.splitlines()
        if "Player" in line and "(" in line and "\u2212" in line
    )
    assert "(-" not in text, booby
