"""A score for reading has the true minus sign, U+2212 ("−5"), on the pages
and the printed sheets in every language; the workbook's cells stay numbers
and the CSV keeps the hyphen-minus."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse

from drive import services as drive_services
from players.score_text import MINUS, score_text, signed_text
from printing.exports import write_results_csv
from scoring import selectors
from scoring.models import Adjustment
from tests.factories import drive_with_players, play_drive
from tests.printing.fixtures import workbook_values

pytestmark = pytest.mark.django_db


def test_a_negative_score_has_the_minus_sign():
    assert MINUS == "\u2212"
    assert [score_text(v) for v in (-25, 0, 7, None)] == ["\u221225", "0", "7", ""]
    assert [signed_text(v) for v in (-2, 0, 3)] == ["\u22122", "0", "+3"]


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_boards_and_adjustments_write_the_minus_and_the_workbook_a_number(
    organiser_client, club, organiser, language
):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)
    entry = drive.entries.get(number=1)
    Adjustment.objects.create(
        entry=entry, points=-500, reason="late", created_by=organiser
    )
    board = organiser_client.get(
        reverse("scoring:leaderboard", args=[drive.pk])
    ).content.decode()
    assert '<td class="num wide">\u2212500</td>' in board
    assert ">-500<" not in board
    adjustments = organiser_client.get(
        reverse("scoring:adjustments", args=[drive.pk])
    ).content.decode()
    assert '<td class="num">\u2212500</td>' in adjustments
    # The workbook's cells: numbers, the adjustment a negative number.
    cells = [c for rows in workbook_values(drive).values() for r in rows for c in r]
    assert -500 in cells
    assert not [c for c in cells if isinstance(c, str) and MINUS in c]
    # The CSV: the hyphen-minus a spreadsheet reads as a number.
    output = io.StringIO()
    write_results_csv(drive=drive, output=output)
    text = output.getvalue()
    assert "-500" in text and MINUS not in text


def test_the_pages_players_see_write_a_negative_total_with_the_minus(
    organiser_client, club, organiser
):
    # The public board, the projector, the results and the prize list were
    # left writing "-500" when the organiser's board said "−500".
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)
    entry = drive.entries.get(number=1)
    Adjustment.objects.create(
        entry=entry, points=-500, reason="late", created_by=organiser
    )
    drive = drive_services.public_link_set(drive=drive, shared=True)
    total = next(s.total for s in selectors.leaderboard(drive=drive) if s.number == 1)
    assert total < 0
    shown = score_text(total)
    pages = {
        "public board": Client().get(f"/p/{drive.public_key}/"),
        "projector": organiser_client.get(
            reverse("scoring:projector", args=[drive.pk])
        ),
        "results": organiser_client.get(reverse("prizes:results", args=[drive.pk])),
        "public results": Client().get(
            reverse("prizes:public_results", args=[drive.public_key])
        ),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        html = response.content.decode()
        assert shown in html, name
        assert f">{total}<" not in html and f"{total} " not in html, name
