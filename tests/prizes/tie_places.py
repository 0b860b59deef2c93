"""A player's places in the find-me summary of a drive tied on points: the
lines as read (`own_places`), as each language says them (`places`), and
the public page in a language (`public`)."""

from __future__ import annotations

import re

from django.test import Client

from drive import services as drive_services
from tests.scoring.tie_marks import page

DECIDED = {
    "en-gb": "decided by count-back",
    "pl": "rozstrzygnięte od końca",
    "ru": "решено сравнением с конца",
}


# The overall board's line, then the group's (S and W are both Gents).
PLACE = {
    "en-gb": ("Overall: place {} of 4, {} points", "Gents: place {} of 2, {} points"),
    "pl": ("Ogółem: miejsce {} z 4, {} punkty", "Gents: miejsce {} z 2, {} punkty"),
    "ru": ("Общий зачёт: место {} из 4, {} очка", "Gents: место {} из 2, {} очка"),
}


def places(language: str, overall: int, group: int, decided: bool) -> list[str]:
    """The summary's two lines of a player on 3 points, placed `overall` and
    `group`; each saying the rule where `decided`."""
    tie = f"; {DECIDED[language]}" if decided else ""
    board, in_group = PLACE[language]
    return [board.format(overall, 3) + tie, in_group.format(group, 3) + tie]


def own_places(text: str) -> list[str]:
    """The find-me summary's place lines, as read (tags taken out, a
    no-break space read as the space it is: the page holds each number to
    its word, scoring.player_view.place_words)."""
    block = re.search(r'<ul class="own-places">(.*?)</ul>', text, re.S)
    assert block, "no find-me summary"
    return [
        re.sub(r"<[^>]+>", "", li).replace("\u00a0", " ").replace("&nbsp;", " ")
        for li in re.findall(r"<li>(.*?)</li>", block[1])
    ]


def public(drive, language: str, number: int, where: str = "results/") -> str:
    drive = drive_services.public_link_set(drive=drive, shared=True)
    return page(Client(), f"/p/{drive.public_key}/{where}?entry={number}", language)
