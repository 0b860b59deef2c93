""" "Count honours" follows the rubber preset on the page while the organiser
has not changed it: with the line's htmx answer come the box as the preset
now chosen has it and the preset it follows (a hidden field), so it follows
preset after preset; a box the organiser ticked or cleared keeps their
choice. The drive saved says what the page showed. Without JavaScript the
form works as before (tests/drive/test_form_honours_preset.py)."""

from __future__ import annotations

import re

import pytest

from drive.models import Drive
from tests.drive.drive_form import page, saved, sent

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def rubber_form(client) -> dict[str, str]:
    data = sent(page(client, "/drives/new/?format=rubber", "en"))
    assert data["rubber_preset"] == "english" and data["count_honours"] == "on"
    return data


def answer(client, data: dict) -> str:
    response = client.post(
        "/drives/new/", data | {"honours_summary": "1"}, headers=HTMX
    )
    assert response.status_code == 200
    return response.content.decode()


def swapped(html: str, name: str) -> str | None:
    """The input named `name` the answer puts in its place, if any."""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    if found is None:
        return None
    assert 'hx-swap-oob="true"' in found.group(0)
    return found.group(0)


def test_the_form_says_which_preset_the_box_follows(organiser_client):
    data = rubber_form(organiser_client)
    assert data["honours_follows"] == "english"


def test_the_box_follows_a_preset_changed_while_left_untouched(organiser_client):
    data = rubber_form(organiser_client) | {"rubber_preset": "american"}
    html = answer(organiser_client, data)
    box = swapped(html, "count_honours")
    assert box is not None and "checked" not in box
    assert 'value="american"' in swapped(html, "honours_follows")
    assert "honours not counted" in html
    # And back again: American follows to Russian, which counts them.
    data |= {"rubber_preset": "russian", "honours_follows": "american"}
    data.pop("count_honours")
    html = answer(organiser_client, data)
    assert "checked" in swapped(html, "count_honours")
    assert 'value="russian"' in swapped(html, "honours_follows")
    assert "honours counted: three 3, four 4" in html
    # Saved as the page shows it.
    data["count_honours"] = "on"
    data["honours_follows"] = "russian"
    assert saved(organiser_client, "en", data).count_honours


def test_a_box_the_organiser_cleared_keeps_their_choice(organiser_client):
    data = rubber_form(organiser_client)
    data.pop("count_honours")  # cleared: English counts them
    html = answer(organiser_client, data)
    assert swapped(html, "count_honours") is None
    assert 'value=""' in swapped(html, "honours_follows")  # follows none
    data |= {"honours_follows": "", "rubber_preset": "russian"}
    html = answer(organiser_client, data)
    assert swapped(html, "count_honours") is None
    assert "honours not counted" in html
    assert not saved(organiser_client, "en", data).count_honours


def test_a_box_followed_to_american_then_ticked_is_refused_not_dropped(
    organiser_client,
):
    data = rubber_form(organiser_client) | {
        "rubber_preset": "american",
        "honours_follows": "",
        "count_honours": "on",
    }
    response = organiser_client.post("/drives/new/", data)
    assert response.status_code == 400
    assert not Drive.objects.exists()


def test_without_javascript_the_preset_shown_first_is_followed(organiser_client):
    # The hidden field as the page gave it: the box, untouched, follows.
    data = rubber_form(organiser_client) | {"rubber_preset": "american"}
    assert not saved(organiser_client, "en", data).count_honours
