"""Reading the site's words as a person does: a club's pages in a language
(`speak`), a page's text without its tags (`text`), a table captain's page
(`captain`), the catalogues (`LOCALE`) and which of their messages are about
a named person (`ABOUT_A_PERSON`)."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from django.conf import settings
from django.test import Client

from drive.models import Table

LOCALE = Path(settings.BASE_DIR) / "locale"


def speak(club, language: str) -> None:
    """The club's pages in `language` (each page follows its club's)."""
    club.language = language
    club.save()


# The span that holds a side's label with its number ("N-S 9", deals.sides):
# it adds no space after the number ("N-S 9, E-W 4", not "N-S 9 , E-W 4").
HELD = re.compile(
    r'<span class="side-held">(<span class="side">[^<]*</span>[^<]*)</span>'
)


def text(response) -> str:
    """A page's words: tags gone, entities read, spaces squeezed."""
    assert response.status_code == 200, response.status_code
    page = HELD.sub(r"\1", response.content.decode())
    page = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html_lib.unescape(page))


def captain(drive, number: int = 1) -> str:
    key = Table.objects.get(drive=drive, number=number).captain_key
    return text(Client().get(f"/t/{key}/"))


# The messages about a person: those that start with their name (a season's
# or a club's name takes its own noun's gender).
ABOUT_A_PERSON = re.compile(
    r"^(?:%\(number\)s )?%\(name\)s|^Nobody|^(?:Deactivate|Delete|Make) %\(name\)s"
)
