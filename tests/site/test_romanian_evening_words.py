"""Words a Romanian reviewer changed walking an evening on a phone (the
door, the captain's page, the boards, the results and the prize-giving)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import prediction_entry, prediction_words
from scoring.prediction_rules import DEAL_KINDS
from tests.factories import drive_with_players, play_drive
from tests.site.test_reviewed_wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_prize_giving_is_premierea_not_premiere(club, organiser_client):
    """ "Premiere" reads as film premieres; the prize-giving is "Premierea",
    in the drive's menu and as the page's title."""
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)
    page = text(organiser_client.get(reverse("prizes:giving", args=[drive.pk])))
    assert " Premierea " in page, page
    assert "Premiere " not in page


def test_a_prediction_deals_trumps_line_starts_with_a_capital():
    """The captain's card said "atu Inimă roșie" on a line of its own, beside
    "Liber: fără atu"; in running text the small "atu" stays."""
    with translation.override("ro"):
        assert prediction_entry.kind_words(DEAL_KINDS[0]) == "Atu Inimă roșie"
        assert prediction_words.kind_words(DEAL_KINDS[0]).startswith("atu ")
