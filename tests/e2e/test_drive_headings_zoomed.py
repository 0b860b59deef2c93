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

import pytest

from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, larger_text, zoomed
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


@pytest.mark.parametrize("way", ("zoom", "text"))
def test_the_drive_pages_headings_keep_their_words_whole(
    phone, live_server, way
) -> None:
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
    page.goto(f"/drives/{in_play.pk}/prizes/")
    log_in(page)
    urls = [*page.evaluate(PAGES), f"/drives/{finished.pk}/prizes/"]
    assert f"/drives/{in_play.pk}/room/" in urls, urls
    found = {}
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        for url in urls:
            page.goto(url)
            if way == "text":
                larger_text(page, 200)
            assert page.locator("html").get_attribute("lang") == language
            if url.startswith(f"/drives/{finished.pk}/"):
                assert page.locator("form.draw").count() >= 1
            shot = url.strip("/").replace("/", "-")
            keep_screenshot(page, f"headings-{way}-{language}-{shot}")
            if split := page.evaluate(SPLIT, [HEADINGS, []]):
                found[f"{language} {url}"] = split
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
