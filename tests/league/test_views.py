"""Seasons, the league table and a player's history through the services and pages."""

from __future__ import annotations

import datetime
import io

import pytest
from openpyxl import load_workbook

from league import selectors as league_selectors
from league import services as league_services
from league.models import Season
from prizes import selectors as prize_selectors
from scoring import selectors
from tests.factories import (
    ClubFactory,
    PlayerFactory,
)
from tests.prizes.fixtures import (
    finished_tie,
    season_form,
    set_order,
    two_hand_drive,
)

pytestmark = pytest.mark.django_db

NS_WINS = 9


def test_seasons_refuse_overlapping_dates(club, organiser_client):
    assert organiser_client.post("/seasons/", season_form()).status_code == 302
    response = organiser_client.post(
        "/seasons/", season_form("Winter", "2026-12-01", "2027-03-31")
    )
    assert response.status_code == 400
    assert "These dates overlap 2026" in response.content.decode()
    assert Season.objects.count() == 1
    backwards = organiser_client.post(
        "/seasons/", season_form("Odd", "2027-05-01", "2027-04-01")
    )
    assert backwards.status_code == 400
    assert "ends on or after" in backwards.content.decode()
    nonsense = organiser_client.post("/seasons/", season_form("Odd", "soon", "later"))
    assert nonsense.status_code == 400
    assert Season.objects.count() == 1
    # Editing a season into another's dates is refused too.
    organiser_client.post("/seasons/", season_form("2027", "2027-01-01", "2027-12-31"))
    later = Season.objects.get(name="2027")
    edit = organiser_client.post(
        f"/seasons/{later.pk}/edit/", season_form("2027", "2026-06-01", "2027-12-31")
    )
    assert edit.status_code == 400
    later.refresh_from_db()
    assert later.start == datetime.date(2027, 1, 1)
    # Another club may use the same dates.
    other = ClubFactory()
    league_services.season_create(
        club=other,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def test_league_table_with_best_of_and_minimum_attendance(
    club, organiser_client, assistant_client
):
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(5)]
    lineups = [players[:4], players[:3] + [players[4]], players[:4]]
    drives = []
    for index, lineup in enumerate(lineups):
        drive, _ = finished_tie(
            club,
            players=lineup,
            date=datetime.date(2026, 3, 1 + index),
            seed=index + 1,
        )
        drives.append(drive)
    # A drive outside the season and an unfinished one do not count.
    finished_tie(club, players=players[:4], date=datetime.date(2025, 12, 1))
    two_hand_drive(club, players=players[:4], date=datetime.date(2026, 4, 1))
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    assert (
        organiser_client.post(
            "/seasons/settings/", {"best_of": "2", "min_attendance": "2"}
        ).status_code
        == 302
    )

    totals: dict[int, list[int]] = {}
    for drive in drives:
        for row in selectors.leaderboard(drive=drive):
            player = drive.entries.get(number=row.number).player_id
            totals.setdefault(player, []).append(row.total)
    page = assistant_client.get(f"/seasons/{season.pk}/")
    assert page.status_code == 200
    rows = page.context["league"].rows
    by_player = {r.player: r for r in rows}
    for player, scores in totals.items():
        row = by_player[player]
        assert row.drives == len(scores)
        assert row.counted == min(2, len(scores))
        assert row.total == sum(sorted(scores, reverse=True)[:2])
        assert row.qualified == (len(scores) >= 2)
    assert by_player[players[4].pk].rank is None
    ranked = [r for r in rows if r.rank is not None]
    assert [r.total for r in ranked] == sorted((r.total for r in ranked), reverse=True)
    assert rows[-1].player == players[4].pk

    attendance = assistant_client.get(f"/seasons/{season.pk}/attendance/")
    present = {r.player: r.present for r in attendance.context["attendance"].rows}
    assert present[players[0].pk] == (True, True, True)
    assert present[players[3].pk] == (True, False, True)
    assert present[players[4].pk] == (False, True, False)
    assert attendance.context["attendance"].counts == [4, 4, 4]

    workbook = assistant_client.get(f"/seasons/{season.pk}/league.xlsx")
    assert workbook.status_code == 200
    book = load_workbook(io.BytesIO(workbook.content))
    assert book.sheetnames == ["League", "Attendance", "Drive scores"]
    # The line naming the club and the season, then the headers.
    league_rows = list(book["League"].values)
    assert league_rows[0][0].startswith(f"{club.name} · League: {season.name} · made ")
    assert league_rows[0][1:] == (None,) * 7
    league_rows = league_rows[1:]
    assert league_rows[0] == (
        "Rank",
        "Name",
        "Drives",
        "Counted",
        "Total",
        "Average",
        "Per hand",
        "Note",
    )
    assert [row[4] for row in league_rows[1:]] == [r.total for r in rows]
    assert league_rows[-1][0] is None  # the unqualified player has no rank
    attendance_rows = list(book["Attendance"].values)
    assert attendance_rows[0][:2] == ("Name", "Drives")
    assert attendance_rows[-1] == ("Players", None, 4, 4, 4)

    history = assistant_client.get(f"/players/{players[0].pk}/history/")
    assert history.status_code == 200
    lines = history.context["rows"]
    assert len(lines) == 4  # the three season drives and the one before it
    assert [line.total for line in lines[1:]][::-1] == totals[players[0].pk]
    assert all(1 <= line.rank <= 4 and line.field_size == 4 for line in lines)
    for line in lines:
        won = [
            league_selectors.history_prize(a.title, a.status)
            for a in prize_selectors.drive_prizes(drive=line.drive).awards
            if any(w.number == line.number for w in a.winners)
        ]
        # Four players, seven prizes: 1st, 2nd, 3rd and the booby go round everyone.
        assert line.prizes and list(line.prizes) == won
    in_season = assistant_client.get(
        f"/players/{players[0].pk}/history/?season={season.pk}"
    )
    assert len(in_season.context["rows"]) == 3


def test_a_season_tie_waits_for_the_draw(club, organiser_client):
    players = [PlayerFactory(club=club) for _ in range(4)]
    drive, seats = finished_tie(club, players=players)
    set_order(club, "draw")
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    league = league_selectors.league(season=season)
    tie = league.open_draws[0]
    player_of = {e.number: e.player_id for e in drive.entries.all()}
    s, w = player_of[seats["S"]], player_of[seats["W"]]
    assert tie["members"] == ",".join(str(k) for k in sorted((s, w)))
    response = organiser_client.post(
        f"/seasons/{season.pk}/draw/",
        {"contest": "league", "members": tie["members"], "winner": str(w)},
    )
    assert response.status_code == 302
    rows = league_selectors.league(season=season).rows
    assert [r.player for r in rows[1:3]] == [w, s]
    assert rows[1].note == "decided by a draw"
    again = organiser_client.post(
        f"/seasons/{season.pk}/draw/",
        {"contest": "league", "members": tie["members"], "winner": str(w)},
    )
    assert again.status_code == 409
