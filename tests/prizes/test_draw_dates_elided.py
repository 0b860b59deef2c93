"""A consolation draw's times in Italian: a draw made, or replaced, on the 8th
reads "l'8 dic 2026", as Italian writes it (not "il 8")."""

from __future__ import annotations

import datetime
import html

import pytest

from prizes import services as prize_services
from prizes.models import ConsolationDraw
from tests.prizes.fixtures import settled

pytestmark = pytest.mark.django_db

# Midday UTC: the 8th in every drive's time zone.
EIGHTH = datetime.datetime(2026, 12, 8, 12, 0, tzinfo=datetime.UTC)


def test_a_draw_on_the_eighth_is_dated_l_8_in_italian(club, organiser_client):
    drive, _seats = settled(club)
    prize_services.consolation_draw(drive=drive, position=5, by=None, seed=5)
    prize_services.consolation_draw(
        drive=drive, position=5, by=None, seed=6, redraw=True
    )
    ConsolationDraw.objects.update(drawn_at=EIGHTH)
    ConsolationDraw.objects.filter(seed=5).update(replaced_at=EIGHTH)
    organiser_client.cookies["django_language"] = "it"
    results = html.unescape(
        organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    )
    prizes = html.unescape(
        organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    )
    assert "Sorteggiato dal sito l'8 dic 2026 alle " in results
    assert "sostituito dall'organizzatore l'8 dic 2026" in results
    assert "Sostituito l'8 dic 2026" in prizes
    assert " il 8 " not in results + prizes
