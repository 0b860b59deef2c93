"""Dates as the page's language writes them (players.dates); a built-in library
(config.settings TEMPLATES), so every template has them without a load."""

from __future__ import annotations

import datetime

from django import template

from players import dates

register = template.Library()


def _filter(function):
    def apply(value: datetime.date | None, arg: str = "") -> str:
        if not value:
            return ""
        if arg == "seconds":
            return function(value, seconds=True)
        return function(value)

    apply.__name__ = function.__name__
    register.filter(function.__name__, apply, expects_localtime=True)


for _function in (
    dates.long_date,
    dates.full_date,
    dates.short_date,
    dates.day_month,
    dates.weekday_date,
    dates.date_time,
    dates.weekday_time,
):
    _filter(_function)


@register.filter(name="dates_elided", is_safe=True)
def dates_elided(text: str) -> str:
    """A translated sentence holding a date with its article as the language
    writes it (players.dates.with_dates_elided: Italian "l'8 dicembre")."""
    return dates.with_dates_elided(str(text))
