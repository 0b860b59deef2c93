"""The column of each player's adjustments added up has one word on the
leaderboard, the results sheet and the workbook (Results, Hands, Cards): a
total of them all, in the plural as the page says it ("Korekty", not the
singular "Korekta" of one adjustment). One row of the Adjustments sheet is one
adjustment, and keeps the singular.

The results sheet says the word whole in every language ("Adjustment",
"Korekty", "Поправки", "Ajustări", "Rettifiche"): the paper is read by older
players, who would not guess "Adj." or "Rett.". The column widens to hold it,
upright and as large as the other headings.
"""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from printing import exports
from prizes import services as prize_services
from scoring.models import Adjustment
from tests.factories import ClubFactory, drive_with_players, play_drive
from tests.printing.printed import needs_pdftotext, pdf_text, render

pytestmark = pytest.mark.django_db

# The page's word, and the singular that names one adjustment.
WORDS = {
    "pl": ("Korekty", "Korekta"),
    "ru": ("Поправки", "Поправка"),
    "ro": ("Ajustări", "Ajustare"),
    "it": ("Rettifiche", "Rettifica"),
}

# The results sheet's whole word, and the short one it printed before.
WHOLE = {
    "en-gb": ("Adjustment", "Adj."),
    "pl": ("Korekty", "Kor."),
    "ru": ("Поправки", "Попр."),
    "ro": ("Ajustări", "Ajust."),
    "it": ("Rettifiche", "Rett."),
}


def played_drive(club, language, organiser, points=-3):
    """Nine players (a sit-out column and two groups too, every column
    printed), four hands played, player 1 adjusted by `points`."""
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=9, club=club, hands=4)
    play_drive(drive)
    Adjustment.objects.create(
        entry=drive.entries.get(number=1),
        points=points,
        reason="late",
        created_by=organiser,
    )
    return drive


def page_heads(client, drive) -> list[str]:
    html = client.get(f"/drives/{drive.pk}/leaderboard/").content.decode()
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    return [h.replace("\N{SOFT HYPHEN}", "").strip() for h in heads]


@pytest.mark.parametrize("language", list(WORDS))
def test_the_workbook_heads_the_column_as_the_page_does(
    club, language, organiser, organiser_client
):
    drive = played_drive(club, language, organiser)
    plural, singular = WORDS[language]
    assert plural in page_heads(organiser_client, drive)
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    workbook = load_workbook(buffer)
    headed = {
        sheet.title: next(sheet.iter_rows(max_row=1, values_only=True))
        for sheet in workbook
    }
    with_column = [t for t, row in headed.items() if plural in row]
    # Results and Hands (no cards were typed in: no Cards sheet).
    assert len(with_column) >= 2, headed
    assert not [t for t, row in headed.items() if singular in row], headed
    # The Adjustments sheet: its one adjustment is one, in the singular.
    kinds = [
        row[2]
        for sheet in workbook
        for row in sheet.iter_rows(values_only=True)
        if row and row[0] == 1 and singular in row
    ]
    assert kinds == [singular]


@needs_pdftotext
@pytest.mark.parametrize("language", list(WORDS))
def test_the_results_sheet_heads_the_column_as_the_page_does(
    club, language, organiser, tmp_path
):
    drive = played_drive(club, language, organiser)
    plural, singular = WORDS[language]
    with translation.override(language):
        words = pdf_text(render(drive, "results").data, tmp_path).split()
    assert plural in words
    assert singular not in words


@needs_pdftotext
@pytest.mark.parametrize("language", list(WHOLE))
def test_the_adjustment_column_says_its_whole_word(language, organiser, tmp_path):
    drive = played_drive(ClubFactory(language=language), language, organiser, -13)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\nBooby")
    with translation.override(language):
        text = pdf_text(render(drive, "results").data, tmp_path)
    word, short = WHOLE[language]
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
