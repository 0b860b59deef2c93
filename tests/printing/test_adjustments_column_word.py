"""The column of each player's adjustments added up has one word on the
leaderboard, the results sheet and the workbook (Results, Hands, Cards): a
total of them all, in the plural as the page says it ("Korekty", not the
singular "Korekta" of one adjustment). One row of the Adjustments sheet is one
adjustment, and keeps the singular."""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from printing import exports
from scoring.models import Adjustment
from tests.factories import drive_with_players, play_drive
from tests.printing.printed import needs_pdftotext, pdf_text, render

pytestmark = pytest.mark.django_db

# The page's word, and the singular that names one adjustment.
WORDS = {
    "pl": ("Korekty", "Korekta"),
    "ru": ("Поправки", "Поправка"),
    "ro": ("Ajustări", "Ajustare"),
    "it": ("Rettifiche", "Rettifica"),
}


def played_drive(club, language, organiser):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=9, club=club, hands=4)
    play_drive(drive)
    Adjustment.objects.create(
        entry=drive.entries.get(number=1),
        points=-3,
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
