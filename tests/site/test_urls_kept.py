"""Every URL a printed card, a table card's QR code or a bookmark may hold still answers.

The list was taken from the URL configuration before the apps were split by
subject (issue 15): every named URL reversed for a sample finished drive, a
season and a player, and the status a GET had then, as the organiser. A page
that has moved answers a permanent redirect (301) to its new place instead.
"""

from __future__ import annotations

import datetime

import pytest

from drive.models import Drive
from league import services as league_services
from tests.factories import PlayerFactory, drive_with_players, play_drive

# (path, status of a GET then): 405 where the URL only takes a POST.
URLS_BEFORE_THE_SPLIT = [
    ("/", 302),
    ("/club/people/", 200),
    ("/club/prizes/", 200),
    ("/drives/", 200),
    ("/drives/{drive}/", 200),
    ("/drives/{drive}/adjustments/", 200),
    ("/drives/{drive}/adjustments/999/delete/", 405),
    ("/drives/{drive}/audit/", 200),
    ("/drives/{drive}/balance/", 405),
    ("/drives/{drive}/edit/", 200),
    ("/drives/{drive}/entries/", 200),
    ("/drives/{drive}/entries/{entry}/", 405),
    ("/drives/{drive}/export.xlsx", 200),
    ("/drives/{drive}/half-time/", 200),
    ("/drives/{drive}/hands/", 200),
    ("/drives/{drive}/hands/1/table/1/", 200),
    ("/drives/{drive}/leaderboard/", 200),
    ("/drives/{drive}/links/", 200),
    ("/drives/{drive}/links/public/", 405),
    ("/drives/{drive}/links/public/qr.svg", 200),
    ("/drives/{drive}/links/table/1/qr.svg", 200),
    ("/drives/{drive}/links/table/1/reissue/", 405),
    ("/drives/{drive}/movement/", 200),
    ("/drives/{drive}/open/", 405),
    ("/drives/{drive}/print/", 400),
    ("/drives/{drive}/print/scorecards.pdf", 200),
    ("/drives/{drive}/prizes/", 200),
    ("/drives/{drive}/prizes/custom/", 405),
    ("/drives/{drive}/prizes/draw/", 405),
    ("/drives/{drive}/prizes/draw/999/undo/", 405),
    ("/drives/{drive}/prizes/edit/", 200),
    ("/drives/{drive}/prizes/mystery/", 405),
    ("/drives/{drive}/projector/", 200),
    ("/drives/{drive}/results.csv", 200),
    ("/drives/{drive}/results/", 200),
    ("/drives/{drive}/room/", 200),
    ("/drives/{drive}/room/next/", 405),
    ("/drives/{drive}/room/resolve/", 405),
    ("/drives/{drive}/scores/", 200),
    ("/drives/{drive}/seating/", 200),
    # Was POST only; now a GET asks before starting (the drive here is in
    # play, so it leads to the drive's page).
    ("/drives/{drive}/start/", 302),
    ("/drives/new/", 200),
    ("/login/", 302),
    ("/logout/", 405),
    ("/p/{public_key}/", 200),
    ("/p/{public_key}/results/", 200),
    ("/players/", 200),
    ("/players/{player}/", 200),
    ("/players/{player}/active/", 405),
    ("/players/{player}/delete/", 405),
    ("/players/{player}/history/", 200),
    ("/players/import/", 200),
    ("/seasons/", 200),
    ("/seasons/{season}/", 200),
    ("/seasons/{season}/attendance/", 200),
    ("/seasons/{season}/delete/", 405),
    ("/seasons/{season}/draw/", 405),
    ("/seasons/{season}/draw/999/undo/", 405),
    ("/seasons/{season}/edit/", 200),
    ("/seasons/{season}/league.xlsx", 200),
    ("/seasons/{season}/league.pdf", 200),
    ("/seasons/settings/", 405),
    ("/setup/", 302),
    ("/t/{captain_key}/", 200),
    ("/t/{captain_key}/confirm/", 405),
    ("/t/{captain_key}/news/", 200),
    ("/t/{captain_key}/result/", 405),
]


@pytest.fixture
def places(club, organiser):
    drive = drive_with_players(players=8, club=club, hands=4)
    play_drive(drive)
    drive.public_key = "PUBLICKEYPUBLICKEYPUBLICKEY"
    drive.save(update_fields=["public_key"])
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    return {
        "drive": drive.pk,
        "entry": drive.entries.order_by("pk").first().pk,
        "season": season.pk,
        "player": PlayerFactory(club=club).pk,
        "captain_key": drive.tables.get(number=1).captain_key,
        "public_key": drive.public_key,
    }


@pytest.mark.django_db
def test_every_url_of_before_the_split_answers_as_then(places, organiser_client):
    changed = []
    for template, status in URLS_BEFORE_THE_SPLIT:
        path = template.format(**places)
        response = organiser_client.get(path)
        if response.status_code == status:
            continue
        if response.status_code == 301:
            moved = organiser_client.get(response["Location"])
            if moved.status_code == status:
                continue
        changed.append((template, status, response.status_code))
    assert changed == []


@pytest.mark.django_db
def test_secret_links_answer_a_phone_without_a_login(places, client):
    drive = Drive.objects.get(pk=places["drive"])
    first = drive.entries.order_by("number").first().player.name
    for template, shows in (
        ("/t/{captain_key}/", "Table 1"),
        ("/p/{public_key}/", first),
        ("/p/{public_key}/results/", first),
    ):
        response = client.get(template.format(**places))
        assert response.status_code == 200, template
        page = response.content.decode()
        assert drive.name in page and shows in page, template
