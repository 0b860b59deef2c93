"""The pages with longer words (issue 31): in each language, nothing on the
organiser's pages (1280 px wide) or on the phone pages (360 px, and a
captain's at twice the text size, 180 px) is clipped in
its box or runs past the screen's edge, whatever the translations say.

A script in the page lists each visible element that
- cuts its own text: scrollWidth past clientWidth with overflow hidden or
  clip, or an ellipsis;
- holds more than it has room for: content wider than its box that spills
  out of it (overflow visible), as a long label in a grid's max-content column
  pushes the box past its card;
- reaches past the right edge of the screen, unless a box of its own that
  scrolls sideways holds it (a wide table on a phone);
- breaks a side's label (N-S, E-W, in the language's letters) over two lines.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from drive import services as drive_services
from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, zoomed
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import overflow, side_labels
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    enter_tricks,
    olive,
    play_round,
    rubber_drive,
)
from tests.predictions import play_deals, prediction_drive

LANGUAGES = ("pl", "ru", "ro", "it")
DESKTOP = {"width": 1280, "height": 800}
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


def club_with_drives(language: str):
    club = ClubFactory(name="Klub Wisła", language=language)
    olive(club)
    classic = drive_with_players(
        players=10, club=club, start=False, hands=4, count_honours=True
    )
    for entry, name in zip(classic.entries.all(), NAMES, strict=False):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    drive_services.drive_start(drive=classic)
    drive_services.public_link_set(drive=classic, shared=True)
    classic.refresh_from_db()
    play_round(classic)
    rubbers = rubber_drive(club=club, hands=8, hands_per_round=4)
    enter_tricks(rubbers, None, table=1, tricks=[9, 10])
    predictions = prediction_drive(club, players=9, games=1)
    play_deals(predictions, tables=[1], hands=[1, 2])
    return classic, rubbers, predictions


def captain(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


@pytest.mark.e2e
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_words_overflow_their_boxes(browser, live_server, language) -> None:
    classic, rubbers, predictions = club_with_drives(language)
    sides = side_labels(language)
    found: dict[str, list[str]] = {}

    def check(page: Page, url: str, name: str) -> None:
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language
        keep_screenshot(page, f"layout-{language}-{name}")
        if faults := overflow(page, sides):
            found[f"{name} {url}"] = faults

    organiser = browser.new_context(base_url=live_server.url, viewport=DESKTOP)
    organiser.set_default_timeout(TIMEOUT_MS)
    page = organiser.new_page()
    log_in(page)
    for suffix in (
        "",
        "room/",
        "entries/",
        "leaderboard/",
        "money/",
        "card-check/",
        "slips/",
    ):
        check(
            page,
            f"/drives/{classic.pk}/{suffix}",
            f"classic-{suffix.strip('/') or 'drive'}",
        )
    check(page, f"/drives/{rubbers.pk}/room/", "rubber-room")
    check(page, f"/drives/{predictions.pk}/room/", "prediction-room")
    page.goto("about:blank")

    phone = browser.new_context(base_url=live_server.url, viewport=SMALL_PHONE)
    phone.set_default_timeout(TIMEOUT_MS)
    page = phone.new_page()
    check(page, captain(classic), "captain-classic")
    check(page, captain(rubbers), "captain-rubber")
    check(page, captain(predictions), "captain-prediction")
    check(page, f"/p/{classic.public_key}/", "public")
    page.goto("about:blank")
    # The same phone at twice the text size: a page 180 CSS pixels wide.
    twice = browser.new_context(base_url=live_server.url, **zoomed(200))
    twice.set_default_timeout(TIMEOUT_MS)
    page = twice.new_page()
    check(page, captain(classic), "captain-classic-zoomed")
    check(page, captain(rubbers), "captain-rubber-zoomed")
    page.goto("about:blank")
    organiser.close()
    phone.close()
    twice.close()
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
