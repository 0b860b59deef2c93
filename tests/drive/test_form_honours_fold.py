"""The drive's form folds its honours and revokes settings away (most drives
count tricks only: the progressive form was about 5,000 px tall on a laptop).
A closed <details> whose line says what is chosen, in the club's language; it
needs no JavaScript, and it is open when one of its settings has a mistake."""

from __future__ import annotations

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM, RUBBER_FORM, folded
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def test_a_new_drive_has_its_honours_and_revokes_folded_with_what_is_chosen(
    organiser_client,
):
    html = organiser_client.get("/drives/new/").content.decode()
    opened, line, inside = folded(html)
    assert not opened
    assert line == ("Honours and revokes honours not counted; a revoke passes 3 tricks")
    for name in ("count_honours", "honours_values", "revoke_penalty", "revoke_tricks"):
        assert f'name="{name}"' in inside
    assert html.count('name="count_honours"') == 1


def test_the_line_says_the_drives_own_choice_in_its_language(organiser_client, club):
    club.language = "pl"
    club.save()
    drive = DriveFactory(
        club=club,
        state="open",
        count_honours=True,
        honours_values="3-4",
        revoke_penalty="deduct",
        revoke_tricks=2,
    )
    html = organiser_client.get(drive_url(drive, "edit/")).content.decode()
    opened, line, _inside = folded(html)
    assert not opened
    assert line == (
        "Honory i fałszywe renonsy "
        "honory liczone: trzy 3, cztery 4; fałszywy renons kosztuje 2 punkty"
    )


def test_a_mistake_inside_shows_the_section_open(organiser_client):
    response = organiser_client.post(
        "/drives/new/", DRIVE_FORM | {"revoke_penalty": "bananas"}
    )
    assert response.status_code == 400
    assert not Drive.objects.exists()
    opened, _line, inside = folded(response.content.decode())
    assert opened
    assert 'class="error"' in inside


def test_a_rubber_rule_refused_at_save_shows_the_section_open(organiser_client, club):
    """American whist has no honours: the box ticked is refused at "Count
    honours", inside the section, which is open to show it."""
    drive = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="american",
    )
    posted = RUBBER_FORM | {
        "shown_format": "rubber",
        "rubber_preset": "american",
        "count_honours": "on",
    }
    response = organiser_client.post(f"{drive_url(drive)}edit/", posted)
    assert response.status_code == 400
    opened, line, inside = folded(response.content.decode())
    assert opened and "has no honours" in inside
    assert line.startswith("Honours and revokes honours counted")


def test_a_mistake_elsewhere_leaves_the_section_closed(organiser_client):
    response = organiser_client.post(
        "/drives/new/", DRIVE_FORM | {"hands": "25", "hands_per_round": "4"}
    )
    assert response.status_code == 400
    opened, _line, _inside = folded(response.content.decode())
    assert not opened
