"""The public pages during the prize-giving (a drive without silent rounds):
the public results and a player's own page name only the winners of the
prizes the projector has shown, the rest "to be announced", so the hall's
phones do not tell the winners before the MC; every prize once it is done."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import services as drive_services
from prizes import giving
from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.test_giving_decided import press

pytestmark = pytest.mark.django_db


def _prizes_section(client: Client, url: str) -> str:
    body = client.get(url).content.decode()
    return body[body.index('<section id="prizes">') :].split("</section>")[0]


def test_the_public_results_wait_for_the_projector(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby"
    )
    drive = drive_services.public_link_set(drive=drive, shared=True)
    assert drive.silent_rounds == 0
    url = f"/p/{drive.public_key}/results/"
    steps = {a.title: a for a in giving.prize_giving(drive=drive).steps}
    first = steps["1st overall"].winners[0]
    booby = steps["Booby"].winners[0]
    hall = Client()
    assert first.name in _prizes_section(hall, url)

    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    section = _prizes_section(hall, url)
    assert booby.name in section
    assert first.name not in section
    assert section.count("to be announced") == 2
    # The winner's own page neither names the prize nor says there is none.
    own = hall.get(f"{url}?entry={first.number}").content.decode()
    assert "Your prizes" not in own and "No prize this time" not in own
    assert (
        "Your prizes: Booby."
        in hall.get(f"{url}?entry={booby.number}").content.decode()
    )
    hall.cookies["django_language"] = "it"
    assert "da annunciare" in _prizes_section(hall, url)
    hall.cookies["django_language"] = "en-gb"

    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    section = _prizes_section(hall, url)
    assert first.name in section and "to be announced" not in section
    assert (
        "Your prizes: 1st overall."
        in hall.get(f"{url}?entry={first.number}").content.decode()
    )
