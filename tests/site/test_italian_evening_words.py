"""Words an Italian reviewer changed walking an evening on a phone (the door,
the captain's page, the room, the boards and the prize-giving)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from drive.models import Table
from tests.factories import drive_with_players
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_room_says_what_the_tables_have_sent(club, organiser_client):
    """ "Tutti i tavoli hanno inserito." left the verb without its object."""
    speak(club, "it")
    drive = drive_with_players(players=8, club=club, hands=2)
    page = text(organiser_client.get(reverse("scoring:room", args=[drive.pk])))
    assert "tutti i tavoli hanno inserito i risultati." in page, page
    assert "hanno inserito." not in page


def test_the_not_a_page_page_speaks_to_one_person(club):
    """The 405 page said "Tornate indietro e usate…" (to a crowd, voi) where
    the rest of the site says tu, as its own link "Torna alla pagina…"."""
    speak(club, "it")
    drive = drive_with_players(players=8, club=club, hands=2)
    key = Table.objects.get(drive=drive, number=1).captain_key
    phone = Client()
    assert phone.get(f"/t/{key}/").status_code == 200
    page = phone.get(f"/t/{key}/confirm/").content.decode()
    assert "Torna indietro e usa i pulsanti della pagina." in page, page
