"""A rubber drive's half-time falls after a round, which the bell may end with
some tables short of its twelve hands: the half-time page, the projector's
banner and the half-time prize (on the prize-giving too) name the round, not
"hand 12", a hand table 2 never played."""

from __future__ import annotations

import pytest

from prizes import giving, giving_services
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.prize_list import PrizeKind
from scoring import services as scoring_services
from tests.factories import enter_tricks, rubber_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_half_time(club, organiser):
    """Round 1 of 2: table 1 plays three games, table 2 one hand; the bell."""
    drive = rubber_drive(club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nHalf-time leader"
    )
    enter_tricks(drive, organiser, 1, [11, 8, 2, 10, 3, 7])
    enter_tricks(drive, organiser, 2, [9])
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive.refresh_from_db()
    assert prize_selectors.in_interval(drive=drive)
    return drive


def test_the_half_time_page_and_banner_name_the_round(at_half_time, organiser_client):
    drive = at_half_time
    page = organiser_client.get(f"/drives/{drive.pk}/half-time/").content.decode()
    assert "The standings after round 1 of 2:" in page
    assert "after hand 12" not in page
    shown = organiser_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    assert "Half-time, after round 1" in shown
    assert "after hand 12" not in shown


def test_the_half_time_prize_is_noted_after_the_round(
    at_half_time, organiser, organiser_client
):
    drive = at_half_time
    half_prize = next(
        a
        for a in prize_selectors.drive_prizes(drive=drive).awards
        if a.spec.kind is PrizeKind.HALF_TIME
    )
    assert half_prize.note.endswith("after round 1")
    # Finished, on the MC's page in Polish.
    scoring_services.round_start_next(drive=drive, round_number=2)
    drive.refresh_from_db()
    results = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "Half-time was after round 1." in results
    giving_services.prize_giving_start(drive=drive)
    order = giving.prize_giving(drive=drive).steps
    for seen, award in enumerate(order):
        drive = giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen
        )
        if award.spec.kind is PrizeKind.HALF_TIME:
            break
    organiser_client.cookies["django_language"] = "pl"
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "po rundzie 1" in page
    assert "po rozdaniu 12" not in page
