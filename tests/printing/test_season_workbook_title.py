"""The season's workbook names what it is inside the file, for a secretary
who forwards it to the county: the `League` sheet begins with a line over
its headers, the club · "League: 2026" · the day it was made, in the
workbook's language; the workbook's properties give the season's title and,
as its author, the club. The line stays in sight with the headers, stored
as text whatever the club's name begins with.

The season has no CSV download; the drive's results CSV has no title line
either (a CSV stays one header row and its data, for machines)."""

from __future__ import annotations

import datetime
import io
import zoneinfo

import pytest
from django.utils import translation
from openpyxl import load_workbook

from players import dates
from printing import league_exports
from tests.factories import drive_with_players, play_drive
from tests.printing.season_book import season_2026

pytestmark = pytest.mark.django_db

MADE = datetime.date(2026, 12, 5)
# (the title line, the first header) in each language.
TITLED = {
    "en-gb": ("Trefl · League: 2026 · made {date}", "Rank"),
    "pl": ("Trefl · Liga: 2026 · utworzono {date}", "Miejsce"),
    "ru": ("Trefl · Лига: 2026 · создано {date}", "Место"),
    "ro": ("Trefl · Liga: 2026 · creat la {date}", "Loc"),
    "it": ("Trefl · Campionato: 2026 · creato il {date}", "Posizione"),
}


@pytest.fixture
def season(club, organiser):
    club.name = "Trefl"
    club.save(update_fields=["name"])
    play_drive(
        drive_with_players(
            players=8, hands=2, club=club, date=datetime.date(2026, 3, 5)
        ),
        by=organiser,
    )
    return season_2026(club)


def book_in(season, language, made=MADE):
    buffer = io.BytesIO()
    with translation.override(language):
        league_exports.build_season_workbook(season=season, made=made).save(buffer)
    return load_workbook(io.BytesIO(buffer.getvalue()))


@pytest.mark.parametrize("language", list(TITLED))
def test_the_league_sheet_begins_with_the_club_the_season_and_the_day(season, language):
    line, rank = TITLED[language]
    with translation.override(language):
        made = dates.short_date(MADE)
        title = league_exports.season_title(season)
    book = book_in(season, language)
    sheet = book.worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][0] == line.format(date=made)
    assert set(rows[0][1:]) == {None}  # one cell, running on beside it
    assert sheet["A1"].font.bold and sheet["A1"].data_type == "s"
    assert rows[1][0] == rank  # the headers under it, then the players
    assert len(rows) == 2 + 8
    assert sheet.freeze_panes == "C3"  # the line and the headers stay in sight
    # The properties a file manager and a spreadsheet's "Info" show.
    assert book.properties.title == title
    assert book.properties.creator == "Trefl"


def test_a_club_name_like_a_formula_stays_text(season):
    season.club.name = "=Trefl"
    season.club.save(update_fields=["name"])
    sheet = book_in(season, "en-gb").worksheets[0]
    assert sheet["A1"].data_type == "s"
    assert sheet["A1"].value.startswith("=Trefl · League: 2026 · made ")


def test_the_download_is_made_on_the_clubs_day(season, assistant_client):
    season.club.time_zone = "Pacific/Auckland"
    season.club.save(update_fields=["time_zone"])
    response = assistant_client.get(f"/seasons/{season.pk}/league.xlsx")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    today = datetime.datetime.now(zoneinfo.ZoneInfo("Pacific/Auckland")).date()
    with translation.override("en-gb"):
        made = dates.short_date(today)
    assert book.worksheets[0]["A1"].value == f"Trefl · League: 2026 · made {made}"
    assert book.properties.creator == "Trefl"
    assert book.properties.title == "League: 2026"
