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
from tests.prizes.prize_giving import on_show, press

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
    assert "Your prize" not in own and "No prize this time" not in own
    assert (
        "Your prize: Booby." in hall.get(f"{url}?entry={booby.number}").content.decode()
    )
    hall.cookies["django_language"] = "it"
    assert "da annunciare" in _prizes_section(hall, url)
    hall.cookies["django_language"] = "en-gb"

    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    section = _prizes_section(hall, url)
    assert first.name in section and "to be announced" not in section
    assert (
        "Your prize: 1st overall."
        in hall.get(f"{url}?entry={first.number}").content.decode()
    )


def _giving_page(client: Client, drive) -> str:
    return client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()


def test_back_to_the_boards_in_the_middle_keeps_the_rest_to_be_announced(
    club, organiser_client
):
    """ "Back to the boards" pressed in the middle of the prize-giving: the
    hall's phones still name only the prizes shown until the prize-giving
    goes on to its end, or the organiser ends it and shows every prize."""
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby"
    )
    drive = drive_services.public_link_set(drive=drive, shared=True)
    url = f"/p/{drive.public_key}/results/"
    steps = {a.title: a for a in giving.prize_giving(drive=drive).steps}
    first, second = steps["1st overall"].winners[0], steps["2nd overall"].winners[0]
    booby = steps["Booby"].winners[0]
    hall = Client()

    # Started, and back to the boards at once: nothing is told yet.
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "stop")
    section = _prizes_section(hall, url)
    assert first.name not in section and booby.name not in section
    assert section.count("to be announced") == 3

    # The booby shown, then back to the boards: only the booby is told.
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "stop")
    projector = organiser_client.get(
        f"/drives/{drive.pk}/projector/", headers={"HX-Request": "true"}
    ).content.decode()
    assert "prize-title" not in projector  # the boards
    section = _prizes_section(hall, url)
    assert booby.name in section
    assert first.name not in section and second.name not in section
    assert section.count("to be announced") == 2
    own = hall.get(f"{url}?entry={first.number}").content.decode()
    assert "Your prize" not in own and "No prize this time" not in own
    page = _giving_page(organiser_client, drive)
    assert "back on the boards in the middle of the prize-giving" in page
    assert "1 of 3 prizes shown." in page
    assert "Go on with the prize-giving" in page

    # Go on: the projector is back on the booby, and Next gives 2nd overall.
    press(organiser_client, drive, "start")
    assert on_show(organiser_client, drive)[0] == "Booby"
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "2nd overall"
    press(organiser_client, drive, "stop")
    section = _prizes_section(hall, url)
    assert second.name in section and first.name not in section
    assert section.count("to be announced") == 1

    # The organiser ends it: every prize, and the page is as before a giving.
    press(organiser_client, drive, "end")
    section = _prizes_section(hall, url)
    assert first.name in section and "to be announced" not in section
    assert (
        "Your prize: 1st overall."
        in hall.get(f"{url}?entry={first.number}").content.decode()
    )
    assert "Start the prize-giving" in _giving_page(organiser_client, drive)


def test_a_prize_giving_shown_to_the_end_then_back_to_the_boards_is_over(
    club, organiser_client
):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\nBooby")
    drive = drive_services.public_link_set(drive=drive, shared=True)
    first = giving.prize_giving(drive=drive).steps[-1].winners[0]
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "stop")
    section = _prizes_section(Client(), f"/p/{drive.public_key}/results/")
    assert first.name in section and "to be announced" not in section
    assert "Start the prize-giving" in _giving_page(organiser_client, drive)


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "pl",
            (
                "Pokazane nagrody: 1 z 3.",
                "Kontynuuj wręczenie nagród",
                "„do ogłoszenia”",
            ),
        ),
        (
            "ru",
            (
                "Показано призов: 1 из 3.",
                "Продолжить вручение призов",
                "«будет объявлено»",
            ),
        ),
    ],
)
def test_the_mc_page_left_in_the_middle_in_polish_and_russian(
    club, organiser_client, language, words
):
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby"
    )
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "stop")
    organiser_client.cookies["django_language"] = language
    page = _giving_page(organiser_client, drive)
    for said in words:
        assert said in page, said
