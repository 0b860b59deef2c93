"""The season workbook's `League` sheet holds the league page's table, cell
for cell, in the page's language: the averages per drive and per hand as
numbers, and the note saying how a tie was placed or why a row has no rank."""

from __future__ import annotations

import datetime
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from league import services as league_services
from tests.factories import PlayerFactory
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_league_sheet_is_the_league_page(club, organiser_client, language):
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(5)]
    # Two drives of four; Members 0 and 4 come once, short of the two needed.
    for index, lineup in enumerate([players[:4], players[1:]]):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index
        )
    set_order(club, "count_back", "shared", min_attendance=2)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/seasons/{season.pk}/")
    rows = page.context["league"].rows
    book = load_workbook(
        io.BytesIO(organiser_client.get(f"/seasons/{season.pk}/league.xlsx").content)
    )
    # The line naming the club and the season (tests/printing/
    # test_season_workbook_title), then the headers and the rows.
    sheet = list(book.worksheets[0].values)[1:]
    assert len(sheet[0]) == 8
    html = page.content.decode()
    for heading in sheet[0][6:]:
        assert f">{heading}</th>" in html  # Per hand and Note, as the page heads them
    with translation.override(language):  # the note is said when read
        shown = [
            (
                row.rank,
                row.name,
                row.drives,
                row.counted,
                row.total,
                float(row.average_per_drive),
                float(row.average_per_hand),
                row.note or None,
            )
            for row in rows
            if row.qualified
        ]
    assert sheet[1 : len(shown) + 1] == shown
    assert any(row[-1] for row in shown)  # a tie placed by its rule, and said so
    unranked = sheet[len(shown) + 1 :]
    assert {row[1] for row in unranked} == {"Member 0", "Member 4"}
    for row in unranked:  # "not yet qualified", as the page says it
        assert row[0] is None and row[-1] and f">{row[-1]}</td>" in html
