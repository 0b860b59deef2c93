"""Silent rounds in plain arithmetic: which rounds keep quiet, and up to which
hand the players' boards count (drive.silence)."""

from __future__ import annotations

import pytest

from drive import silence
from drive.models import Drive, DriveState


def drive(**values: object) -> Drive:
    settings = {
        "hands": 24,
        "hands_per_round": 4,
        "silent_rounds": 2,
        "state": DriveState.IN_PLAY,
        "current_round": 1,
    } | values
    return Drive(**settings)


def test_the_last_n_rounds_are_silent_and_the_boards_count_the_hands_before():
    six_rounds = drive()
    assert silence.first_silent_round(six_rounds) == 5
    # The end of round 4: hand 16.
    assert silence.board_until_hand(six_rounds) == 16
    assert [r for r in range(1, 7) if silence.round_is_quiet(six_rounds, r)] == [5, 6]


@pytest.mark.parametrize(
    ("values", "quiet"),
    [
        ({"current_round": 4}, False),  # before the silence: nothing to say
        ({"current_round": 5}, True),
        ({"current_round": 6}, True),
        ({"state": DriveState.FINISHED, "current_round": 6}, True),
        ({"state": DriveState.FINISHED, "silence_lifted": True}, False),
        ({"silent_rounds": 0, "current_round": 6}, False),
    ],
)
def test_the_boards_say_so_once_a_silent_round_has_begun(values, quiet):
    assert silence.is_quiet(drive(**values)) is quiet


def test_no_silence_counts_every_hand():
    assert silence.board_until_hand(drive(silent_rounds=0)) is None
    assert silence.first_silent_round(drive(silent_rounds=0)) is None
    # Lifted (Reveal, or the prize-giving's end): every hand again.
    lifted = drive(state=DriveState.FINISHED, silence_lifted=True)
    assert silence.board_until_hand(lifted) is None
    assert not silence.round_is_quiet(lifted, 6)
    # Before play nothing is scored, so nothing is silent.
    assert not silence.in_force(drive(state=DriveState.OPEN))
