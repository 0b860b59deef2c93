"""The Polish rank column's short heading reads as "place": «M-ce», the
abbreviation of *miejsce* Polish results tables print, on every board (the
organiser's leaderboard and results, the public page a phone opens, the
season's league), on the results sheet and the league sheet in both editions;
the workbooks, with room for it, keep the whole word «Miejsce». It said
«Msc.», which Polish dictionaries' lists of abbreviations give as
*miejscowość* (a town), not *miejsce*.
"""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive import services as drive_services
from league import services as league_services
from printing import exports
from tests.factories import PlayerFactory, drive_with_players, play_drive
from tests.printing.printed import needs_pdftotext, pdf_text, render
from tests.printing.season_book import season_book
from tests.prizes.fixtures import finished_tie

pytestmark = pytest.mark.django_db

SHORT = "M-ce"
WHOLE = "Miejsce"
# The rank column's heading as scoring/_rank_heading.html writes it.
HEADING = re.compile(
    r'<th[^>]*aria-label="([^"]*)"><abbr title="([^"]*)">([^<]*)</abbr></th>'
)


def rank_headings(html: str) -> list[tuple[str, str, str]]:
    return HEADING.findall(html)


def polish_drive(club):
    club.language = "pl"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=9, club=club, hands=4)
    play_drive(drive)
    return drive_services.public_link_set(drive=drive, shared=True)


def polish_season(club):
    club.language = "pl"
    club.save(update_fields=["language"])
    players = [PlayerFactory(club=club, name=f"Gracz {n}") for n in range(1, 6)]
    for index, lineup in enumerate([players[:4], players[1:]]):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index
        )
    return league_services.season_create(
        club=club,
        name="Zima 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def test_the_boards_head_the_rank_column_m_ce(club, client, organiser_client):
    drive = polish_drive(club)
    organiser_client.cookies["django_language"] = "pl"
    client.cookies["django_language"] = "pl"
    pages = {
        "leaderboard": organiser_client.get(f"/drives/{drive.pk}/leaderboard/"),
        "results": organiser_client.get(f"/drives/{drive.pk}/results/"),
        "public": client.get(f"/p/{drive.public_key}/"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        html = response.content.decode()
        assert 'lang="pl"' in html, name
        assert rank_headings(html), name
        # The short word shown, the whole one in its title and for a screen reader.
        assert set(rank_headings(html)) == {(WHOLE, WHOLE, SHORT)}, name
        assert "Msc." not in html, name


@needs_pdftotext
def test_the_league_heads_the_rank_column_m_ce(club, organiser_client, tmp_path):
    season = polish_season(club)
    organiser_client.cookies["django_language"] = "pl"
    response = organiser_client.get(f"/seasons/{season.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert set(rank_headings(html)) == {(WHOLE, WHOLE, SHORT)}
    assert "Msc." not in html
    sheet = organiser_client.get(f"/seasons/{season.pk}/league.pdf")
    assert sheet.status_code == 200
    words = pdf_text(sheet.content, tmp_path).split()
    assert SHORT in words
    assert "M-" not in words and "Msc." not in words
    # The season's workbook has room for the whole word.
    table = season_book(season, "pl").worksheets[0]
    headings = [row for row in table.iter_rows(values_only=True) if WHOLE in row]
    assert headings and headings[0][0] == WHOLE
    assert not [row for row in table.iter_rows(values_only=True) if SHORT in row]


@needs_pdftotext
@pytest.mark.parametrize("edition", ["standard", "large"])
def test_the_results_sheet_heads_the_rank_column_m_ce(club, edition, tmp_path):
    drive = polish_drive(club)
    with translation.override("pl"):
        text = pdf_text(render(drive, "results", edition=edition).data, tmp_path)
    words = text.split()
    # Whole, never broken at its hyphen ("M-" over "ce").
    assert SHORT in words, edition
    assert "M-" not in words and "Msc." not in words, edition


def test_the_workbook_keeps_the_whole_word(club):
    drive = polish_drive(club)
    buffer = io.BytesIO()
    with translation.override("pl"):
        exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    results = load_workbook(buffer).worksheets[0]
    assert next(results.iter_rows(max_row=1, values_only=True))[0] == WHOLE
