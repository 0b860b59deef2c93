"""Silent rounds: the boards players see keep quiet over the drive's last rounds.

An organiser may keep the finish a surprise: over the last `silent_rounds`
rounds the projector, the public leaderboard and the captains' phones show the
standings as they were at the end of the last round before the silence, while
results still come in and the organiser's own pages see everything. Once the
drive is finished the organiser lifts the silence (*Reveal*, or the end of the
prize-giving). Plain arithmetic on the drive's values.
"""

from __future__ import annotations

from drive.models import Drive, DriveState

# The states in which the silence can hold: before play nothing is scored.
_PLAYING = (DriveState.IN_PLAY, DriveState.FINISHED)


def in_force(drive: Drive) -> bool:
    """The drive has silent rounds and the silence has not been lifted."""
    return (
        drive.silent_rounds > 0 and not drive.silence_lifted and drive.state in _PLAYING
    )


def first_silent_round(drive: Drive) -> int | None:
    """The first round the boards keep quiet about (None: no silent rounds)."""
    if drive.silent_rounds <= 0:
        return None
    return max(1, drive.rounds - drive.silent_rounds + 1)


def board_until_hand(drive: Drive) -> int | None:
    """The last hand the players' boards count while the silence holds (None:
    every hand, no silence)."""
    first = first_silent_round(drive)
    if first is None or not in_force(drive):
        return None
    return (first - 1) * drive.hands_per_round


def is_quiet(drive: Drive) -> bool:
    """The silence holds and a silent round has begun: the boards say so."""
    first = first_silent_round(drive)
    return (
        first is not None
        and in_force(drive)
        and (drive.state == DriveState.FINISHED or drive.current_round >= first)
    )


def round_is_quiet(drive: Drive, round_number: int) -> bool:
    """`round_number` is one of the silent rounds and the silence holds."""
    first = first_silent_round(drive)
    return first is not None and in_force(drive) and round_number >= first
