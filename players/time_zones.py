"""The club's time zone: every time a page, a PDF, the workbook or an e-mail of
the club shows is that zone's wall-clock time (players.language.use_club
activates it for the request).

- `TIME_ZONE_CHOICES`: every IANA zone this machine knows, by name.
- `time_zone_for_language(code)`: the sensible default for a club speaking
  `code` (Polish: Europe/Warsaw); the site's own TIME_ZONE for English.
"""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings

TIME_ZONE_OF_LANGUAGE = {
    "pl": "Europe/Warsaw",
    "ru": "Europe/Moscow",
    "ro": "Europe/Bucharest",
    "it": "Europe/Rome",
}


@cache
def time_zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(time_zone_names())]


def is_time_zone(name: str) -> bool:
    return name in time_zone_names()


def time_zone_for_language(language: str | None) -> str:
    base = (language or "").split("-")[0]
    return TIME_ZONE_OF_LANGUAGE.get(base, settings.TIME_ZONE)
