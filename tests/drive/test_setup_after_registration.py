"""Editing a drive once registration is open (DESIGN.md section 1): a change
the entries already made cannot follow is refused at its field, in the
organiser's language, with everything else typed kept."""

from __future__ import annotations

import html

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM
from tests.factories import drive_with_players
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def edit(client, drive: Drive, changes: dict, language: str = "en-gb"):
    client.cookies["django_language"] = language
    return client.post(drive_url(drive, "edit/"), DRIVE_FORM | changes)


@pytest.mark.parametrize(
    ("registered_as", "changed_to", "words"),
    [
        ("partners", "progressive", "Players are already registered as pairs"),
        ("progressive", "partners", "Players are already registered one by one"),
        ("progressive", "rubber", "Players are already registered one by one"),
    ],
)
def test_a_movement_registering_otherwise_is_refused_at_the_movement(
    organiser_client, club, registered_as, changed_to, words
):
    drive = drive_with_players(players=8, start=False, club=club, format=registered_as)
    changes = {"format": changed_to, "name": "Renamed", "hands_per_round": "12"}
    response = edit(organiser_client, drive, changes | {"hands": "24"})
    assert response.status_code == 400
    form = response.context["form"]
    assert words in " ".join(form.errors["format"])
    # What was typed is shown again; nothing was saved.
    assert form["name"].value() == "Renamed"
    drive.refresh_from_db()
    assert (drive.format, drive.name) == (registered_as, "Friday drive")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("pl", "Gracze są już zapisani parami"),
        ("ru", "Игроки уже записаны парами"),
        ("ro", "Jucătorii sunt deja înscriși în perechi"),
        ("it", "I giocatori sono già iscritti a coppie"),
    ],
)
def test_the_refusal_is_in_the_organisers_language(
    organiser_client, club, language, words
):
    drive = drive_with_players(players=8, start=False, club=club, format="partners")
    response = edit(organiser_client, drive, {"format": "progressive"}, language)
    assert response.status_code == 400
    assert words in html.unescape(response.content.decode())


def test_a_movement_registering_alike_may_still_change(organiser_client, club):
    drive = drive_with_players(players=8, start=False, club=club, format="progressive")
    response = edit(organiser_client, drive, {"format": "semi-partner"})
    assert response.status_code == 302
    drive.refresh_from_db()
    assert drive.format == "semi-partner"


def test_before_anyone_registers_any_movement_may_be_chosen(organiser_client, club):
    drive = drive_with_players(players=0, start=False, club=club, format="partners")
    response = edit(organiser_client, drive, {"format": "progressive"})
    assert response.status_code == 302
