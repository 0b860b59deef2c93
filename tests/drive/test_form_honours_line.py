"""With JavaScript on, the folded honours and revokes section's line follows
what the organiser ticks: htmx asks the server for the line again (the page
does no wording itself). The answer is the line alone, in the club's
language, and nothing is saved."""

from __future__ import annotations

import re

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM, RUBBER_FORM, folded
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TICKED = {
    "count_honours": "on",
    "honours_values": "3-4",
    "revoke_penalty": "deduct",
    "revoke_tricks": "2",
    "honours_summary": "1",
}
SAID = {
    "en-gb": "honours counted: three 3, four 4; a revoke loses 2 points",
    "pl": "honory liczone: trzy 3, cztery 4; fałszywy renons kosztuje 2 punkty",
    "ru": "онёры считаются: три\xa0— 3, четыре\xa0— 4; ренонс стоит 2 очка",
}


def line(response) -> str:
    """The line the server sent, without its tag (and only its tag)."""
    html = response.content.decode().strip()
    found = re.fullmatch(r'<span class="chosen"[^>]*>(.*)</span>', html, re.S)
    assert found, html[:2000]
    return found.group(1).strip()


def test_the_page_asks_for_the_line_as_its_settings_change(organiser_client):
    html = organiser_client.get("/drives/new/").content.decode()
    _opened, _line, _inside = folded(html)
    span = re.search(r'<span class="chosen"[^>]*>', html).group(0)
    assert 'hx-post="/drives/new/"' in span
    # Only a change that alters the line asks for it: one inside the folded
    # section or of the rubber preset, not of the name, date or tables.
    trigger = re.search(r'hx-trigger="([^"]*)"', span).group(1)
    assert trigger == "change from:#honours-settings"
    rubber = organiser_client.get("/drives/new/?format=rubber").content.decode()
    span = re.search(r'<span class="chosen"[^>]*>', rubber).group(0)
    trigger = re.search(r'hx-trigger="([^"]*)"', span).group(1)
    assert trigger == "change from:#honours-settings, change from:[name=rubber_preset]"
    fieldset = re.search(
        r'<fieldset id="honours-settings"[^>]*>(.*?)</fieldset>', html, re.S
    )
    names = set(re.findall(r'name="([a-z_]+)"', fieldset.group(1)))
    assert names == {
        "count_honours",
        "honours_values",
        "revoke_penalty",
        "revoke_tricks",
    }
    assert "honours_summary" in span and 'hx-include="closest form"' in span


@pytest.mark.parametrize("language", tuple(SAID))
def test_a_new_drive_is_told_what_is_ticked_in_its_language(
    organiser_client, club, language
):
    club.language = language
    club.save()
    posted = DRIVE_FORM | {"shown_format": "progressive"} | TICKED
    response = organiser_client.post("/drives/new/", posted, headers=HTMX)
    assert response.status_code == 200
    assert line(response) == SAID[language]
    assert not Drive.objects.exists()


def test_a_rubber_drive_left_as_the_preset_is_told_its_presets_rules(
    organiser_client, club
):
    club.language = "pl"
    club.save()
    posted = RUBBER_FORM | {
        "shown_format": "rubber",
        "rubber_preset": "russian",
        "count_honours": "on",
        "honours_values": "",
        "revoke_penalty": "",
        "revoke_tricks": "",
        "honours_summary": "1",
    }
    response = organiser_client.post("/drives/new/", posted, headers=HTMX)
    assert line(response) == (
        "honory liczone: trzy 3, cztery 4; fałszywy renons kosztuje 3 punkty"
    )


def test_an_edited_drive_is_told_and_keeps_its_saved_choices(organiser_client, club):
    club.language = "ru"
    club.save()
    drive = DriveFactory(club=club, state="open", revoke_penalty="award")
    posted = DRIVE_FORM | {"shown_format": "progressive"} | TICKED
    response = organiser_client.post(drive_url(drive, "edit/"), posted, headers=HTMX)
    assert line(response) == SAID["ru"]
    drive.refresh_from_db()
    assert (drive.count_honours, drive.honours_values, drive.revoke_penalty) == (
        False,
        "",
        "award",
    )
