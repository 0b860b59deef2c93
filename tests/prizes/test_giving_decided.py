"""The prize-giving stays on the prize on show whatever is decided or
corrected meanwhile: a consolation draw made during the prize-giving (the MC's
page invites it), or a correction that changes who wins what. A prize decided
after its turn has passed is given next, and the MC's page says why."""

from __future__ import annotations

import pytest
from django.test import Client

from drive.models import Drive
from prizes import giving
from prizes import services as prize_services
from prizes.engine import AwardStatus
from scoring import services as scoring_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.fixtures import finished_tie, set_order
from tests.prizes.prize_giving import HTMX, on_show, press

pytestmark = pytest.mark.django_db


def titles(drive: Drive) -> list[str]:
    return [a.title for a in giving.prize_giving(drive=drive).steps]


def test_a_consolation_draw_made_mid_giving_leaves_the_prize_on_show(
    club, organiser_client
):
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\nBooby\nConsolation draw"
    )
    assert titles(drive) == ["Booby", "2nd overall", "1st overall"]
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "2nd overall"

    # The MC draws the consolation prize, last on the list: its turn has passed.
    prize_services.consolation_draw(drive=drive, position=4, by=None, seed=7)
    assert titles(drive)[0] == "Consolation draw"
    title, page = on_show(organiser_client, drive)
    assert title == "2nd overall"
    assert "Next: Consolation draw. It was decided after its turn had passed" in page
    organiser_client.cookies["django_language"] = "ru"
    assert (
        "Этот приз решён, когда его очередь уже прошла"
        in on_show(organiser_client, drive)[1]
    )
    organiser_client.cookies["django_language"] = "en-gb"

    # Next shows it, then the giving goes on up the list; nothing is left out.
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "Consolation draw"
    drive.refresh_from_db()
    assert not drive.silence_lifted
    press(organiser_client, drive, "next")
    title, page = on_show(organiser_client, drive)
    assert title == "1st overall"
    assert "Every prize has been shown." in page and "4 of 4 prizes shown" in page
    drive.refresh_from_db()
    assert drive.silence_lifted
    # Back takes the prizes off in the order they were shown.
    press(organiser_client, drive, "back")
    assert on_show(organiser_client, drive)[0] == "Consolation draw"
    press(organiser_client, drive, "back")
    assert on_show(organiser_client, drive)[0] == "2nd overall"


def projector_count(client: Client, drive: Drive) -> str:
    """The projector's "Prize N of M"."""
    projector = client.get(f"/drives/{drive.pk}/projector/", headers=HTMX)
    text = projector.content.decode()
    return text.split('<p class="projector-now">')[1].split("</p>")[0].strip()


def test_a_correction_that_reorders_the_winners_leaves_the_prize_on_show(
    club, organiser_client
):
    """One prize per person: a correction makes the second of the Gents first
    overall, so nobody is left for 2nd Gents, shown already: it keeps its
    place in the giving, not given, and the count does not drop."""
    set_order(club, "count_back", one_prize_per_person=True)
    drive, seats = finished_tie(club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nHighest Ladies\nHighest Gents\n2nd Gents"
    )
    assert titles(drive) == [
        "2nd Gents",
        "Highest Gents",
        "Highest Ladies",
        "1st overall",
    ]
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "Highest Gents"
    assert projector_count(organiser_client, drive) == "Prize 2 of 4"

    entry = drive.entries.get(number=seats["S"])
    scoring_services.adjustment_add(
        entry=entry, points=10, reason="a hand scored to the wrong pair", by=None
    )
    drive.refresh_from_db()
    assert titles(drive) == [
        "2nd Gents",
        "Highest Gents",
        "Highest Ladies",
        "1st overall",
    ]
    assert giving.prize_giving(drive=drive).steps[0].status is AwardStatus.NONE
    title, page = on_show(organiser_client, drive)
    assert title == "Highest Gents"
    # It was "Prize 1 of 3": the prize shown first had left the count.
    assert projector_count(organiser_client, drive) == "Prize 2 of 4"
    assert "2 of 4 prizes shown" in page
    assert "Next: Highest Ladies." in page and "after its turn" not in page
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "Highest Ladies"
    assert projector_count(organiser_client, drive) == "Prize 3 of 4"
    press(organiser_client, drive, "next")
    title, page = on_show(organiser_client, drive)
    assert title == "1st overall" and "Every prize has been shown." in page
    assert projector_count(organiser_client, drive) == "Prize 4 of 4"
