"""The projector on the boards of a finished drive turns to the prize-giving
as the MC presses Start: a watch on the boards asks every few seconds, and
the answer tells the page to reload once the prize-giving is on (the boards
themselves turn only every 15 seconds)."""

from __future__ import annotations

import pytest
from django.test import Client

from drive.models import Drive
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.prize_giving import press

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def _projector(client: Client, drive: Drive, board: str = "overall") -> str:
    return client.get(
        f"/drives/{drive.pk}/projector/?board={board}", headers=HTMX
    ).content.decode()


def test_the_boards_watch_for_the_start_of_the_prize_giving(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    watch = f"/drives/{drive.pk}/prize-giving/watch/"
    # In play: no prize-giving to watch for.
    assert "data-giving-watch" not in _projector(organiser_client, drive)
    play_drive(drive, tricks=varied_tricks)
    for board in ("overall", "race"):
        page = _projector(organiser_client, drive, board)
        assert f'hx-get="{watch}" hx-trigger="every 3s"' in page
    quiet = organiser_client.get(watch, headers=HTMX)
    assert quiet.status_code == 204 and "HX-Refresh" not in quiet.headers

    press(organiser_client, drive, "start")
    started = organiser_client.get(watch, headers=HTMX)
    assert started.status_code == 204
    assert started.headers["HX-Refresh"] == "true"
    page = _projector(organiser_client, drive)
    assert '<h1 class="prize-title">' in page and "data-giving-watch" not in page

    # Back to the boards: they watch again, for "Go on with the prize-giving".
    press(organiser_client, drive, "stop")
    assert "data-giving-watch" in _projector(organiser_client, drive)
    assert "HX-Refresh" not in organiser_client.get(watch, headers=HTMX).headers
    assert Client().get(watch).status_code in (302, 403)
