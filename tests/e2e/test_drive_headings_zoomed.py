"""The organiser's drive pages in large type on a 360 px phone, zoomed to
200 % (a 180 px page) and with its text at 200 %: every h1 and h2 keeps its
words whole, in all five languages.

At 200 % zoom the prizes page's "Ties to settle by a draw" was split inside a
word in Polish and Russian ("Remisy do rozstrzygni|ęcia losowaniem",
"Равенства для жеребьёв|ки"), and the captain links page's "Leaderboard for
players' phones" in English and Russian ("Leaderboar|d", "результато|в"):
an h2 (1.35rem) was bigger than h1 there, its longest word wider than the
line. With the text at 200 % the h1s were split too ("Sprawdzani|e kart",
"Журнал изменени|й", "Istoricul modificăril|or", "Movimen|to")."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, zoomed
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT
from tests.factories import ClubFactory, drive_with_players, olive, play_round
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.e2e

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")

HEADINGS = "main h1, main h2"

# The drive's own pages, as its menu links them (but the projector, which has
# a screen of its own, not a phone's), and the page that changes its prize list.
PAGES = """() => [...new Set([
  ...[...document.querySelectorAll('.drive-nav .drive-links a')]
     .map(a => a.getAttribute('href'))
     .filter(href => !href.includes('/projector/')),
  ...[...document.querySelectorAll('main a')].map(a => a.getAttribute('href'))
     .filter(href => href && href.endsWith('/prizes/edit/')),
])]"""


# A page at a look, in one trip to the browser: its language, its root font
# size (the text way's larger text took), its cut forms, its headings' split
# words.
LOOK = f"""(split) => ({{
  language: document.documentElement.lang,
  root: parseFloat(getComputedStyle(document.documentElement).fontSize),
  draws: document.querySelectorAll('form.draw').length,
  split: ({SPLIT.strip()})(split),
}})"""

# The text at 200 %, as conftest.larger_text makes it (the root's font
# enlarged), on every page the tab loads: set as each page is parsed, not
# added by the test after.
LARGER_TEXT = """document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = 'html { font-size: 225% !important; }';
  document.head.append(style);
});"""


def switch_language(page, language: str) -> None:
    """The page shown, again in `language`, by its language switch (a plain
    form to Django's set_language that comes back to the page)."""
    page.locator(f".language-switch button[value='{language}']").click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.wait_for_load_state("load")


@pytest.mark.parametrize("way", ("zoom", "text"))
def test_the_drive_pages_headings_keep_their_words_whole(phone, way) -> None:
    club = ClubFactory()
    olive(club)
    set_order(club, "draw")
    # The prizes page's form to settle a tie by a cut, under its h2.
    finished, _ = finished_tie(club)
    # Every page of the menu: a drive of two tables after its first round.
    in_play = drive_with_players(players=10, club=club)
    play_round(in_play)
    if way == "zoom":
        page = phone(**zoomed(200))
    else:
        page = phone(viewport=SMALL_PHONE, bypass_csp=True)
        page.add_init_script(LARGER_TEXT)
    page.goto(f"/drives/{in_play.pk}/prizes/")
    log_in(page)
    urls = [*page.evaluate(PAGES), f"/drives/{finished.pk}/prizes/"]
    assert f"/drives/{in_play.pk}/room/" in urls, urls
    page.goto(urls[0])
    found = {}
    # One tab, each language switched to on the page last looked at: the
    # pages are gone through there and back, each loaded once a language.
    for n, language in enumerate(LANGUAGES):
        switch_language(page, language)
        for at, url in enumerate(urls if n % 2 == 0 else urls[::-1]):
            if at:
                page.goto(url)
            assert urlsplit(page.url).path == url, (page.url, url)
            look = page.evaluate(LOOK, [HEADINGS, []])
            assert look["language"] == language, (url, look["language"])
            if way == "text":
                assert look["root"] >= 36 - 0.5, (url, look["root"])
            if url.startswith(f"/drives/{finished.pk}/"):
                assert look["draws"] >= 1, url
            shot = url.strip("/").replace("/", "-")
            keep_screenshot(page, f"headings-{way}-{language}-{shot}")
            if look["split"]:
                found[f"{language} {url}"] = look["split"]
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
