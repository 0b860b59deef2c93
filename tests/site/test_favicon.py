"""The site's icon: every page links it, and /favicon.ico (which browsers ask for
whatever the page says) leads to it instead of a 404."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from tests.factories import ClubFactory


@pytest.mark.django_db
def test_favicon_ico_leads_to_the_sites_own_icon(client) -> None:
    # Even on an empty site (no club yet), where a page goes to the set-up.
    reply = client.get("/favicon.ico")
    assert reply.status_code == 302
    assert reply["Location"] == static("img/favicon.svg")
    icon = finders.find("img/favicon.svg")
    assert icon, "static/img/favicon.svg is missing"
    with open(icon, encoding="utf-8") as svg:
        assert svg.read().lstrip().startswith("<svg")


@pytest.mark.django_db
def test_pages_link_the_icon(client) -> None:
    ClubFactory()  # past the first visit's set-up page
    page = client.get("/login/").content.decode()
    assert f'<link rel="icon" href="{static("img/favicon.svg")}"' in page
