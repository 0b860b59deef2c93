"""The public boards a player reads: a rubber drive played and shared
(`played_rubber_drive`), a page's words (`text`) and its find-me box (`box`)."""

from __future__ import annotations

import html as markup
import re

from drive import services as drive_services
from tests.factories import enter_tricks as enter
from tests.factories import rubber_drive


def text(html: str) -> str:
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()
    return markup.unescape(words)


def played_rubber_drive(club, organiser):
    drive = rubber_drive(club)
    # Table 1 plays a whole rubber (N-S 6, E-W 2); table 2 one game (N-S 3).
    enter(drive, organiser, 1, [11, 8, 2, 10, 3, 7])
    enter(drive, organiser, 2, [12])
    return drive_services.public_link_set(drive=drive, shared=True)


def box(html: str) -> str:
    """The "find me" box of a page."""
    start = html.index('<section id="me"')
    return html[start : html.index("</section>", start)]
