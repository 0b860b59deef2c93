"""A broken tie marked on the pages: the key under a board (`KEY`) and what a
screen reader says at the mark (`SPOKEN`), in each language; a page in a
language (`page`), the leaderboard's overall table (`overall`) and the rank,
number and mark of each of its rows (`table_rows`)."""

from __future__ import annotations

import html
import re

from django.test import Client

KEY = {
    "en-gb": "Level on points: placed by count-back from the last hand.",
    "pl": "Ten sam wynik\xa0– kolejność ustala: porównanie od ostatniego rozdania.",
    "ru": "При равенстве очков порядок: сравнение с последней сдачи.",
}


SPOKEN = {
    "en-gb": "placed by tie-break",
    "pl": "rozstrzygnięte przy równym wyniku",
    "ru": "решено при равенстве очков",
}


# A standings table's row (scoring/templatetags/boards.py): rank, its mark, number.
ROW = re.compile(
    r'<tr[^>]*><td class="num">(\d+)(<span class="tie-mark">.*?</span></span>)?'
    r'</td><td class="num">(\d+)</td>'
)


def page(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def table_rows(text: str) -> list[tuple[int, int, bool]]:
    """(rank, number, marked) of each row of the page's standings tables."""
    return [
        (int(rank), int(number), bool(mark)) for rank, mark, number in ROW.findall(text)
    ]


def overall(text: str) -> str:
    """The overall board's table (the groups' boards come after it)."""
    start = text.index('<section id="overall"')
    return text[start : text.index("</section>", start)]
