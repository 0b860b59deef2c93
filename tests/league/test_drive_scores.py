"""Each player's drives on the league page and the workbook's `Drive scores`
sheet: every drive's score, the ones not counted (best N of M) marked, the
counted ones adding up to the league total, the sheet the same as the page."""

from __future__ import annotations

import datetime
import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from players.dates import short_date
from printing import league_exports
from tests.league.seasons import best_two_of_three

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club, organiser_client):
    return best_two_of_three(club, organiser_client)


def test_the_page_shows_every_drive_with_the_dropped_ones_marked(
    season, assistant_client
):
    page = assistant_client.get(f"/seasons/{season.pk}/")
    assert page.status_code == 200
    league = page.context["league"]
    html = page.content.decode()
    dropped_in_all = 0
    for player in league.player_drives:
        row = player.row
        played = [score for _drive, score in player.played]
        assert len(played) == row.drives
        kept = [s.total for s in played if s.counted]
        dropped = [s.total for s in played if s.dropped]
        assert sum(kept) == row.total
        assert len(dropped) == max(0, row.drives - 2)
        assert not dropped or max(dropped) <= min(kept)
        dropped_in_all += len(dropped)
        details = re.search(
            rf'<details class="player-drives" id="drives-{row.player}">(.*?)</details>',
            html,
            re.S,
        ).group(1)
        assert f"{row.name}: <strong>{row.total}</strong>" in details
        assert details.count("<li") == row.drives
        assert details.count("<del>") == len(dropped)
        assert details.count("not counted") == len(dropped)
    assert dropped_in_all == 3  # three players played all three drives
    # Member 4, one drive of a best 2: nothing dropped.
    one = next(p for p in league.player_drives if p.row.drives == 1)
    assert one.dropped == []
    assert "(1 of 1 drive counted)" in html


def test_the_workbook_sheet_is_the_page(season, assistant_client):
    page = assistant_client.get(f"/seasons/{season.pk}/")
    league = page.context["league"]
    response = assistant_client.get(f"/seasons/{season.pk}/league.xlsx")
    book = load_workbook(io.BytesIO(response.content))
    sheet = book["Drive scores"]
    rows = list(sheet.iter_rows())
    dates = [cell.value for cell in rows[0][3:-1]]
    assert [c.value for c in rows[0][:3]] == ["Rank", "Name", "Total"]
    assert rows[0][-1].value == "Not counted"
    assert dates == [datetime.datetime(2026, 3, d) for d in (1, 2, 3)]
    assert all(cell.is_date for cell in rows[0][3:-1])
    assert [c.value for c in rows[1][3:-1]] == [d.name for d in league.drives]
    league_sheet = list(book["League"].values)[2:]  # under its title and headers
    assert len(rows) - 2 == len(league.player_drives) == len(league_sheet)
    for cells, player, league_row in zip(
        rows[2:], league.player_drives, league_sheet, strict=True
    ):
        rank, name, total = (c.value for c in cells[:3])
        assert (rank, name, total) == (
            player.row.rank,
            player.row.name,
            player.row.total,
        )
        assert total == league_row[4]
        scores = cells[3:-1]
        assert [c.value for c in scores] == [s.total for _d, s in player.scores]
        grey = [c.fill.fgColor.rgb == "FFD9D9D9" for c in scores]
        assert grey == [s.dropped for _d, s in player.scores]
        white = [c.value for c, g in zip(scores, grey, strict=True) if not g]
        assert sum(v for v in white if v is not None) == total
        note = cells[-1].value
        assert note == (
            ", ".join(short_date(d.date, padded=True) for d, _s in player.dropped)
            or None
        )


def test_the_sheet_and_its_words_in_polish(season):
    with translation.override("pl"):
        book = league_exports.build_season_workbook(season=season)
        buffer = io.BytesIO()
        book.save(buffer)
    names = load_workbook(io.BytesIO(buffer.getvalue())).sheetnames
    assert names[2] == "Wyniki turniejów"
