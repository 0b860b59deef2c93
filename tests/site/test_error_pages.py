"""The site's own 404 and 500 pages (config/errors.py): in the visitor's
language, and made for a phone."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import path

from config import urls as site_urls
from tests.factories import ClubFactory, drive_with_players


def _fits_a_phone(html: str) -> None:
    assert (
        '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    )
    # No fixed widths: no width attributes, no inline styles at all.
    assert not re.search(r"\swidth=", html)
    assert "style=" not in html


@pytest.mark.django_db
def test_a_mistyped_captain_link_answers_the_sites_page_in_the_browsers_language(
    settings,
):
    settings.DEBUG = False
    drive_with_players(players=8, club=ClubFactory(language="pl"), hands=2)
    response = Client().get("/t/not-a-real-key/", HTTP_ACCEPT_LANGUAGE="pl,en;q=0.5")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="pl">' in html
    assert "Nie ma takiej strony" in html  # "Page not found"
    assert "Not Found" not in html and "Page not found" not in html
    _fits_a_phone(html)


@pytest.mark.django_db
def test_the_not_found_page_speaks_english_to_an_english_browser(settings):
    settings.DEBUG = False
    response = Client().get("/t/not-a-real-key/", HTTP_ACCEPT_LANGUAGE="en-GB")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def _broken(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", _broken), *site_urls.urlpatterns]
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_server_error_shows_the_sites_page_in_the_browsers_language():
    client = Client(raise_request_exception=False)
    response = client.get("/broken/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 500
    html = response.content.decode()
    assert '<html lang="ru">' in html
    assert "Что-то пошло не так" in html
    _fits_a_phone(html)
