"""A change of movement on the drive's form fits the settings the new game
cannot take: a progressive drive's rounds of 1 hand become rubber whist's
rounds of 4 (the shortest rubber rounds that split the hands), whether the
settings come by htmx, by the "Show the settings for this movement" button
or by a link (?format=rubber). The organiser then saves without being
refused for a setting they did not touch."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

TO_RUBBER = DRIVE_FORM | {
    "format": "rubber",
    "shown_format": "progressive",
    "show_format": "1",
}


class FormValues(HTMLParser):
    """What a browser would send from a page's form: each named input's,
    ticked box's and select's chosen value (no button)."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") != "submit":
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.values[name] = a.get("value") or (
                "on" if a.get("type") == "checkbox" else ""
            )
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in a:
            self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag) -> None:
        if tag == "select":
            self.select = None


def form_values(html: str) -> dict[str, str]:
    parser = FormValues()
    parser.feed(html)
    parser.values.pop("csrfmiddlewaretoken", None)
    return parser.values


def per_round(html: str) -> str:
    select = re.search(r'<select name="hands_per_round".*?</select>', html, re.S)
    assert select, html[:2000]
    return re.search(r'<option value="(\d+)" selected', select.group(0)).group(1)


def test_the_button_gives_rubber_whist_rounds_of_four_and_the_drive_saves(
    organiser_client,
):
    html = organiser_client.post("/drives/new/", TO_RUBBER).content.decode()
    assert per_round(html) == "4"
    # Create pressed on the form as shown: saved, not refused.
    response = organiser_client.post("/drives/new/", form_values(html))
    assert response.status_code == 302, response.content.decode()[:3000]
    drive = Drive.objects.get()
    assert (drive.format, drive.hands, drive.hands_per_round) == ("rubber", 24, 4)


def test_with_htmx_the_swapped_settings_have_rounds_of_four(organiser_client):
    response = organiser_client.post(
        "/drives/new/", TO_RUBBER, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="format-settings"')
    assert per_round(html) == "4"


def test_a_link_to_a_rubber_drive_has_rounds_of_four(organiser_client):
    html = organiser_client.get("/drives/new/?format=rubber").content.decode()
    assert per_round(html) == "4"


@pytest.mark.parametrize(("hands", "fitted"), [("24", "4"), ("30", "6"), ("25", "4")])
def test_the_rounds_split_the_hands_where_they_can(organiser_client, hands, fitted):
    html = organiser_client.post(
        "/drives/new/", TO_RUBBER | {"hands": hands}
    ).content.decode()
    assert per_round(html) == fitted


def test_a_setting_the_new_game_takes_is_kept(organiser_client):
    """Rounds of 12 are rubber whist's too; back to progressive, rounds of 4
    stay (a progressive drive takes them)."""
    html = organiser_client.post(
        "/drives/new/", TO_RUBBER | {"hands_per_round": "12"}
    ).content.decode()
    assert per_round(html) == "12"
    back = DRIVE_FORM | {
        "hands_per_round": "4",
        "shown_format": "rubber",
        "show_format": "1",
    }
    html = organiser_client.post("/drives/new/", back).content.decode()
    assert per_round(html) == "4"


def test_an_edited_drive_changed_to_rubber_whist_saves(organiser_client, club):
    drive = DriveFactory(club=club, format="progressive", state="open")
    url = drive_url(drive, "edit/")
    html = organiser_client.post(url, TO_RUBBER).content.decode()
    assert per_round(html) == "4"
    response = organiser_client.post(url, form_values(html))
    assert response.status_code == 302, response.content.decode()[:3000]
    drive.refresh_from_db()
    assert (drive.format, drive.hands_per_round) == ("rubber", 4)
