"""Half-time in Romanian and Italian: the note over the standings says the
sit-out compensation is in the column headed „Ajustări” («Rettifiche») and
that the organiser's adjustments come at the end. It said only "ajustările
contează la final" ("le rettifiche contano solo nella classifica finale")
above that column showing 2, 3, 6 for every player who had sat out, read as a
column that should have been empty (the Russian and Polish note had the same
change in 8753b808)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from tests.factories import drive_with_players, play_round
from tests.site.wording import speak

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "said", "head"),
    [
        (
            "ro",
            "compensația lor pentru statul pe dinafară (în coloana „Ajustări”; "
            "ajustările organizatorului contează la final).",
            "Ajustări",
        ),
        (
            "it",
            "il loro compenso per i turni di riposo (nella colonna «Rettifiche»; "
            "le rettifiche dell'organizzatore contano solo nella classifica "
            "finale).",
            "Rettifiche",
        ),
    ],
)
def test_the_half_time_note_says_where_the_compensation_is(
    club, organiser_client, language, said, head
):
    drive = drive_with_players(players=10, hands=4, club=club)
    play_round(drive, tricks=lambda deal: 9)
    play_round(drive, tricks=lambda deal: 7)
    speak(club, language)
    page = organiser_client.get(reverse("prizes:half_time", args=[drive.pk]))
    words = html_lib.unescape(page.content.decode()).replace("\u00ad", "")
    assert said in re.sub(r"\s+", " ", words)
    heads = [h.strip() for h in re.findall(r"<th[^>]*>([^<]*)</th>", words)]
    assert head in heads
