"""The drive's form shows the settings of the movement chosen: a progressive
drive is not asked rubber whist's or prediction whist's settings; choosing
another movement shows its own, without JavaScript (the "Show the settings
for this movement" button, or Save after changing the movement) and with
htmx (the settings alone, swapped in); each movement still saves, and the
settings of a movement not shown keep their saved values."""

from __future__ import annotations

import re

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM, RUBBER_FORM
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

RUBBER = 'name="rubber_preset"'
PREDICTION = 'name="prediction_ranking"'


def test_a_progressive_drives_form_asks_no_rubber_or_prediction_setting(
    organiser_client, club
):
    html = organiser_client.get("/drives/new/").content.decode()
    assert RUBBER not in html and PREDICTION not in html
    assert "Rubber whist (only for a Rubber whist drive)" not in html
    assert 'name="count_honours"' in html and 'name="hands_per_round"' in html
    assert "Show the settings for this movement" in html
    drive = DriveFactory(club=club, format="progressive", state="open")
    html = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    assert RUBBER not in html and PREDICTION not in html


def test_the_new_form_has_the_usual_movement_chosen_or_the_one_linked(
    organiser_client,
):
    html = organiser_client.get("/drives/new/").content.decode()
    assert re.search(r'value="progressive"[^>]*checked', html)
    html = organiser_client.get("/drives/new/?format=rubber").content.decode()
    assert re.search(r'value="rubber"[^>]*checked', html) and RUBBER in html
    html = organiser_client.get("/drives/new/?format=bananas").content.decode()
    assert re.search(r'value="progressive"[^>]*checked', html)


def test_without_javascript_the_button_shows_rubbers_settings_keeping_what_was_typed(
    organiser_client,
):
    posted = DRIVE_FORM | {
        "format": "rubber",
        "name": "Whist at St Anne's",
        "shown_format": "progressive",
        "show_format": "1",
    }
    response = organiser_client.post("/drives/new/", posted)
    html = response.content.decode()
    assert response.status_code == 200
    assert not Drive.objects.exists()
    assert RUBBER in html and 'value="Whist at St Anne&#x27;s"' in html
    assert 'name="shown_format" value="rubber"' in html
    assert "Nothing is saved yet" not in html


def test_save_after_changing_the_movement_shows_its_settings_first(organiser_client):
    """Without JavaScript an organiser may change the movement and press
    Create at once: rubber whist's settings are shown to check, not saved unseen."""
    posted = DRIVE_FORM | {"format": "rubber", "shown_format": "progressive"}
    html = organiser_client.post("/drives/new/", posted).content.decode()
    assert not Drive.objects.exists()
    assert RUBBER in html


def test_with_htmx_only_the_settings_come_back(organiser_client):
    posted = DRIVE_FORM | {"format": "prediction", "show_format": "1"}
    response = organiser_client.post(
        "/drives/new/", posted, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="format-settings"')
    assert PREDICTION in html and RUBBER not in html
    assert 'name="name"' not in html and "<html" not in html


@pytest.mark.parametrize(
    ("posted", "format"),
    [
        (DRIVE_FORM, "progressive"),
        (RUBBER_FORM | {"shown_format": "rubber"}, "rubber"),
        (
            DRIVE_FORM
            | {"format": "prediction", "hands": "24", "shown_format": "prediction"},
            "prediction",
        ),
    ],
)
def test_each_movement_saves(organiser_client, posted, format):
    response = organiser_client.post("/drives/new/", posted)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Drive.objects.get().format == format


def test_editing_keeps_another_movements_saved_settings(organiser_client, club):
    """A drive set up as rubber whist and changed to progressive keeps its
    rubber rules (not shown, not lost): changed back, they are there."""
    drive = DriveFactory(club=club, format="progressive", state="open", rubber_target=9)
    response = organiser_client.post(
        drive_url(drive, "edit/"),
        DRIVE_FORM | {"shown_format": "progressive", "name": "Renamed"},
    )
    assert response.status_code == 302
    drive.refresh_from_db()
    assert (drive.name, drive.rubber_target) == ("Renamed", 9)


def test_the_button_pressed_with_htmx_on_gets_the_whole_page(organiser_client):
    """With JavaScript on, the page is boosted: "Show the settings for this
    movement" (Pokaż ustawienia dla tego ruchu graczy) submits the form by
    htmx and the answer replaces the whole page, which was left with the
    settings alone, no header, no name, no Create button."""
    posted = DRIVE_FORM | {"format": "prediction", "show_format": "1"}
    response = organiser_client.post(
        "/drives/new/",
        posted,
        headers={"HX-Request": "true", "HX-Boosted": "true"},
    )
    html = response.content.decode()
    assert "<main" in html and 'name="name"' in html and PREDICTION in html
