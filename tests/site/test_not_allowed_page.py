"""An address that only takes a form, opened with GET (a reload, a saved
address), answers 405 with the site's own page: in the site's look, in the
visitor's language (a captain's link in its club's, as the table page), and
with a link back (the captain's table page, the drive's page)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import set_script_prefix

from drive.models import Entry, Table
from players.models import Club
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db


def assert_site_page(response, allowed: str) -> str:
    assert response.status_code == 405
    assert response["Allow"] == allowed
    html = response.content.decode()
    assert html.startswith("<!doctype html>")
    assert "css/site.css" in html
    assert '<main id="main">' in html and "<h1>" in html
    return html


@pytest.fixture
def drive(club):
    return drive_with_players(players=8, club=club)


def captain_key(drive) -> str:
    return Table.objects.get(drive=drive, number=1).captain_key


@pytest.mark.parametrize("rest", ["confirm/", "result/"])
def test_a_captain_link_opened_the_wrong_way_leads_back_to_the_table(
    drive, client, rest
):
    key = captain_key(drive)
    response = client.get(f"/t/{key}/{rest}")
    html = assert_site_page(response, "POST")
    assert "Not a page to open" in html
    assert f'<a href="/t/{key}/">Back to your table&#x27;s page</a>' in html
    assert '<html lang="en-gb">' in html


def test_a_captain_who_opened_the_link_reads_it_in_the_clubs_language(drive):
    Club.objects.filter(pk=drive.club_id).update(language="pl")
    phone = Client()
    key = captain_key(drive)
    assert phone.get(f"/t/{key}/").status_code == 200  # the table page, once
    response = phone.get(f"/t/{key}/confirm/")
    html = assert_site_page(response, "POST")
    assert '<html lang="pl">' in html
    assert "Turniej wista" in html  # the site's name, in Polish
    assert f'href="/t/{key}/"' in html
    assert response["Content-Language"] == "pl"


def test_a_stranger_to_the_link_reads_it_in_the_browsers_language(drive):
    Club.objects.filter(pk=drive.club_id).update(language="pl")
    stranger = Client(HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9")
    html = assert_site_page(stranger.get(f"/t/{captain_key(drive)}/confirm/"), "POST")
    # Not the club's Polish: the page tells a guesser nothing about the key.
    assert '<html lang="ru">' in html
    assert "Турнир по висту" in html


def test_a_drive_action_opened_the_wrong_way_leads_back_to_the_drive(
    drive, organiser_client
):
    response = organiser_client.get(f"/drives/{drive.pk}/balance/")
    html = assert_site_page(response, "POST")
    assert "Not a page to open" in html
    assert f'<a href="/drives/{drive.pk}/">Back to the drive&#x27;s page</a>' in html


def test_any_other_address_leads_to_the_start(club, client):
    response = client.get("/logout/")  # Django's LogoutView: POST and OPTIONS
    html = assert_site_page(response, "POST, OPTIONS")
    assert '<a href="/">Go to the start page</a>' in html


def test_a_form_sent_the_right_way_is_untouched(drive, organiser_client):
    # The page replaces only Django's empty 405, never a view's own answer.
    response = organiser_client.post(f"/drives/{drive.pk}/balance/")
    assert response.status_code != 405


# --- the way back is found by the URL conf, not by a written prefix -------------


@pytest.mark.urls("tests.site.moved_urls")
def test_a_drive_under_another_address_still_leads_back_to_it(drive, organiser_client):
    response = organiser_client.get(f"/evening/drives/{drive.pk}/balance/")
    html = assert_site_page(response, "POST")
    assert (
        f'<a href="/evening/drives/{drive.pk}/">Back to the drive&#x27;s page</a>'
        in html
    )


@pytest.mark.urls("tests.site.moved_urls")
def test_a_captain_link_under_another_address_still_leads_back(drive, client):
    key = captain_key(drive)
    html = assert_site_page(client.get(f"/evening/t/{key}/confirm/"), "POST")
    assert f'<a href="/evening/t/{key}/">Back to your table&#x27;s page</a>' in html


def test_a_site_served_under_a_sub_path_leads_back_there(drive, organiser_client):
    # As the WSGI handler does for a site mounted at /whist (the test client
    # passes SCRIPT_NAME on but does not set the prefix reverse() gives).
    set_script_prefix("/whist/")
    try:
        response = organiser_client.get(
            f"/drives/{drive.pk}/balance/", SCRIPT_NAME="/whist"
        )
    finally:
        set_script_prefix("/")
    html = assert_site_page(response, "POST")
    assert f'<a href="/whist/drives/{drive.pk}/">' in html


def test_a_pk_of_something_else_names_no_drive(drive, organiser_client):
    # A player's address has a pk too: it names no drive.
    player = Entry.objects.filter(drive=drive).first().player
    response = organiser_client.get(f"/players/{player.pk}/active/")
    html = assert_site_page(response, "POST")
    assert '<a href="/">Go to the start page</a>' in html
