"""The prize pages' note of who left early, in Romanian and Italian, names the
leaving, as the Russian and Polish do since 09cdd8a3: it said "Nu intră la
premii, fiindcă au plecat mai devreme:" and "Esclusi dai premi perché usciti
prima:", a plural (the Italian a men's) said of one player, often a woman."""

from __future__ import annotations

import pytest
from django.urls import reverse

from drive import entry_services
from tests.factories import drive_with_players, play_drive, play_round
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "note", "old"),
    [
        ("ro", "Fără premii din cauza plecării mai devreme:", "au plecat"),
        ("it", "Senza premi per uscita anticipata:", "Esclusi"),
    ],
)
def test_the_prizes_say_who_left_early_of_anyone(
    club, organiser_client, language, note, old
):
    drive = drive_with_players(players=8, hands=4, club=club)
    play_round(drive)
    play_round(drive)
    entry = drive.entries.order_by("number").first()
    entry_services.entry_withdraw(entry=entry)
    play_drive(drive)
    speak(club, language)
    page = text(organiser_client.get(reverse("prizes:drive", args=[drive.pk])))
    assert f"{note} {entry.number} {entry.player.name} (" in page, page
    assert old not in page
