"""The e-mailed card's last page: the player's own line beside the leader's
(printing.chart_page), drawn by the same chart as the results page."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import result_message
from scoring import race
from scoring.selectors import drive_scores
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.printing.printed import needs_pdftotext, pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive():
    return play_drive(drive_with_players(players=8, hands=4), tricks=varied_tricks)


@needs_pdftotext
def test_the_card_ends_with_the_players_line_beside_the_leaders(drive, tmp_path):
    rows = drive_scores(drive=drive).standings()
    last = rows[-1]
    entry = drive.entries.get(number=last.number)
    message = result_message.Composer(drive).message(entry)
    assert "Its last page charts your running total beside the leader's." in (
        message.body
    )
    text = pdf_text(message.pdf, tmp_path)
    pages = text.split("\f")
    assert "Final total" in pages[0]
    chart_page = next(p for p in pages if "beside the leader" in p)
    assert "You" in chart_page and "The leader" in chart_page
    # No other player's name: the card goes to this player alone.
    for row in rows[:-1]:
        assert row.name not in chart_page


def test_the_leaders_own_card_has_one_line(drive):
    scores = drive_scores(drive=drive)
    leader = scores.standings()[0]
    found = race.race(scores, top=1, own_number=leader.number)
    chart = race.own_chart(found, hand_word="Hand")
    assert [line.name for line in chart.lines] == ["You"]
    assert chart.lines[0].points[-1] == (4, leader.total)


@needs_pdftotext
def test_the_chart_page_speaks_the_players_language(drive, tmp_path):
    entry = drive.entries.get(number=1)
    with translation.override("ru"):
        message = result_message.Composer(drive).message(entry)
    text = pdf_text(message.pdf, tmp_path)
    assert "Вы" in text  # Cyrillic drawn in the card's own font
