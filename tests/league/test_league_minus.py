"""A league below zero, on the season's page and its printed
table: the averages per drive and per deal, and on the printed table the
totals and each drive's scores too, take the true minus sign as every other
score a player reads ("−16,00" in Romanian, "−16.00" in English), in the
language's decimal mark. The page wrote "-16,00 -1,00" beside its "−16"
total, the printed table "-16 -16,00 -1,00". The workbook keeps numbers."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import translation

from league.models import Season
from players.score_text import MINUS
from printing.league_sheet import load_league_sheet
from scoring import services as scoring_services
from tests.predictions import play_to_the_end, prediction_drive

pytestmark = pytest.mark.django_db

HYPHEN_NUMBER = re.compile(r"(?<![\w.,])-\d")


@pytest.fixture
def season_below_zero(club):
    """A prediction season whose last player ends below zero: a finished
    drive, and entry 1 fined 1000 points (a negative total in any deal)."""
    drive = play_to_the_end(prediction_drive(club, players=8, games=2), seed=1)
    scoring_services.adjustment_add(
        entry=drive.entries.get(number=1), points=-1000, reason="Fined", by=None
    )
    return Season.objects.create(
        club=club,
        name="Winter",
        start=drive.date - datetime.timedelta(days=30),
        end=drive.date + datetime.timedelta(days=30),
        game="predictions",
    )


def cells(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)
    ]


@pytest.mark.parametrize(
    ("language", "mark"), [("ro", ","), ("it", ","), ("en-gb", ".")]
)
def test_the_league_page_writes_negative_averages_with_the_true_minus(
    organiser_client, season_below_zero, language, mark
):
    organiser_client.cookies["django_language"] = language
    response = organiser_client.get(f"/seasons/{season_below_zero.pk}/")
    assert response.status_code == 200
    shown = cells(response.content.decode())
    averages = [c for c in shown if re.fullmatch(rf"[−-]?\d+\{mark}\d\d", c)]
    assert any(c.startswith(MINUS) for c in averages), averages
    assert not [c for c in shown if HYPHEN_NUMBER.search(c)], shown


@pytest.mark.parametrize(("language", "mark"), [("ro", ","), ("en-gb", ".")])
def test_the_printed_league_writes_totals_averages_and_scores_with_the_true_minus(
    season_below_zero, language, mark
):
    with translation.override(language):
        sheet = load_league_sheet(season=season_below_zero)
    texts = [
        line.texts[key]
        for line in sheet.lines
        for key in ("total", "per_drive", "per_hand")
    ]
    scores = [score.score for line in sheet.grid.lines for score in line.scores]
    scores += [line.total for line in sheet.grid.lines]
    assert any(text.startswith(MINUS) for text in texts), texts
    assert any(text.startswith(MINUS) for text in scores), scores
    assert not [t for t in texts + scores if HYPHEN_NUMBER.search(t)]
    # The decimal mark stays the language's.
    assert any(re.fullmatch(rf"{MINUS}\d+\{mark}\d\d", t) for t in texts), texts
