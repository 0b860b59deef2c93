"""A season's workbook: the days of its drives (`DAYS`), the workbook read back
in a language (`season_book`), and how each language writes a date in a
cell (`WRITTEN`)."""

from __future__ import annotations

import datetime
import io

from django.utils import translation
from openpyxl import load_workbook

from printing import league_exports

WRITTEN = {
    "en-gb": "dd/mm/yyyy",
    "pl": "dd.mm.yyyy",
    "ru": "dd.mm.yyyy",
    "ro": "dd.mm.yyyy",
    "it": "dd/mm/yyyy",
}


DAYS = [datetime.date(2026, 3, 5), datetime.date(2026, 12, 5)]


def season_book(season, language):
    buffer = io.BytesIO()
    with translation.override(language):
        league_exports.write_season_workbook(season=season, output=buffer)
    return load_workbook(io.BytesIO(buffer.getvalue()))
