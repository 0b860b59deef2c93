"""The count of prizes the hall is shown ("Prize 2 of 4") stays the same all
through a prize-giving: a prize once announced keeps its place, even when it
is no longer given (its winner not here, nobody eligible left) or its line is
taken off the prize list; Back goes back one step and Next forward again,
each prize keeping its number. A prize taken off the list before it was
announced is simply no longer counted. The MC's page, the projector and the
hall's phones say the same."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import Drive
from players.models import AuditEvent, AuditKind
from prizes import giving
from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.fixtures import finished_tie, set_order
from tests.prizes.prize_giving import count, on_show, press

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
ABSENT = "/drives/{}/prize-giving/not-here/"


def mc_count(client: Client, drive: Drive) -> str:
    """The MC's page: "N of M prizes shown."."""
    page = client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    return page.split('<p class="help" id="giving-count">')[1].split("</p>")[0].strip()


def _four_places(club) -> Drive:
    set_order(club, "count_back")
    drive, _seats = finished_tie(club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall\n4th overall"
    )
    return drive


def test_back_from_a_prize_not_given_keeps_it_in_the_count(club, organiser_client):
    drive = _four_places(club)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    gone = now.current.winners[0]
    organiser_client.post(
        ABSENT.format(drive.pk),
        {"action": "away", "prize": now.current_key, "entry": gone.key},
    )
    assert count(organiser_client, drive) == "Prize 1 of 4"
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert count(organiser_client, drive) == "Prize 2 of 4"

    # Back to the prize not given: it is still prize 1 of 4.
    press(organiser_client, drive, "back")
    title, page = on_show(organiser_client, drive)
    assert title == "4th overall"
    assert "Not given: nobody eligible is left." in page
    assert count(organiser_client, drive) == "Prize 1 of 4"
    assert mc_count(organiser_client, drive) == "1 of 4 prizes shown."

    # Back to the title, and forward again: the same prizes, the same numbers.
    press(organiser_client, drive, "back")
    assert count(organiser_client, drive) == "From the last prize to the first."
    assert mc_count(organiser_client, drive) == "0 of 4 prizes shown."
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "4th overall"
    assert count(organiser_client, drive) == "Prize 1 of 4"
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert count(organiser_client, drive) == "Prize 2 of 4"
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "1st overall"
    assert count(organiser_client, drive) == "Prize 4 of 4"
    page = on_show(organiser_client, drive)[1]
    assert "Every prize has been shown." in page


def _three_prizes(club) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall\nBooby"
    )
    return drive_services.public_link_set(drive=drive, shared=True)


def _public_prizes(drive: Drive) -> str:
    body = Client().get(f"/p/{drive.public_key}/results/").content.decode()
    return body[body.index('<section id="prizes">') :].split("</section>")[0]


def test_a_prize_taken_off_the_list_after_it_was_announced_keeps_its_number(
    club, organiser_client
):
    drive = _three_prizes(club)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert count(organiser_client, drive) == "Prize 2 of 4"

    # The organiser takes the 3rd place, on the projector now, off the list.
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby"
    )
    title, page = on_show(organiser_client, drive)
    assert title == "3rd overall"
    assert "Taken off the prize list." in page
    assert count(organiser_client, drive) == "Prize 2 of 4"
    assert mc_count(organiser_client, drive) == "2 of 4 prizes shown."
    assert "Next: 2nd overall." in page

    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "2nd overall"
    assert count(organiser_client, drive) == "Prize 3 of 4"
    # Back goes over it again, as the hall saw it.
    press(organiser_client, drive, "back")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert count(organiser_client, drive) == "Prize 2 of 4"
    press(organiser_client, drive, "back")
    assert on_show(organiser_client, drive)[0] == "Booby"
    assert count(organiser_client, drive) == "Prize 1 of 4"
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "1st overall"
    assert count(organiser_client, drive) == "Prize 4 of 4"
    assert "to be announced" not in _public_prizes(drive)

    organiser_client.cookies["django_language"] = "pl"
    press(organiser_client, drive, "back")
    press(organiser_client, drive, "back")
    title, page = on_show(organiser_client, drive)
    assert "Usunięta z listy nagród." in page
    assert count(organiser_client, drive) == "2 z 4 nagród"
    organiser_client.cookies["django_language"] = "ru"
    assert "Убран из списка призов." in on_show(organiser_client, drive)[1]
    assert count(organiser_client, drive) == "2 из 4 призов"


def test_a_prize_taken_off_the_list_before_it_was_announced_leaves_the_count(
    club, organiser_client
):
    drive = _three_prizes(club)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    assert count(organiser_client, drive) == "Prize 1 of 4"
    assert _public_prizes(drive).count("to be announced") == 3

    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby"
    )
    assert on_show(organiser_client, drive)[0] == "Booby"
    assert count(organiser_client, drive) == "Prize 1 of 3"
    assert mc_count(organiser_client, drive) == "1 of 3 prizes shown."
    # The hall's phones wait for the two prizes left, not three.
    assert _public_prizes(drive).count("to be announced") == 2
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "2nd overall"
    assert count(organiser_client, drive) == "Prize 2 of 3"
    press(organiser_client, drive, "next")
    assert count(organiser_client, drive) == "Prize 3 of 3"


def test_back_to_the_boards_and_start_again_keeps_the_count(club, organiser_client):
    drive = _three_prizes(club)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "back")
    press(organiser_client, drive, "stop")
    # Two prizes were announced: the hall's phones name them both.
    assert _public_prizes(drive).count("to be announced") == 2
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "2 of 4 prizes shown." in page
    press(organiser_client, drive, "start")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert count(organiser_client, drive) == "Prize 2 of 4"
    press(organiser_client, drive, "next")
    assert count(organiser_client, drive) == "Prize 3 of 4"


def test_the_record_of_the_end_counts_a_prize_not_given(club, organiser_client):
    """The record of changes says the prize-giving ended after 1 of its 4
    prizes, the one not given among them, as the hall was told."""
    drive = _four_places(club)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    organiser_client.post(
        ABSENT.format(drive.pk),
        {
            "action": "away",
            "prize": now.current_key,
            "entry": now.current.winners[0].key,
        },
    )
    assert count(organiser_client, drive) == "Prize 1 of 4"
    press(organiser_client, drive, "stop")
    press(organiser_client, drive, "end")
    stops = AuditEvent.objects.filter(drive_id=drive.pk, kind=AuditKind.GIVING_STOP)
    assert [e.new for e in stops.order_by("id")] == [
        {"step": 1, "prizes": 4},
        {"step": 1, "prizes": 4, "published": True},
    ]
