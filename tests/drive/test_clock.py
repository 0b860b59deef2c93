"""The round clock's plain rules (drive.clock), without a database."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from drive.clock import (
    OFF,
    PAUSED,
    PER_HAND,
    PER_ROUND,
    RUNNING,
    Clock,
    minutes_and_seconds,
    round_seconds,
)

T0 = datetime.datetime(2026, 11, 27, 19, 30, tzinfo=datetime.timezone.utc)


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


def test_a_round_is_given_its_minutes_per_hand_times_its_hands_or_per_round():
    assert round_seconds(minutes=7, per=PER_HAND, hands_per_round=4) == 28 * 60
    assert round_seconds(minutes=7, per=PER_ROUND, hands_per_round=4) == 7 * 60
    assert round_seconds(minutes=None, per=PER_HAND, hands_per_round=4) == 0


def test_a_started_clock_counts_down_in_whole_seconds_rounded_up():
    clock = Clock.started(now=T0, seconds=600)
    assert clock.state == RUNNING and clock.ends_at == at(600)
    assert clock.seconds_left(T0) == 600
    assert clock.seconds_left(at(0.4)) == 600  # 599.6 s is still "10:00"
    assert clock.seconds_left(at(1)) == 599
    assert clock.seconds_left(at(599.5)) == 1
    assert clock.seconds_left(at(600)) == 0
    assert clock.seconds_left(at(900)) == 0  # never negative


def test_the_last_minute_and_time_up():
    clock = Clock.started(now=T0, seconds=120)
    assert not clock.is_last_minute(at(59))  # 61 s left
    assert clock.is_last_minute(at(60))  # 60 s left
    assert clock.is_last_minute(at(119))
    assert not clock.is_time_up(at(119))
    assert clock.is_time_up(at(120)) and not clock.is_last_minute(at(120))


def test_no_round_time_means_no_clock():
    assert Clock.started(now=T0, seconds=0) == Clock()
    assert Clock().state == OFF and Clock().seconds_left(T0) is None
    assert not Clock().is_time_up(T0) and not Clock().is_last_minute(T0)


def test_a_pause_keeps_the_seconds_left_until_resumed():
    clock = Clock.started(now=T0, seconds=600).paused(now=at(100))
    assert clock.state == PAUSED and clock.left == 500 and clock.ends_at is None
    assert clock.seconds_left(at(5000)) == 500
    resumed = clock.resumed(now=at(5000))
    assert resumed.state == RUNNING and resumed.ends_at == at(5500)


def test_an_extension_adds_to_what_is_left_or_runs_from_now_once_up():
    running = Clock.started(now=T0, seconds=600)
    assert running.extended(now=at(10), seconds=120).ends_at == at(720)
    assert running.extended(now=at(700), seconds=120).ends_at == at(820)
    paused = running.paused(now=at(300))
    assert paused.extended(now=at(400), seconds=60).left == 360


def test_minutes_and_seconds():
    assert minutes_and_seconds(725) == "12:05"
    assert minutes_and_seconds(0) == "0:00"
    assert minutes_and_seconds(59) == "0:59"
    assert minutes_and_seconds(4500) == "75:00"


@given(
    seconds=st.integers(1, 36_000),
    run=st.integers(0, 40_000),
    pause=st.integers(0, 100_000),
)
def test_time_paused_never_counts(seconds, run, pause):
    start = Clock.started(now=T0, seconds=seconds)
    left = start.seconds_left(at(run))
    later = start.paused(now=at(run)).resumed(now=at(run + pause))
    assert later.seconds_left(at(run + pause)) == left
    assert later.seconds_left(at(run + pause + 1)) == max(0, left - 1)
