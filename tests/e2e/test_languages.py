"""A short drive in each language (issue 20): the organiser's pages, a
captain's phone, the projector and the public board, each read in the browser,
with no English word left on them.

An English word is one that the site's own English texts use (a word of a
msgid in the language's catalogue) and that the language's translations never
use: "robber" or "PDF" may stay if the translation keeps them; "Hearts" or
"Round" may not. The words of the evening's data (the club's, drive's and
players' names) are the club's own, not the site's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from drive.models import Table
from tests.e2e.conftest import PHONE, TIMEOUT_MS
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    CLUB_GROUP_NAMES,
    ClubFactory,
    DriveFactory,
    PlayerFactory,
    olive,
    play_round,
)

pytestmark = pytest.mark.usefixtures("quick_polling")

LANGUAGES = ("pl", "ru", "ro", "it")
WORD = re.compile(r"[^\W\d_]{3,}")
NAMES = (
    "Zofia Nowak",
    "Ionela Popa",
    "Ilja Orlov",
    "Giulia Rossi",
    "Marek Zieliński",
    "Sorin Dumitru",
    "Olga Petrova",
    "Luca Bianchi",
)
DATA = {"Klub", "Wisła", "Zima", "olive", *" ".join(NAMES).split()}


def catalogue(language: str) -> tuple[set[str], set[str]]:
    """(words of the English msgids, words of the translations) of the catalogue."""
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    english: set[str] = set()
    translated: set[str] = set()
    into = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("msgid", "msgid_plural")):
            into = english
        elif line.startswith("msgstr"):
            into = translated
        elif line.startswith("msgctxt") or line.startswith("#"):
            into = None
            continue
        if into is not None and '"' in line:
            text = line[line.index('"') :]
            # Placeholders and tags are not words a person reads.
            text = re.sub(r"%\(\w+\)[sd]|\{\w+\}|<[^>]*>", " ", text)
            into.update(w.casefold() for w in WORD.findall(text))
    return english, translated


def english_left(page: Page, english: set[str]) -> list[str]:
    text = page.inner_text("body") + " " + page.title()
    # Addresses shown to copy (the public link) are not words.
    text = re.sub(r"\S*/\S*", " ", text)
    return sorted(
        {w for w in WORD.findall(text) if w.casefold() in english and w not in DATA}
    )


@pytest.mark.e2e
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_short_drive_in_the_clubs_language_leaves_no_english(
    browser, live_server, language
) -> None:
    english, translated = catalogue(language)
    english -= translated
    club = ClubFactory(name="Klub Wisła", language=language)
    olive(club)
    # The groups a new drive is given in a club of this language (as the
    # drive's form makes them), not the model's English defaults.
    ladies, gents = CLUB_GROUP_NAMES[language]
    drive = DriveFactory(
        club=club,
        name="Zima",
        state="open",
        hands=4,
        clock_minutes=7,
        group_a_label=ladies,
        group_b_label=gents,
    )
    from drive import services as drive_services

    for index, name in enumerate(NAMES):
        drive_services.entry_register(
            drive=drive,
            player=PlayerFactory(club=club, name=name),
            group="AB"[index % 2],
        )
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    organiser = context.new_page()
    seen: dict[str, list[str]] = {}

    def visit(page: Page, url: str) -> None:
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", language)
        left = english_left(page, english)
        if left:
            seen[url] = left

    def quiet(*pages: Page) -> None:
        """Park pages that poll before the test writes results itself: the
        SQLite test database is shared with the live server's thread, and a
        write while that thread reads is refused ("table is locked"). A poll
        sent just before may still be served: the writes go through
        waits.written too."""
        for page in pages:
            page.goto("about:blank")

    visit(organiser, "/login/")
    log_in(organiser)
    for suffix in ("", "entries/", "edit/", "movement/", "money/"):
        visit(organiser, f"/drives/{drive.pk}/{suffix}")
    drive_services.drive_start(drive=drive)
    drive_services.public_link_set(drive=drive, shared=True)
    drive.refresh_from_db()
    for suffix in ("", "seating/", "room/", "scores/", "leaderboard/", "links/"):
        visit(organiser, f"/drives/{drive.pk}/{suffix}")
    organiser.set_viewport_size({"width": 1280, "height": 720})
    visit(organiser, f"/drives/{drive.pk}/projector/")

    phone = browser.new_context(base_url=live_server.url, viewport=PHONE).new_page()
    phone.set_default_timeout(TIMEOUT_MS)
    visit(phone, f"/t/{Table.objects.get(drive=drive, number=1).captain_key}/")
    visit(phone, f"/p/{drive.public_key}/")

    quiet(organiser, phone)
    written(organiser, lambda: play_round(drive))
    drive.refresh_from_db()
    phone = phone.context.new_page()
    visit(phone, f"/t/{Table.objects.get(drive=drive, number=1).captain_key}/")
    quiet(phone)
    while drive.state != "finished":
        written(phone, lambda: play_round(drive))
        drive.refresh_from_db()
    for suffix in ("", "leaderboard/", "results/", "prizes/", "hands/"):
        visit(organiser, f"/drives/{drive.pk}/{suffix}")
    # A fresh tab: the captain's page may reload itself as the drive ends,
    # which would abort a navigation made in its tab.
    visit(phone.context.new_page(), f"/p/{drive.public_key}/results/")
    context.close()
    phone.context.close()
    assert seen == {}, seen
