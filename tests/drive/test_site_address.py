"""Printing from an address the phones cannot reach: the pages that make links say so."""

from __future__ import annotations

import pytest
from django.test import RequestFactory, override_settings

from drive.templatetags.site_address import only_this_computer
from tests.factories import drive_with_players

WARNING = "Phones cannot reach it"


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("127.0.0.1:8000", "127.0.0.1:8000"),
        ("localhost:8000", "localhost:8000"),
        ("localhost", "localhost"),
        ("[::1]:8000", "[::1]:8000"),
        ("127.0.1.1", "127.0.1.1"),
        ("0.0.0.0:8000", "0.0.0.0:8000"),
        ("192.168.1.20:8000", ""),
        ("whist.example.org", ""),
        ("[2001:db8::1]:8000", ""),
    ],
)
def test_only_this_computer_knows_a_loopback_address(host, shown):
    with override_settings(ALLOWED_HOSTS=["*"]):
        request = RequestFactory().get("/", HTTP_HOST=host)
        assert only_this_computer(request) == shown
    assert only_this_computer(None) == ""


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["127.0.0.1", "192.168.1.20"])
def test_pages_that_make_links_warn_when_opened_at_this_computers_own_address(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, hands=2)
    for path in (f"/drives/{drive.pk}/", f"/drives/{drive.pk}/links/"):
        local = organiser_client.get(path, HTTP_HOST="127.0.0.1:8000")
        assert local.status_code == 200
        html = local.content.decode()
        assert (
            "The QR codes and links made now will carry the address "
            '<span class="url">http://127.0.0.1:8000</span>. '
            f"{WARNING}: it is this computer's own address."
        ) in html
        if path.endswith("/links/"):  # the links are made from that address
            assert "http://127.0.0.1:8000/t/" in html
        hall = organiser_client.get(path, HTTP_HOST="192.168.1.20:8000")
        assert hall.status_code == 200
        assert WARNING not in hall.content.decode()
