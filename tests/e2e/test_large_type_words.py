"""Large type (the phone's text or its page at 200 %) on the smallest phones
(320 and 360 px): words break between words, never inside one.

The test browser cannot hyphenate (Chromium on Linux has no dictionaries), so
a word longer than its line was cut anywhere: the Polish seating's title
("Rozstawieni|e"), the shared board's in Russian ("Таблица результат|ов"),
the MC's page at the prize-giving ("Утешительны|й приз", "Следующи|й" on its
button, which also ran 55 px past a 320 px screen), the notes' boxes
("Обновляет|ся"), the door's labels ("(nieobowiązkow|o;"). The drive's menu
put its ▾ on a line of its own under a page's name that wrapped. The
organiser's leaderboard showed its first player only on the second screen of
a 360 x 740 phone.

Now, in Polish, Russian, Romanian and Italian: no word of the hall's pages is
split across lines (but a player's name longer than the line, which is no
dictionary word and must break), nothing passes the screen's edge, the menu's
▾ stays with the page's name, and the leaderboard's first row is on the first
screen.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import Table
from prizes import giving_services
from tests.e2e.conftest import larger_text
from tests.e2e.large_type import NAMES, large_type, named_in
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
    varied_tricks,
)

pytestmark = pytest.mark.e2e


READ = "main :is(h1, h2, h3, p, li, dt, dd, label, legend, summary, button, a, th, td, span)"

# How far the drive's menu reaches under its last line of words, in its
# words' size: the ▾ on a line of its own is a line more.
MARKER_BELOW = """
() => {
  const summary = document.querySelector('.drive-nav summary');
  const style = getComputedStyle(summary);
  const walker = document.createTreeWalker(summary, NodeFilter.SHOW_TEXT);
  let last = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width) last = Math.max(last, r.bottom);
  }
  const inner = summary.getBoundingClientRect().bottom
    - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
  return (inner - last) / parseFloat(style.fontSize);
}
"""


def evening(language: str) -> dict[str, str]:
    """A club speaking `language`, its organiser, and the hall's pages: a
    drive after its first round (shared), one at its first hand, one open at
    the door, one at its prize-giving (its last round silent); the players
    with the language's long names."""
    club = ClubFactory(language=language)
    olive(club)

    def named(drive):
        return named_in(drive, language)

    in_play = named(drive_with_players(players=10, club=club))
    play_round(in_play)
    in_play = drive_services.public_link_set(drive=in_play, shared=True)
    first_hand = named(drive_with_players(players=8, club=club))
    door = named(drive_with_players(players=10, club=club, start=False))
    giving = named(drive_with_players(players=8, club=club, hands=3, silent_rounds=1))
    giving = play_drive(giving, tricks=varied_tricks)
    giving = giving_services.prize_giving_start(drive=giving)
    giving_services.prize_giving_step(drive=giving, action=giving_services.NEXT, seen=0)
    captain = Table.objects.get(drive=first_hand, number=1).captain_key
    return {
        "captain": f"/t/{captain}/",
        "check-in": f"/drives/{door.pk}/entries/",
        "late arrival": f"/drives/{in_play.pk}/entries/",
        "seating": f"/drives/{in_play.pk}/seating/",
        "shared board": f"/p/{in_play.public_key}/",
        "own page": f"/p/{in_play.public_key}/?entry=1#me",
        "prize-giving": f"/drives/{giving.pk}/prize-giving/",
        "leaderboard": f"/drives/{in_play.pk}/leaderboard/",
    }


def opened(page: Page, url: str, way: str) -> None:
    page.goto(url)
    expect(page.locator("main")).to_be_visible()
    if way == "text":
        larger_text(page, 200)


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("pl", "ru", "ro", "it"))
def test_the_hall_pages_split_no_word_on_the_smallest_phone(
    browser, live_server, language, way
) -> None:
    pages = evening(language)
    names = sorted({w for name in NAMES[language] for w in re.split(r"[\s-]+", name)})
    page = large_type(browser, live_server, way, language)
    found = {}
    for name, url in pages.items():
        opened(page, url, way)
        faults = overflow(page) + page.evaluate(SPLIT, [READ, names])
        if name not in ("captain", "shared board", "own page"):
            below = page.evaluate(MARKER_BELOW)
            if below > 0.6:
                faults.append(f"the menu's ▾ {below:.1f} lines under its words")
        if faults:
            found[name] = faults
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("width", (320, 360))
@pytest.mark.parametrize("way", ("text", "zoom"))
def test_the_seating_title_and_its_menu_keep_their_words_whole_in_polish(
    browser, live_server, way, width
) -> None:
    """ "Rozstawienie: Runda 2" was cut "Rozstawieni|e", and under it the
    menu's ▾ was alone on a line under "Rozstawienie"."""
    pages = evening("pl")
    page = large_type(browser, live_server, way, "pl", width=width)
    opened(page, pages["seating"], way)
    expect(page.locator("main h1")).to_contain_text("Rozstawienie")
    assert page.evaluate(SPLIT, ["main h1, .drive-nav summary", []]) == []
    assert page.evaluate(MARKER_BELOW) <= 0.6
    # A name of two lines ("Tabela wyników"): the ▾ after its last word.
    opened(page, pages["leaderboard"], way)
    assert page.evaluate(MARKER_BELOW) <= 0.6


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ru", "pl", "ro", "it", "en-gb"))
def test_the_leaderboards_first_row_is_on_the_first_screen(
    browser, live_server, language, way
) -> None:
    """The organiser's leaderboard on a 360 x 740 phone at 200 %: the first
    player's name, place and total on the first screen, under the title,
    and the shared board's title whole at 320 px ("результат|ов")."""
    club = ClubFactory(language=language)
    olive(club)
    drive = drive_with_players(players=10, club=club)
    play_round(drive)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    page = large_type(browser, live_server, way, language, width=360)
    scale = 1 if way == "text" else 2
    page.set_viewport_size({"width": 360 // scale, "height": 740 // scale})
    opened(page, f"/drives/{drive.pk}/leaderboard/", way)
    row = page.locator("table.standings tbody tr").first
    expect(row).to_be_visible()
    bottom, height = row.evaluate(
        "r => [r.getBoundingClientRect().bottom, innerHeight]"
    )
    assert bottom <= height, f"the first row ends at {bottom:.0f}px of {height}px"
    assert overflow(page) == []
    shared = large_type(browser, live_server, way, language, logged_in=False)
    opened(shared, f"/p/{drive.public_key}/", way)
    assert shared.evaluate(SPLIT, ["main h1, main h2", []]) == []
