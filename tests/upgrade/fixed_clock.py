"""A fixed clock and fixed secrets for the upgrade test's fixture
(tests/upgrade/make_fixture.py): the services' timestamps fall on each drive's
evening, and captain links and password salts come from a seeded generator, so
the fixture is made the same each time.
"""

from __future__ import annotations

import base64
import datetime
import random
import secrets
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

LONDON = zoneinfo.ZoneInfo("Europe/London")


class Clock:
    """Timestamps the services write: each drive's evening, a few seconds per reading."""

    STEP = datetime.timedelta(seconds=7)

    def __init__(self) -> None:
        self.moment = datetime.datetime(2026, 6, 1, 12, 0, tzinfo=datetime.timezone.utc)

    def at(self, day: datetime.date, hour: int, minute: int = 0) -> None:
        self.moment = datetime.datetime(
            day.year, day.month, day.day, hour, minute, tzinfo=LONDON
        ).astimezone(datetime.timezone.utc)

    def later(self, minutes: int) -> None:
        self.moment += datetime.timedelta(minutes=minutes)

    def now(self, tz: datetime.tzinfo | None = None) -> datetime.datetime:
        self.moment += self.STEP
        if tz is None:
            return self.moment.astimezone(LONDON).replace(tzinfo=None)
        return self.moment.astimezone(tz)


CLOCK = Clock()


class _FrozenDatetime(datetime.datetime):
    @classmethod
    def now(cls, tz: datetime.tzinfo | None = None) -> datetime.datetime:
        return CLOCK.now(tz)


@contextmanager
def fixed_time_and_secrets(seed: int) -> Iterator[None]:
    """django.utils.timezone.now() reads CLOCK; `secrets` draws from a seeded generator.

    timezone.now is patched where it reads the time (its module's `datetime`),
    so fields that hold it as their default (AuditEvent.at) follow too.
    """
    rng = random.Random(seed)

    def token_urlsafe(nbytes: int | None = None) -> str:
        raw = rng.randbytes(nbytes or 32)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")

    with (
        mock.patch("django.utils.timezone.datetime", _FrozenDatetime),
        mock.patch.object(secrets, "token_urlsafe", token_urlsafe),
        mock.patch.object(secrets, "choice", rng.choice),
        mock.patch.object(secrets, "randbelow", rng.randrange),
    ):
        yield
