"""The first visit in the visitor's language (issue 31): before the club exists
the set-up page follows the browser, its language switch works, and it asks
the club's language, time zone and currency."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from players.models import Club
from tests.factories import MembershipFactory
from tests.fixtures import messages_of

pytestmark = pytest.mark.django_db

SETUP = {
    "club_name": "Klub Wista",
    "username": "ola",
    "password": "a long pass phrase 42",
    "password_again": "a long pass phrase 42",
}


def polish_browser() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="pl-PL,pl;q=0.9,en;q=0.5")


def test_the_setup_page_follows_the_browsers_language():
    response = polish_browser().get("/setup/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="pl"' in html
    assert "Create my club" not in html
    # The club's language, time zone and currency, preselected from the browser.
    assert '<option value="pl" selected>' in html
    assert '<option value="Europe/Warsaw" selected>' in html
    assert '<option value="PLN" selected>' in html
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize(
    ("accept", "language", "zone", "currency"),
    [
        ("ru", "ru", "Europe/Moscow", "RUB"),
        ("ro-RO", "ro", "Europe/Bucharest", "RON"),
        ("it-IT,it", "it", "Europe/Rome", "EUR"),
        ("en-US", "en-gb", settings.TIME_ZONE, "GBP"),
        ("de-DE", "en-gb", settings.TIME_ZONE, "GBP"),
    ],
)
def test_each_language_offers_its_own_time_zone_and_currency(
    accept, language, zone, currency
):
    html = Client(HTTP_ACCEPT_LANGUAGE=accept).get("/setup/").content.decode()
    assert f'<html lang="{language}"' in html
    assert f'<option value="{zone}" selected>' in html
    assert f'<option value="{currency}" selected>' in html


def test_the_language_switch_works_on_the_setup_page():
    client = Client()
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/setup/"})
    assert response.status_code == 302
    assert response["Location"] == "/setup/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    assert '<html lang="pl"' in client.get("/setup/").content.decode()
    # The choice wins over the browser's.
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    assert '<html lang="pl"' in client.get("/setup/").content.decode()


def test_the_setup_forms_errors_speak_the_browsers_language():
    response = polish_browser().post(
        "/setup/",
        {**SETUP, "email": "nie-adres", "password": "123", "password_again": "123"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "Enter a valid email address." not in html
    assert "Wprowadź poprawny adres email." in html
    assert "This password is too short" not in html
    assert not Club.objects.exists()


def test_setup_saves_the_clubs_language_time_zone_and_currency_and_welcomes_in_it():
    client = polish_browser()
    response = client.post(
        "/setup/",
        {**SETUP, "language": "pl", "time_zone": "Europe/Warsaw", "currency": "PLN"},
        follow=True,
    )
    assert response.status_code == 200
    club = Club.objects.get()
    assert (club.language, club.time_zone, club.currency) == (
        "pl",
        "Europe/Warsaw",
        "PLN",
    )
    assert messages_of(response) == [
        "Witaj. Utworzono: „Klub Wista”. Najpierw wpisz graczy na listę graczy (albo zaimportuj ich z arkusza kalkulacyjnego), potem dodaj pierwszy turniej."
    ]


def test_setup_left_without_time_zone_or_currency_takes_the_languages():
    Client().post("/setup/", {**SETUP, "language": "it"})
    club = Club.objects.get()
    assert (club.language, club.time_zone, club.currency) == (
        "it",
        "Europe/Rome",
        "EUR",
    )


@pytest.mark.parametrize(
    "bad", [{"time_zone": "Mars/Olympus"}, {"currency": "XXX"}, {"language": "de"}]
)
def test_setup_refuses_a_time_zone_currency_or_language_not_listed(bad):
    response = Client().post("/setup/", {**SETUP, **bad})
    assert response.status_code == 400
    assert not Club.objects.exists()


def test_the_confirmation_of_a_new_club_language_speaks_it():
    membership = MembershipFactory()
    client = Client()
    client.force_login(membership.user)
    response = client.post(
        "/club/language/", {"language": "pl", "time_zone": "Europe/Warsaw"}, follow=True
    )
    assert response.status_code == 200
    assert messages_of(response) == ["Język klubu zapisany."]
    club = Club.objects.get(pk=membership.club_id)
    assert (club.language, club.time_zone) == ("pl", "Europe/Warsaw")
    refused = client.post("/club/language/", {"language": "pl", "time_zone": "Nowhere"})
    assert refused.status_code == 400


def test_the_clubs_time_zone_is_the_pages_clock():
    """08:31 in Kraków is 07:31 in London: the page shows the club's time."""
    from tests.factories import DriveFactory

    membership = MembershipFactory()
    Club.objects.filter(pk=membership.club_id).update(time_zone="Europe/Warsaw")
    drive = DriveFactory(club=membership.club)
    from players.models import AuditEvent, AuditKind

    AuditEvent.objects.create(
        club=membership.club,
        drive_id=drive.pk,
        at=datetime.datetime(2026, 12, 3, 7, 31, 5, tzinfo=datetime.UTC),
        who="olive",
        kind=AuditKind.DRIVE_START,
        subject="drive",
    )
    client = Client()
    client.force_login(membership.user)
    html = client.get(f"/drives/{drive.pk}/audit/").content.decode()
    assert "08:31:05" in html and "07:31:05" not in html
    # And the time zone is put back after the request.
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE


def test_new_clubs_amounts_are_the_languages_currency():
    from players.services import club_create_with_organiser

    membership = club_create_with_organiser(
        club_name="Клуб",
        username="ivan",
        password="a long pass phrase 42",
        language="ru",
    )
    assert membership.club.currency == "RUB"


def test_choosing_the_clubs_language_offers_its_time_zone_and_currency():
    """The language select asks the page again (htmx, ?language=) for the two
    selects it offers; the page itself stays in the browser's language."""
    response = polish_browser().get(
        "/setup/", {"language": "it"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert '<option value="it" selected>' in html
    assert '<option value="Europe/Rome" selected>' in html
    assert '<option value="EUR" selected>' in html
    assert '<html lang="pl"' in html
    assert 'hx-select-oob="#id_time_zone,#id_currency"' in html
    ignored = polish_browser().get("/setup/", {"language": "xx"})
    assert '<option value="PLN" selected>' in ignored.content.decode()
