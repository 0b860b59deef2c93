"""The bell in the record of changes: the organiser ringing it on the projector
(drive.clock_services.bell_ring) and ending a round with it
(scoring.services.round_start_next), each with who did it, in the page's words."""

from __future__ import annotations

import html

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from drive.models import Drive, DriveState
from players.models import AuditKind
from scoring import services as scoring_services
from tests.factories import drive_with_players, rubber_drive
from tests.fixtures import audit_events

pytestmark = pytest.mark.django_db


def record_page(client: Client, drive: Drive) -> str:
    response = client.get(f"/drives/{drive.pk}/audit/")
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_bell_from_the_room_is_recorded_with_who_rang_it(
    assistant_client, organiser_client, club
):
    drive = drive_with_players(players=8, club=club)
    response = assistant_client.post(f"/drives/{drive.pk}/room/bell/")
    assert response.status_code == 302
    (ring,) = audit_events(drive, AuditKind.DRIVE_BELL)
    assert ring.who == "arthur"
    assert ring.new == {"round": 1, "rung": 1}
    page = record_page(organiser_client, drive)
    assert "Bell rung on the projector" in page
    assert "round: – → 1" in page and "bell rung (times): – → 1" in page
    assert f"drive “{drive.name}”" in page


def test_each_bell_that_ends_a_round_is_recorded_and_the_last_says_so(
    club, organiser, organiser_client
):
    drive = rubber_drive(club)
    scoring_services.round_start_next(drive=drive, round_number=1, by=organiser)
    scoring_services.round_start_next(drive=drive, round_number=2)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    ends = audit_events(drive, AuditKind.ROUND_END)
    assert [(e.who, e.new) for e in ends] == [
        ("olive", {"round": 1, "finished": False}),
        ("command line", {"round": 2, "finished": True}),
    ]
    page = record_page(organiser_client, drive)
    assert "Round ended by the organiser" in page
    assert "round: – → 2" in page
    assert "drive finished: – → yes" in page and "drive finished: – → no" in page


def test_a_round_that_cannot_end_yet_leaves_no_record(club, assistant_client):
    drive = drive_with_players(
        players=8, club=club, hands=2, advance_automatically=False
    )
    with pytest.raises(ValidationError):
        scoring_services.round_start_next(drive=drive, round_number=1)
    response = assistant_client.post(f"/drives/{drive.pk}/room/next/", {"round": 1})
    assert response.status_code == 409
    assert audit_events(drive, AuditKind.ROUND_END) == []


def test_the_round_ended_from_the_room_names_who_ended_it(club, assistant_client):
    drive = rubber_drive(club)
    response = assistant_client.post(f"/drives/{drive.pk}/room/next/", {"round": 1})
    assert response.status_code == 302
    (end,) = audit_events(drive, AuditKind.ROUND_END)
    assert end.who == "arthur" and end.new == {"round": 1, "finished": False}


def test_the_bells_record_reads_in_another_language(club, organiser, organiser_client):
    drive = rubber_drive(club)
    scoring_services.round_start_next(drive=drive, round_number=1, by=organiser)
    response = organiser_client.post(f"/drives/{drive.pk}/room/bell/")
    assert response.status_code == 302
    club.language = "pl"
    club.save(update_fields=["language"])
    page = record_page(organiser_client, drive)
    assert ">Dotyczy<" in page  # the page is in Polish
    assert f"turniej „{drive.name}”" in page
    assert f"drive {drive.pk} " not in page


def test_the_italian_record_quotes_the_drive_as_italian_does(
    assistant_client, organiser_client, club
):
    """The record of changes names the drive in the language's quotation
    marks: «…» in Italian (the glossary), never the English “…”."""
    from tests.site.wording import speak

    speak(club, "it")
    drive = drive_with_players(players=8, club=club)
    drive.name = "Torneo dell'Immacolata"
    drive.save(update_fields=["name"])
    assistant_client.post(f"/drives/{drive.pk}/room/bell/")
    page = record_page(organiser_client, drive)
    assert "torneo «Torneo dell'Immacolata»" in page
    assert "“" not in page
