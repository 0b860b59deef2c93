"""The charts' browser tests share: a club (olive its organiser) and a drive
of its eight players with names in several alphabets, a chart's table of
numbers and its drawing as the page lays them out (TABLE, FITS), and a
picture of one part of a page (keep_part)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page

from drive.models import Drive
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

# The drive's players, in several alphabets.
NAMES = [
    "Иван Петров",
    "Łucja Wiśniewska",
    "Ștefan Țurcanu",
    "Anna Smith",
    "Ольга Соколова",
    "Paweł Żak",
    "Mircea Dinu",
    "Giulia Rossi",
]


# A chart's table of numbers: its headings and rows.
TABLE = """(id) => {
    const table = document.querySelector('#' + id + ' table');
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.children].map((cell) => cell.textContent.trim()));
    return {heads, rows};
}"""


# A chart's drawing as laid out on the screen, with its title and words.
FITS = """(id) => {
    const svg = document.querySelector('#' + id + ' svg');
    const box = svg.getBoundingClientRect();
    return {width: box.width, height: box.height, right: box.right,
            screen: window.innerWidth,
            title: svg.querySelector('title').textContent,
            role: svg.getAttribute('role'),
            words: [...svg.querySelectorAll('text')].map((t) => t.textContent)};
}"""


def keep_part(page: Page, selector: str, name: str) -> None:
    """A PNG of one part of the page as name.png when E2E_SCREENSHOTS is set
    (the organiser's guide shows the charts alone)."""
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        page.locator(selector).screenshot(path=str(Path(folder) / f"{name}.png"))


def a_club(language: str = "en-gb"):
    club = ClubFactory(language=language)
    olive(club)
    return club


def named_drive(club, *, hands: int, date=None) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=hands)
    if date is not None:
        Drive.objects.filter(pk=drive.pk).update(date=date)
    for entry in drive.entries.select_related("player").order_by("number"):
        entry.player.name = NAMES[entry.number - 1]
        entry.player.save()
    drive.refresh_from_db()
    return drive
