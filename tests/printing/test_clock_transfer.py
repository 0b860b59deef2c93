"""The round clock moves between sites with dumpdrive and loaddrive: the
drive's minutes, the clock as it stands, and each round's start and end; a
file with a clock that cannot be is refused with words."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from drive.models import Drive, Round
from tests.factories import drive_with_players, play_round
from tests.printing.fixtures import dump, load
from tests.printing.transfer import forget

pytestmark = pytest.mark.django_db

CLOCK = ("clock_minutes", "clock_per", "clock_state", "clock_ends_at", "clock_left")


def test_the_clock_and_the_round_times_travel(club, server_clock, tmp_path):
    drive = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=2, clock_minutes=6
    )
    server_clock.advance(700)
    play_round(drive)
    path = dump(drive, tmp_path)
    clock = Drive.objects.values_list(*CLOCK).get(pk=drive.pk)
    times = list(
        Round.objects.filter(drive=drive).values_list(
            "number", "started_at", "ended_at"
        )
    )
    forget(drive)
    loaded = load(path)
    assert Drive.objects.values_list(*CLOCK).get(pk=loaded.pk) == clock
    assert clock[:3] == (6, "hand", "running")
    assert (
        list(
            Round.objects.filter(drive=loaded).values_list(
                "number", "started_at", "ended_at"
            )
        )
        == times
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"clock_state": "running", "clock_ends_at": None}, "clock_ends_at is empty"),
        ({"clock_state": "paused", "clock_left": None}, "clock_left is empty"),
        ({"clock_minutes": 0}, "clock_minutes"),
        ({"clock_minutes": 601}, "clock_minutes"),
        ({"clock_per": "game"}, "clock_per"),
        # No button makes these; the room's buttons answered 500 on them.
        (
            {"clock_state": "running", "clock_ends_at": "9999-12-31T00:00:00+00:00"},
            "clock_ends_at 9999-12-31T00:00:00+00:00 is further off than a round "
            "may have (36000 seconds from now)",
        ),
        (
            {"clock_state": "paused", "clock_left": 2_147_483_000},
            "clock_left 2147483000 is more than a round may have (36000 seconds)",
        ),
    ],
)
def test_an_impossible_clock_is_refused(club, tmp_path, change, words):
    drive = drive_with_players(players=8, club=club, hands=4, clock_minutes=5)
    data = json.loads(dump(drive, tmp_path).read_text())
    data["rows"]["drive.drive"][0].update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    forget(drive)
    with pytest.raises(CommandError) as refused:
        load(path)
    assert words in str(refused.value)
    assert not Drive.objects.exists()
