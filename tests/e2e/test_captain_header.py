"""The table captain's phone names the club and the drive, its title and date,
in its header: a site holds many clubs, and a captain who scanned another
club's table card, or last week's, sees it on the first screen. (The header
said only "Table 2" and the drive's title, "Friday drive" at every club.)

The header stays compact on a 360 x 740 phone at 100 % to 200 % text, by the
phone's text size and by its zoom, in each language (in large type two lines,
the club alone on the second, the title left off): the hand and its trumps are still on
the first screen, nothing leaves the screen, no word is split across lines,
and a name too long for its line ends in an ellipsis. A tap on the names
shows both whole (a <details>, no script: a title attribute, where the whole
name was, cannot be tapped on a phone), and another tap folds them again.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from players.dates import short_date
from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import SMALL_PHONE, larger_text, link, zoomed
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT_WORDS
from tests.factories import ClubFactory, drive_with_players

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

# The widest short dates: "27 сент. 2026", "27 sept. 2026".
DATE = datetime.date(2026, 9, 27)

# A long club name and a drive's title in each language.
NAMES = {
    "en-gb": (
        "Royal Tunbridge Wells Whist and Cribbage Society",
        "Christmas Charity Whist Drive",
    ),
    "pl": (
        "Klub Wista Emerytów przy Parafii św. Stanisława Kostki w Szczebrzeszynie",
        "Turniej Andrzejkowy Koła Gospodyń Wiejskich",
    ),
    "ru": (
        "Клуб любителей виста при Доме культуры железнодорожников",
        "Новогодний турнир",
    ),
    "ro": (
        "Clubul de Whist al Pensionarilor din Câmpulung Moldovenesc",
        "Turneul de Crăciun al Asociației Pensionarilor",
    ),
    "it": (
        "Circolo del Whist della Società Operaia di Mutuo Soccorso di Castelnuovo",
        "Torneo di Natale",
    ),
}

HEADER = ".captain-header"

# The club and the drive's title in the header as the phone shows them: the
# text, whether it is cut (at the end of its line or its last line), whether
# it ends in an ellipsis there, whether it is on the screen, and its right
# edge.
LINES = """() => Array.from(document.querySelectorAll(
    '.captain-header .captain-club, .captain-header .captain-drive-name'))
  .map((el) => {
    const style = getComputedStyle(el);
    return {
      text: el.textContent.trim(),
      cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      ellipsis: style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none',
      visible: el.checkVisibility() && el.getBoundingClientRect().width > 20,
      right: el.getBoundingClientRect().right,
    };
  })"""

# The box of `selector` on the first screen: its bottom within the phone's height.
BOTTOM = "(s) => document.querySelector(s).getBoundingClientRect().bottom"


def open_captain(phone, language: str, percent: int, way: str) -> tuple[Page, str]:
    club, title = NAMES[language]
    # Twelve tables: the header of the twelfth ("Stolik 12").
    drive = drive_with_players(
        players=48, club=ClubFactory(language=language, name=club), hands=2
    )
    drive.name, drive.date = title, DATE
    drive.save(update_fields=["name", "date"])
    with translation.override(language):
        when = short_date(DATE)
    if way == "zoom":
        page = phone(**zoomed(percent))
    else:
        page = phone(viewport=SMALL_PHONE, bypass_csp=True)
    page.goto(link(drive, 12))
    expect(page.locator(".hand-card .trumps")).to_be_visible()
    if way == "text" and percent != 100:
        larger_text(page, percent)
    return page, when


@pytest.mark.parametrize(
    ("percent", "way"),
    ((100, "text"), (150, "text"), (200, "text"), (200, "zoom")),
)
@pytest.mark.parametrize("language", tuple(NAMES))
def test_the_captains_header_names_the_club_and_the_drive(
    phone, language, percent, way
) -> None:
    club, title = NAMES[language]
    page, when = open_captain(phone, language, percent, way)
    shoot(page, f"captain-header-{language}-{percent}-{way}")
    header = page.locator(HEADER)
    # The club, the drive's title and its date are in the header, on the screen.
    expect(header.locator(".captain-club")).to_have_text(club)
    expect(header.locator(".captain-drive-name")).to_have_text(title)
    expect(header.locator(".captain-date")).to_have_text(when)
    expect(header.locator(".captain-date")).to_be_in_viewport(ratio=1)
    found = []
    for line in page.evaluate(LINES):
        # Each begins on the screen (in large type the club alone, the title
        # left off); one cut short says so and holds it all.
        if not line["visible"] and (percent == 100 or line["text"] == club):
            found.append(f"{line['text']!r} not on the screen")
        if line["cut"] and not line["ellipsis"]:
            found.append(f"{line['text']!r} cut without an ellipsis")
    # Compact: the hand and its trumps are still on the first screen.
    height = page.viewport_size["height"]
    for box in (HEADER, ".hand-card .hand-no", ".hand-card .trumps"):
        bottom = page.evaluate(BOTTOM, box)
        if bottom > height:
            found.append(f"{box} ends at {bottom:.0f}px of a {height}px screen")
    # A few lines: in large type two at most, a sixth of the screen, the
    # date beside the table.
    if percent != 100:
        table, date = page.evaluate(
            "() => ['.captain-table', '.captain-date'].map("
            "(s) => document.querySelector(s).getBoundingClientRect().toJSON())"
        )
        if date["top"] >= table["bottom"]:
            found.append(f"the date under the table: {table} {date}")
    header_height = header.evaluate("h => h.getBoundingClientRect().height")
    if header_height > height * (0.2 if percent == 100 else 1 / 6):
        found.append(f"the header is {header_height:.0f}px of {height}px")
    found += overflow(page)
    found += page.evaluate(SPLIT_WORDS, f"{HEADER} > *")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    ("language", "percent", "way"),
    (("pl", 100, "text"), ("en-gb", 200, "text"), ("pl", 200, "text")),
)
def test_a_tap_on_the_names_shows_them_whole(phone, language, percent, way) -> None:
    club, title = NAMES[language]
    page, _ = open_captain(phone, language, percent, way)
    names = page.locator(f"{HEADER} summary")
    width = page.viewport_size["width"]
    # Folded: the club is cut short on this phone (in large type the title is
    # left off).
    folded = page.evaluate(LINES)
    assert folded[0]["cut"], folded
    names.click()
    shoot(page, f"captain-header-open-{language}-{percent}-{way}")
    found = []
    for line in page.evaluate(LINES):
        if line["cut"] or not line["visible"] or line["right"] > width:
            found.append(f"{line['text']!r} not whole on the screen: {line}")
    found += overflow(page)
    assert found == [], "\n".join(found)
    expect(page.locator(HEADER)).to_contain_text(club)
    # Another tap folds them: the hand is back on the first screen.
    names.click()
    assert page.evaluate(LINES)[0]["cut"]
    assert page.evaluate(BOTTOM, ".hand-card .trumps") <= page.viewport_size["height"]
