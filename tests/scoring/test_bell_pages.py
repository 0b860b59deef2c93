"""The bell on the pages: the room's "Ring the bell on the projector" (a plain
form), the projector hearing the count go up, and its call in the club's
language with the drive's own group names."""

from __future__ import annotations

import html
import re

import pytest

from drive.models import Drive, DriveState
from tests.factories import drive_with_players
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(club) -> Drive:
    return drive_with_players(players=8, club=club)


def bell_of(page: str) -> dict[str, str]:
    found = re.search(r"<span hidden data-bell ([^>]*)>", page)
    assert found, "no bell on the page"
    return {
        name: html.unescape(value)
        for name, value in re.findall(r'data-bell-([\w-]+)="([^"]*)"', found.group(1))
    }


def test_the_room_rings_the_bell_and_the_projector_hears_it(organiser_client, drive):
    room = organiser_client.get(drive_url(drive, "room/")).content.decode()
    assert "Ring the bell on the projector" in room
    before = bell_of(
        organiser_client.get(drive_url(drive, "projector/clock/")).content.decode()
    )
    assert before["rung"] == "0" and before["round"] == "1"
    response = organiser_client.post(drive_url(drive, "room/bell/"), follow=True)
    assert response.redirect_chain[-1] == (drive_url(drive, "room/"), 302)
    assert "The bell rings on the projector." in messages_of(response)
    after = bell_of(
        organiser_client.get(drive_url(drive, "projector/clock/")).content.decode()
    )
    assert after["rung"] == "1"
    assert after["call"].startswith("Losers move: Ladies up one table")


def test_an_assistant_may_ring_it_too(assistant_client, drive):
    assert assistant_client.post(drive_url(drive, "room/bell/")).status_code == 302
    drive.refresh_from_db()
    assert drive.bell_rung == 1


def test_the_projector_calls_in_the_clubs_language_with_the_drives_groups(
    organiser_client, club, drive
):
    club.language = "ru"
    club.save()
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Червы", group_b_label="Пики"
    )
    page = organiser_client.get(drive_url(drive, "projector/")).content.decode()
    bell = bell_of(page)
    assert bell["call"].startswith(
        "Переходят проигравшие: Червы\xa0— на стол выше, Пики\xa0— на стол ниже."
    )
    assert bell["start"] == "Тур 1: играем."
    assert "Включить звук" in page  # "Sound on", once, for the browser's sake


def test_the_projector_reads_the_call_aloud_with_the_seats_in_words(
    organiser_client, club, drive
):
    """What the projector shows keeps the Polish cards' letters ("Panie na N");
    what it reads aloud (static/js/bell.js speaks data-bell-call-spoken) says
    the seats in words, which a speech engine does not spell out."""
    club.language = "pl"
    club.save()
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Panie", group_b_label="Panowie"
    )
    bell = bell_of(
        organiser_client.get(drive_url(drive, "projector/")).content.decode()
    )
    assert bell["call"].endswith("Panie na N, Panowie przesiadają się na W.")
    assert bell["call-spoken"].endswith(
        "Panie na Północy, Panowie przesiadają się na Zachód."
    )
    assert bell["call-spoken"].startswith("Przechodzą przegrani: Panie o jeden")
    assert bell["start"] == bell["start-spoken"] == "Runda 1: gramy."


def test_a_bell_after_the_drive_is_refused_in_words(organiser_client, drive):
    Drive.objects.filter(pk=drive.pk).update(state=DriveState.FINISHED)
    response = organiser_client.post(drive_url(drive, "room/bell/"))
    assert response.status_code == 409
    assert "The bell rings only while the drive is in play." in messages_of(response)


def test_the_bell_is_a_form_not_a_link(organiser_client, drive):
    assert organiser_client.get(drive_url(drive, "room/bell/")).status_code == 405
