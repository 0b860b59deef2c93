"""A season's workbook: the season "2026" of a club (`season_2026`), the days
of its drives (`DAYS`), the workbook read back in a language (`season_book`),
and how each language writes a date in a cell (`WRITTEN`)."""

from __future__ import annotations

import datetime
import io

from django.utils import translation
from openpyxl import load_workbook

from league import services as league_services
from printing import league_exports

WRITTEN = {
    "en-gb": "dd/mm/yyyy",
    "pl": "dd.mm.yyyy",
    "ru": "dd.mm.yyyy",
    "ro": "dd.mm.yyyy",
    "it": "dd/mm/yyyy",
}


DAYS = [datetime.date(2026, 3, 5), datetime.date(2026, 12, 5)]


def season_2026(club):
    """The club's season "2026", the calendar year: the drives it finds."""
    return league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def season_book(season, language):
    buffer = io.BytesIO()
    with translation.override(language):
        league_exports.write_season_workbook(season=season, output=buffer)
    return load_workbook(io.BytesIO(buffer.getvalue()))
