"""The round clock through the services: it starts with each round, the
organiser pauses, resumes, extends and stops it, and each round's start and end
are kept (drive.clock_services, drive.services), with the server's time frozen."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from drive import clock_services as clocks
from drive.models import Drive, Round
from drive.selectors import clock_view, round_times
from players.models import AuditKind
from scoring import captain
from scoring import services as scoring_services
from scoring.models import HandResult
from tests.factories import DriveFactory, drive_with_players, play_drive, play_round
from tests.fixtures import audit_events

pytestmark = pytest.mark.django_db


def clocked(club, minutes=7, per="hand", **settings) -> Drive:
    values = {"hands": 4, "hands_per_round": 2, **settings}
    return drive_with_players(
        players=8, club=club, clock_minutes=minutes, clock_per=per, **values
    )


def left(drive: Drive) -> int | None:
    drive.refresh_from_db()
    view = clock_view(drive=drive)
    return None if view is None else view.seconds_left


def test_the_clock_starts_with_the_drive_minutes_per_hand_times_hands(
    club, server_clock
):
    drive = clocked(club, minutes=7, per="hand")
    assert drive.clock_state == "running"
    assert drive.clock_ends_at == server_clock.now + datetime.timedelta(minutes=14)
    server_clock.advance(60)
    view = clock_view(drive=drive)
    assert (view.seconds_left, view.text, view.round_number) == (780, "13:00", 1)
    assert not view.last_minute and not view.time_up


def test_minutes_per_round_and_no_clock_without_minutes(club, server_clock):
    assert left(clocked(club, minutes=15, per="round")) == 15 * 60
    plain = drive_with_players(players=8, club=club, hands=4)
    assert plain.clock_state == "off" and clock_view(drive=plain) is None


def test_each_round_restarts_the_clock_and_keeps_its_start_and_end(club, server_clock):
    drive = clocked(club)
    started = server_clock.now
    server_clock.advance(20 * 60)  # six minutes over time
    assert left(drive) == 0 and clock_view(drive=drive).time_up
    play_round(drive)  # the last result seats round 2
    drive.refresh_from_db()
    assert drive.current_round == 2
    assert left(drive) == 14 * 60  # a fresh countdown for round 2
    second = server_clock.now
    server_clock.advance(10 * 60)
    play_drive(drive)
    drive.refresh_from_db()
    assert drive.state == "finished" and drive.clock_state == "off"
    assert clock_view(drive=drive) is None
    times = [(r.number, r.started_at, r.ended_at) for r in round_times(drive=drive)]
    assert times == [(1, started, second), (2, second, server_clock.now)]
    assert [r.minutes for r in round_times(drive=drive)] == [20, 10]


def test_fixed_formats_plan_every_round_at_the_start_but_only_round_one_starts(
    club, server_clock
):
    drive = clocked(club, format="individual", hands=14, hands_per_round=2)
    assert Round.objects.filter(drive=drive).count() == 7
    assert [r.number for r in round_times(drive=drive)] == [1]


def test_pause_resume_extend_and_stop(club, organiser, server_clock):
    drive = clocked(club)
    server_clock.advance(100)
    clocks.clock_change(drive=drive, action=clocks.PAUSE, by=organiser)
    assert left(drive) == 740
    server_clock.advance(3600)  # a long pause counts for nothing
    assert left(drive) == 740
    clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes="2", by=organiser)
    assert left(drive) == 860 and drive.clock_state == "paused"
    clocks.clock_change(drive=drive, action=clocks.RESUME, by=organiser)
    server_clock.advance(60)
    assert left(drive) == 800
    clocks.clock_change(drive=drive, action=clocks.STOP, by=organiser)
    assert left(drive) is None and drive.clock_state == "off"
    clocks.clock_change(drive=drive, action=clocks.START, by=organiser)
    assert left(drive) == 14 * 60  # the round's whole time again
    actions = [e.new["action"] for e in audit_events(drive, AuditKind.DRIVE_CLOCK)]
    assert actions == ["pause", "extend", "resume", "stop", "start"]
    first = audit_events(drive, AuditKind.DRIVE_CLOCK)[0]
    assert first.who == organiser.username
    assert first.new == {
        "action": "pause",
        "round": 1,
        "seconds_left": 740,
        "was_left": 740,
    }


def test_an_extension_after_time_is_up_runs_from_now(club, organiser, server_clock):
    drive = clocked(club)
    server_clock.advance(30 * 60)
    clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=1, by=organiser)
    assert left(drive) == 60 and clock_view(drive=drive).last_minute


@pytest.mark.parametrize(
    ("first", "then", "words"),
    [
        (clocks.PAUSE, clocks.PAUSE, "already paused"),
        (None, clocks.RESUME, "already running"),
        (None, clocks.START, "already going"),
        (clocks.STOP, clocks.STOP, "already stopped"),
        (clocks.STOP, clocks.PAUSE, "not running"),
        (clocks.STOP, clocks.RESUME, "not paused"),
        (clocks.STOP, clocks.EXTEND, "not going"),
    ],
)
def test_a_change_that_makes_no_sense_now_is_refused_as_a_conflict(
    club, server_clock, first, then, words
):
    drive = clocked(club)
    if first:
        clocks.clock_change(drive=drive, action=first, by="olive")
    before = Drive.objects.values("clock_state", "clock_ends_at", "clock_left").get(
        pk=drive.pk
    )
    events = len(audit_events(drive, AuditKind.DRIVE_CLOCK))
    with pytest.raises(ValidationError) as refused:
        clocks.clock_change(drive=drive, action=then, minutes=1, by="olive")
    assert refused.value.code == "conflict" and words in refused.value.messages[0]
    after = Drive.objects.values("clock_state", "clock_ends_at", "clock_left")
    assert after.get(pk=drive.pk) == before
    assert len(audit_events(drive, AuditKind.DRIVE_CLOCK)) == events


@pytest.mark.parametrize(
    ("language", "paused", "running"),
    [
        ("pl", "Zegar jest już wstrzymany.", "Zegar już chodzi."),
        ("ru", "Часы уже на паузе.", "Часы уже идут."),
    ],
)
def test_a_refused_pause_or_resume_is_told_in_the_language_in_use(
    club, server_clock, language, paused, running
):
    drive = clocked(club)
    with translation.override(language):
        with pytest.raises(ValidationError) as refused:
            clocks.clock_change(drive=drive, action=clocks.RESUME, by="olive")
        assert refused.value.messages == [running]
        clocks.clock_change(drive=drive, action=clocks.PAUSE, by="olive")
        with pytest.raises(ValidationError) as refused:
            clocks.clock_change(drive=drive, action=clocks.PAUSE, by="olive")
        assert refused.value.messages == [paused]


@pytest.mark.parametrize("minutes", [None, "", "0", "61", "-1", "2.5", "x", "٣"])
def test_an_extension_needs_whole_minutes_from_1_to_60(club, server_clock, minutes):
    drive = clocked(club)
    with pytest.raises(ValidationError) as refused:
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=minutes)
    assert refused.value.code == "invalid"
    assert left(drive) == 14 * 60


def test_unknown_actions_and_drives_not_in_play_are_refused(club, server_clock):
    drive = clocked(club)
    with pytest.raises(ValidationError) as refused:
        clocks.clock_change(drive=drive, action="rewind")
    assert refused.value.code == "invalid"
    draft = DriveFactory(club=club, clock_minutes=5)
    with pytest.raises(ValidationError) as refused:
        clocks.clock_change(drive=draft, action=clocks.START)
    assert refused.value.code == "conflict"


def test_start_needs_a_round_time(club, server_clock):
    drive = drive_with_players(players=8, club=club, hands=4)
    with pytest.raises(ValidationError) as refused:
        clocks.clock_change(drive=drive, action=clocks.START)
    assert "no round time" in refused.value.messages[0]


def test_results_are_taken_after_the_time_is_up(club, organiser, server_clock):
    drive = clocked(club)
    server_clock.advance(3600)
    assert clock_view(drive=drive).time_up
    table = drive.tables.get(number=1)
    captain.captain_result_submit(
        table=table, hand=1, ns_tricks=8, idempotency_key="k" * 22
    )
    scoring_services.hand_result_submit(
        drive=drive, table=2, hand=1, ns_tricks=5, by=organiser
    )
    assert HandResult.objects.filter(table__drive=drive, hand=1).count() == 2


def test_the_database_refuses_a_clock_without_its_time(club):
    drive = DriveFactory(club=club)
    for values in (
        {"clock_state": "running", "clock_ends_at": None},
        {"clock_state": "paused", "clock_left": None},
        {"clock_state": "later"},
        {"clock_minutes": 0},
        {"clock_per": "game"},
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            Drive.objects.filter(pk=drive.pk).update(**values)


# --- trust on the evening (issue 33) --------------------------------------------------


def test_extensions_stop_at_the_most_a_round_may_have(club, organiser, server_clock):
    """Eleven presses of +60 on a 10-minute round: 600 minutes, never 669."""
    drive = clocked(club, minutes=10, per="round")
    for _ in range(9):
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=60)
    assert left(drive) == 550 * 60
    with pytest.raises(ValidationError, match="add 50 minutes or less") as refused:
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=60)
    assert refused.value.code == "conflict"
    clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=50)
    assert left(drive) == 600 * 60
    with pytest.raises(ValidationError, match="has that already"):
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=1)
    clocks.clock_change(drive=drive, action=clocks.PAUSE)
    with pytest.raises(ValidationError, match="has that already"):
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=1)
    assert left(drive) == 600 * 60


def test_a_round_given_more_than_600_minutes_keeps_its_time_but_no_more(
    club, server_clock
):
    drive = clocked(club, minutes=400, per="hand")  # two hands: 800 minutes
    assert left(drive) == 800 * 60
    with pytest.raises(ValidationError, match="at most 800 minutes"):
        clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=1)
    server_clock.advance(120)
    clocks.clock_change(drive=drive, action=clocks.EXTEND, minutes=2)
    assert left(drive) == 800 * 60


@pytest.mark.parametrize(
    "stored",
    [
        {
            "clock_state": "running",
            "clock_ends_at": datetime.datetime(
                9999, 12, 31, tzinfo=datetime.timezone.utc
            ),
        },
        {"clock_state": "paused", "clock_ends_at": None, "clock_left": 2_147_483_000},
    ],
)
@pytest.mark.parametrize("action", [clocks.PAUSE, clocks.RESUME, clocks.EXTEND])
def test_a_clock_holding_more_than_a_round_can_have_is_capped_never_a_500(
    club, server_clock, stored, action
):
    """A clock no page can make (from a file, or an older release): every
    button answers, counting from the most a round may have."""
    drive = clocked(club, minutes=10, per="round")
    Drive.objects.filter(pk=drive.pk).update(**stored)
    try:
        clocks.clock_change(drive=drive, action=action, minutes=1)
    except ValidationError as error:
        assert error.code == "conflict"
    assert left(drive) <= 600 * 60
    for then in (clocks.PAUSE, clocks.RESUME, clocks.STOP):
        try:
            clocks.clock_change(drive=drive, action=then)
        except ValidationError as error:
            assert error.code == "conflict"
