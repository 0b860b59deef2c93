"""What the captain's page and the public board load over the hall's Wi-Fi, and
the organiser's links to the phone pages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import DriveState
from tests.factories import drive_with_players, play_drive, prediction_drive
from tests.scoring.captain_phone import (
    page_url,
    post_result,
    table_of,
)

pytestmark = pytest.mark.django_db


# --- what the page loads over the hall's Wi-Fi -----------------------------------------

SCRIPT_OR_STYLE = re.compile(r'(?:src|href)="/static/([^"]+\.(?:js|css))"')


def loaded(html: str) -> set[str]:
    return set(SCRIPT_OR_STYLE.findall(html))


def test_the_captains_page_loads_only_what_it_uses(club):
    drive = drive_with_players(players=8, club=club, hands=3)
    table = table_of(drive, 1)
    client = Client()
    # Asking for a hand: captain.js does it all; no htmx, no organiser's script.
    asking = loaded(client.get(page_url(table)).content.decode())
    # (contrast.css: the high-contrast theme a phone may ask for.)
    assert asking == {
        "css/site.css",
        "css/captain.css",
        "css/contrast.css",
        "js/captain.js",
        "js/clock.js",
    }
    post_result(client, table, 1, 9)
    # Waiting for the room: captain.js asks for the next state (the markup says
    # how, as htmx would read it).
    html = client.get(page_url(table)).content.decode()
    assert 'data-mode="waiting"' in html and 'hx-trigger="every 5s"' in html
    assert loaded(html) == asking


def test_a_prediction_whist_deal_loads_htmx_to_check_it(club):
    drive = prediction_drive(club, players=8)
    html = Client().get(page_url(table_of(drive, 1))).content.decode()
    assert 'data-mode="enter"' in html and "hx-post" in html
    assert {"django_htmx/htmx-2.min.js", "js/captain_wist.js"} <= loaded(html)
    assert "js/site.js" not in loaded(html)


def test_the_public_board_loads_its_scripts_only_while_it_updates_itself(club):
    drive = drive_with_players(players=8, club=club, hands=1)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    live_board = loaded(Client().get(f"/p/{drive.public_key}/").content.decode())
    assert live_board == {
        "css/site.css",
        "css/captain.css",
        "css/contrast.css",
        # It asks for itself again (no htmx: board.js reads its hx-* markup).
        "js/board.js",
        # What it says when an update fails (a proxy's 502, lost Wi-Fi).
        "js/failures.js",
    }
    play_drive(drive)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    final = loaded(Client().get(f"/p/{drive.public_key}/").content.decode())
    assert final == {"css/site.css", "css/captain.css", "css/contrast.css"}


def test_the_organisers_links_to_the_phone_pages_are_not_boosted(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, hands=3)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    html = organiser_client.get(f"/drives/{drive.pk}/links/").content.decode()
    links = re.findall(r'<a href="([^"]*/(?:t|p)/[^"]+)"([^>]*)>', html)
    assert len(links) == 3  # two tables and the board
    for url, attributes in links:
        assert 'hx-boost="false"' in attributes, url
