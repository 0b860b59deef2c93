"""The round clock on the pages: the room's controls and its list of tables
still playing at time-up, the projector's large countdown, the captain's small
one, all counted by the server (its time frozen here)."""

from __future__ import annotations

import datetime
import re

import pytest

from drive.models import Drive, Table
from scoring import captain as captain_services
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club, server_clock) -> Drive:
    # 12 players: three tables; 2 hands a round of 5 minutes each: 10 minutes.
    return drive_with_players(
        players=12, club=club, hands=4, hands_per_round=2, clock_minutes=5
    )


def clock_of(html: str) -> tuple[str, str, str]:
    """(seconds left, running, time shown) of the page's clock element."""
    found = re.search(
        r'data-clock data-left="(\d+)" data-running="(\d)".*?data-clock-time>([^<]*)<',
        html,
        re.S,
    )
    assert found, "no clock on the page"
    return found.groups()


def note_of(html: str) -> str:
    return re.search(r"data-clock-note>([^<]*)<", html).group(1)


def test_the_room_shows_the_clock_and_its_controls(
    assistant_client, drive, server_clock
):
    server_clock.advance(75)
    html = assistant_client.get(drive_url(drive, "room/")).content.decode()
    assert clock_of(html) == ("525", "1", "8:45")
    assert note_of(html) == "until 19:40"  # London time, in November GMT
    assert 'value="pause"' in html and 'name="extend" value="5"' in html
    assert 'value="resume"' not in html


def test_pause_then_resume_from_the_room(assistant_client, drive, server_clock):
    url = drive_url(drive, "room/clock/")
    response = assistant_client.post(url, {"action": "pause"}, follow=True)
    assert response.redirect_chain == [(drive_url(drive, "room/"), 302)]
    assert messages_of(response) == ["The clock is paused."]
    html = response.content.decode()
    assert clock_of(html) == ("600", "0", "10:00") and note_of(html) == "Paused"
    assert 'value="resume"' in html and 'value="pause"' not in html
    server_clock.advance(600)
    response = assistant_client.post(url, {"extend": "2"}, follow=True)
    assert messages_of(response) == ["Time added: 12:00 left."]
    response = assistant_client.post(url, {"action": "resume"}, follow=True)
    assert clock_of(response.content.decode())[:2] == ("720", "1")


def test_refusals_come_back_with_words_and_their_status(assistant_client, drive):
    url = drive_url(drive, "room/clock/")
    response = assistant_client.post(url, {"action": "resume"})
    assert response.status_code == 409
    assert "The clock is already running." in messages_of(response)
    response = assistant_client.post(url, {"extend": "600"})
    assert response.status_code == 400
    assert "Add a whole number of minutes from 1 to 60." in messages_of(response)
    response = assistant_client.post(url, {"action": "x" * 5000})
    assert response.status_code == 400
    drive.refresh_from_db()
    assert drive.clock_state == "running"


def test_a_drive_without_a_round_time_says_where_to_set_one(assistant_client, club):
    plain = drive_with_players(players=8, club=club, hands=4)
    html = assistant_client.get(drive_url(plain, "room/")).content.decode()
    assert "data-clock " not in html
    assert "set the minutes per hand or per round" in html
    assert f'href="/drives/{plain.pk}/edit/"' in html


def test_stop_and_start_again(assistant_client, drive, server_clock):
    url = drive_url(drive, "room/clock/")
    html = assistant_client.post(url, {"action": "stop"}, follow=True).content.decode()
    assert "data-clock " not in html
    assert "Start the clock: 10 minutes" in html
    server_clock.advance(30)
    html = assistant_client.post(url, {"action": "start"}, follow=True).content.decode()
    assert clock_of(html) == ("600", "1", "10:00")


def test_at_time_up_the_room_lists_the_tables_still_playing(
    assistant_client, drive, server_clock
):
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=2),
        hand=1,
        ns_tricks=7,
        idempotency_key="a" * 22,
    )
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=2),
        hand=2,
        ns_tricks=7,
        idempotency_key="b" * 22,
    )
    server_clock.advance(9 * 60 + 30)
    html = assistant_client.get(drive_url(drive, "room/")).content.decode()
    assert note_of(html) == "Last minute" and "clock-warning" in html
    assert "Time is up. Still playing" not in html
    server_clock.advance(30)
    html = assistant_client.get(drive_url(drive, "room/")).content.decode()
    assert clock_of(html) == ("0", "1", "0:00") and note_of(html) == "Time is up"
    assert "clock-up" in html
    assert "Time is up. Still playing: tables 1 and 3." in html


def test_the_projector_has_a_large_countdown_asked_for_afresh(
    assistant_client, drive, server_clock
):
    html = assistant_client.get(drive_url(drive, "projector/")).content.decode()
    assert "clock-big" in html and clock_of(html)[0] == "600"
    assert f'hx-get="/drives/{drive.pk}/projector/clock/"' in html
    server_clock.advance(61)
    response = assistant_client.get(
        drive_url(drive, "projector/clock/"), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"] and "ETag" not in response
    assert clock_of(response.content.decode()) == ("539", "1", "8:59")


def test_the_projector_clock_stops_asking_when_the_drive_is_over(
    assistant_client, drive
):
    from tests.factories import play_drive

    play_drive(drive)
    response = assistant_client.get(
        drive_url(drive, "projector/clock/"), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 286
    assert "data-clock " not in response.content.decode()


def test_the_captain_sees_a_small_countdown_and_a_pause_is_news(
    client, drive, organiser, server_clock
):
    from drive import clock_services

    table = Table.objects.get(drive=drive, number=1)
    server_clock.advance(5)
    html = client.get(f"/t/{table.captain_key}/").content.decode()
    assert "clock-small" in html and clock_of(html) == ("595", "1", "9:55")
    fingerprint = re.search(r'data-fingerprint="([^"]+)"', html).group(1)
    news = f"/t/{table.captain_key}/news/?seen={fingerprint}&hand=1"
    assert client.get(news).status_code == 204
    clock_services.clock_change(drive=drive, action="pause", by=organiser)
    assert client.get(news).status_code == 200  # the phone reloads
    html = client.get(f"/t/{table.captain_key}/").content.decode()
    assert clock_of(html)[:2] == ("595", "0") and note_of(html) == "Paused"


def test_a_captain_page_without_a_clock_has_none(client, club):
    plain = drive_with_players(players=8, club=club, hands=4)
    table = Table.objects.get(drive=plain, number=1)
    assert "data-clock " not in client.get(f"/t/{table.captain_key}/").content.decode()


def test_the_drive_form_sets_the_clock_during_play(organiser_client, club):
    plain = drive_with_players(players=8, club=club, hands=4)
    html = organiser_client.get(drive_url(plain, "edit/")).content.decode()
    assert "Round clock: minutes" in html and 'name="clock_per"' in html


@pytest.mark.parametrize(
    "stored",
    [
        {
            "clock_state": "running",
            "clock_ends_at": datetime.datetime(
                9999, 12, 31, 23, 59, tzinfo=datetime.timezone.utc
            ),
        },
        {"clock_state": "paused", "clock_ends_at": None, "clock_left": 2_147_483_000},
    ],
)
def test_a_clock_no_page_could_make_answers_every_button(
    assistant_client, drive, stored, settings
):
    settings.TIME_ZONE = "Europe/Warsaw"  # an hour ahead: past year 9999
    Drive.objects.filter(pk=drive.pk).update(**stored)
    url = drive_url(drive, "room/clock/")
    for posted in ({"action": "pause"}, {"action": "resume"}, {"extend": "5"}):
        assert assistant_client.post(url, posted).status_code in (302, 409), posted
        html = assistant_client.get(drive_url(drive, "room/")).content.decode()
        assert int(clock_of(html)[0]) <= 600 * 60
    for page in ("projector/", "leaderboard/"):
        assert assistant_client.get(drive_url(drive, page)).status_code == 200
