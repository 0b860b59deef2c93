"""The round clock: how long a round may take, counted by the server.

- *Round time*: the drive's minutes per hand times the round's hands, or its
  minutes per round (`round_seconds`).
- *Running*: the round's time ends at `ends_at`, a moment of the server's clock.
  Pages are told the seconds left as the server counts them, never the moment
  itself, so a phone whose own clock is wrong still counts down with the room.
- *Paused*: `left` seconds remain, frozen until the organiser resumes.
- *Off*: no countdown: the drive has no round time, is not in play, or the
  organiser stopped the clock.
- *Time up*: no seconds left. Nothing is blocked by it: results are still
  taken, and the room lists the tables still playing.
- *Last minute*: LAST_MINUTE seconds or fewer left, and not yet up: the pages warn.

Plain values: the services (drive.clock_services) lock, check and store.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

OFF, RUNNING, PAUSED = "off", "running", "paused"
PER_HAND, PER_ROUND = "hand", "round"
LAST_MINUTE = 60
# The most minutes a round may be given, or extended to.
MOST_MINUTES = 600


def most_seconds(round_seconds: int) -> int:
    """The most seconds a round's clock may hold: MOST_MINUTES, or the round's
    own time when that is longer (minutes per hand, several hands a round)."""
    return max(MOST_MINUTES * 60, round_seconds)


def round_seconds(*, minutes: int | None, per: str, hands_per_round: int) -> int:
    """The time a round is given, in seconds; 0 when the drive has no clock."""
    if not minutes:
        return 0
    return minutes * 60 * (hands_per_round if per == PER_HAND else 1)


@dataclass(frozen=True)
class Clock:
    state: str = OFF
    ends_at: datetime | None = None  # running
    left: int | None = None  # paused: the seconds that remain

    def seconds_left(self, now: datetime) -> int | None:
        """Whole seconds left (rounded up, so 0 means the time is up); None when off."""
        if self.state == RUNNING and self.ends_at is not None:
            return max(0, math.ceil((self.ends_at - now).total_seconds()))
        if self.state == PAUSED and self.left is not None:
            return self.left
        return None

    def is_time_up(self, now: datetime) -> bool:
        return self.seconds_left(now) == 0

    def is_last_minute(self, now: datetime) -> bool:
        left = self.seconds_left(now)
        return left is not None and 0 < left <= LAST_MINUTE

    @classmethod
    def started(cls, *, now: datetime, seconds: int) -> Clock:
        """A fresh countdown of `seconds`, or the clock off when there is none."""
        if seconds <= 0:
            return cls()
        return cls(RUNNING, ends_at=now + timedelta(seconds=seconds))

    def capped(self, *, now: datetime, most: int) -> Clock:
        """The clock with no more than `most` seconds left: a clock from a
        file (or an older release) may hold more than a page could give it."""
        left = self.seconds_left(now)
        if left is None or left <= most:
            return self
        if self.state == PAUSED:
            return replace(self, left=most)
        return replace(self, ends_at=now + timedelta(seconds=most))

    def room_to_extend(self, *, now: datetime, most: int) -> int:
        """How many seconds may still be added before the clock holds `most`."""
        return max(0, most - (self.seconds_left(now) or 0))

    def paused(self, *, now: datetime) -> Clock:
        return Clock(PAUSED, left=self.seconds_left(now))

    def resumed(self, *, now: datetime) -> Clock:
        return Clock(RUNNING, ends_at=now + timedelta(seconds=self.left or 0))

    def extended(self, *, now: datetime, seconds: int) -> Clock:
        """`seconds` more: added to what is left, or from now once the time is up."""
        if self.state == PAUSED:
            return replace(self, left=(self.left or 0) + seconds)
        base = self.ends_at if self.ends_at is not None and self.ends_at > now else now
        return replace(self, ends_at=base + timedelta(seconds=seconds))


def minutes_and_seconds(seconds: int) -> str:
    """ "12:05" for 725 seconds; hours as minutes ("75:00"), as a round rarely has them."""
    return f"{seconds // 60}:{seconds % 60:02d}"
