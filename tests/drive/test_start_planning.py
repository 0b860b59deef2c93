"""Planning a fixed movement holds up nobody (issue #14, item 15).

The start plans from the entries as they stand, outside any transaction (so
without the drive's lock, which on SQLite is every writer's lock), then takes
the lock, checks that nothing the plan depends on changed meanwhile, and
saves; if something changed it plans again, and after a few tries it says so.
The Movement preview keeps its plan, so viewing it again, or starting the
drive it shows, plans nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection
from django.urls import reverse

from drive import seating
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry, Round, SeatAssignment
from drive.movement import plan
from tests.factories import PlayerFactory, drive_with_players
from tests.fixtures import START


class Planner:
    """The real planner, recording each call (and running `during` first, if set)."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        self.during: Callable[[], object] | None = None


@pytest.fixture
def planner(monkeypatch) -> Planner:
    recorder = Planner()
    real = plan.plan_fixed

    def recording(**kwargs):
        recorder.calls.append(
            {"in_transaction": connection.in_atomic_block, "lineup": kwargs["lineup"]}
        )
        if recorder.during is not None:
            recorder.during()
        return real(**kwargs)

    monkeypatch.setattr(plan, "plan_fixed", recording)
    return recorder


def seated(drive: Drive, round_number: int) -> set[int]:
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number
        ).values_list("entry_id", flat=True)
    )


def late_arrival(drive: Drive, group: str) -> Entry:
    return drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club), group=group
    )


@pytest.mark.django_db(transaction=True)
def test_the_start_plans_outside_any_transaction(planner):
    drive = drive_with_players(players=8, format="stationary", hands=6, start=False)
    drive_services.drive_start(drive=drive)
    assert [call["in_transaction"] for call in planner.calls] == [False]
    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY
    assert Round.objects.filter(drive=drive).count() == 6


@pytest.mark.django_db(transaction=True)
def test_a_check_in_while_planning_is_seated_by_a_second_plan(planner):
    drive = drive_with_players(players=8, format="stationary", hands=6, start=False)
    arrivals: list[Entry] = []

    def someone_checks_in() -> None:
        if not arrivals:
            arrivals.append(late_arrival(drive, "A"))

    planner.during = someone_checks_in
    drive_services.drive_start(drive=drive)
    # The first plan was for 8; the start saw the ninth and planned again.
    assert [len(call["lineup"].players) for call in planner.calls] == [8, 9]
    everyone = set(Entry.objects.filter(drive=drive).values_list("pk", flat=True))
    assert len(everyone) == 9
    for round_number in range(1, 7):
        assert seated(drive, round_number) == everyone
    assert Entry.objects.get(pk=arrivals[0].pk).joined_round == 1


@pytest.mark.django_db(transaction=True)
def test_a_start_that_keeps_being_overtaken_says_so_and_writes_nothing(
    planner, organiser_client, club
):
    drive = drive_with_players(
        club=club, players=8, format="stationary", hands=6, start=False
    )
    groups = iter("ABABAB")
    planner.during = lambda: late_arrival(drive, next(groups))
    response = organiser_client.post(reverse("drive:start", args=[drive.pk]), START)
    assert response.status_code == 409
    assert "Start the drive again" in response.content.decode()
    assert len(planner.calls) == drive_services.START_ATTEMPTS
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN
    assert not Round.objects.filter(drive=drive).exists()
    assert not Entry.objects.filter(drive=drive, joined_round__isnull=False).exists()


@pytest.mark.django_db
def test_the_preview_plans_once_and_the_start_seats_what_it_showed(
    planner, organiser_client, club
):
    drive = drive_with_players(
        club=club, players=8, format="stationary", hands=6, start=False
    )
    url = reverse("drive:movement", args=[drive.pk])
    first = organiser_client.get(url)
    again = organiser_client.get(url)
    assert first.status_code == again.status_code == 200
    assert "Tables by round" in first.content.decode()
    assert len(planner.calls) == 1
    shown = seating.plan_preview(drive=drive)
    assert len(planner.calls) == 1

    # A late check-in changes what the preview is planned from: planned anew.
    arrival = late_arrival(drive, "A")
    page = organiser_client.get(url).content.decode()
    assert len(planner.calls) == 2
    assert f'<td class="num">{arrival.number}</td>' in page
    shown = seating.plan_preview(drive=drive)
    assert len(planner.calls) == 2

    # Starting seats exactly the previewed plan, without planning again.
    drive_services.drive_start(drive=drive)
    assert len(planner.calls) == 2
    assert seating.stored_seatings(drive=drive) == shown


@pytest.mark.django_db
def test_a_change_of_settings_plans_the_preview_anew(planner, organiser_client, club):
    drive = drive_with_players(
        club=club, players=8, format="stationary", hands=6, start=False
    )
    url = reverse("drive:movement", args=[drive.pk])
    for _view in range(2):
        page = organiser_client.get(url).content.decode()
        # Round headers as the page writes them (a bare "R7" can occur in a token).
        assert "<th>R6</th>" in page and "<th>R7</th>" not in page
    drive_services.drive_update(drive=drive, hands=8)
    for _view in range(2):
        assert "<th>R8</th>" in organiser_client.get(url).content.decode()
    assert len(planner.calls) == 2
