"""The contrast switch at the foot of every page (players.theme): a plain form
that keeps the person's choice in a cookie and goes back to the page, and the
class the pages then carry on <html>."""

from __future__ import annotations

import pytest
from django.test import Client

from drive.models import Drive, Table

pytestmark = pytest.mark.django_db


def captain_path(drive: Drive) -> str:
    return f"/t/{Table.objects.filter(drive=drive).first().captain_key}/"


def test_without_a_choice_the_device_decides_and_both_buttons_are_offered(
    live_drive,
):
    page = Client().get(captain_path(live_drive)).content.decode()
    assert '<html lang="en-gb">' in page
    assert 'value="more"' in page and 'value="normal"' in page
    assert "css/contrast.css" in page


def test_high_contrast_is_kept_in_a_cookie_and_the_switch_goes_back(live_drive):
    client = Client()
    path = captain_path(live_drive)
    response = client.post("/contrast/", {"contrast": "more", "next": path})
    assert response.status_code == 302 and response["Location"] == path
    cookie = response.cookies["contrast"]
    assert cookie.value == "more" and cookie["httponly"] and cookie["max-age"]
    page = client.get(path).content.decode()
    assert 'class="contrast-more"' in page
    # Only the way back is offered now.
    assert 'value="normal"' in page and 'value="more"' not in page
    client.post("/contrast/", {"contrast": "normal", "next": path})
    page = client.get(path).content.decode()
    assert 'class="contrast-normal"' in page
    assert 'value="more"' in page and 'value="normal"' not in page


def test_without_next_the_switch_goes_back_to_the_page_it_was_pressed_on(
    live_drive,
):
    path = captain_path(live_drive)
    response = Client().post(
        "/contrast/", {"contrast": "more"}, HTTP_REFERER=f"http://testserver{path}"
    )
    assert response["Location"] == f"http://testserver{path}"


def test_the_switch_never_sends_the_person_to_another_site(live_drive):
    response = Client().post(
        "/contrast/", {"contrast": "more", "next": "https://evil.example/"}
    )
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.parametrize("value", ["", "loud", "more" * 100])
def test_a_choice_that_is_not_offered_is_refused_in_words(live_drive, value):
    response = Client().post("/contrast/", {"contrast": value, "next": "/"})
    assert response.status_code == 400
    assert "contrast" in response.content.decode()
    assert "contrast" not in response.cookies


def test_the_switch_is_a_form_not_a_link(live_drive):
    assert Client().get("/contrast/").status_code == 405


def test_a_cookie_with_another_value_is_no_choice(live_drive):
    client = Client()
    client.cookies["contrast"] = "<script>"
    page = client.get(captain_path(live_drive)).content.decode()
    assert '<html lang="en-gb">' in page
