"""The takings page's lead is a sentence in every language: Russian began it
in lower case («с 1 сент. 2026 по 31 мая 2027, в валюте: RUB.») where the
league page above it says «С 1 сент. 2026 по 31 мая 2027: …»."""

from __future__ import annotations

import datetime
import html

import pytest

from league.models import Season

pytestmark = pytest.mark.django_db

LEADS = {
    "en-gb": "1 Sep 2026 to 31 May 2027, in GBP.",
    "pl": "Od 1 wrz 2026 do 31 maja 2027, w walucie GBP.",
    "ru": "С 1 сент. 2026 по 31 мая 2027, валюта: GBP.",
    "ro": "1 sept. 2026\u00a0– 31 mai 2027, în GBP.",
    "it": "Dall'1 set 2026 al 31 mag 2027, in GBP.",
}


@pytest.mark.parametrize("language", sorted(LEADS))
def test_the_takings_lead_opens_as_a_sentence(club, assistant_client, language):
    club.language = language
    club.save(update_fields=["language"])
    season = Season.objects.create(
        club=club,
        name="2026/27",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 5, 31),
    )
    page = assistant_client.get(f"/seasons/{season.pk}/takings/").content.decode()
    assert f'<p class="lead">{LEADS[language]}</p>' in html.unescape(page), language
