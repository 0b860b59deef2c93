"""The organiser's room and captain links pages on a 360 px phone in large
type, zoomed to 200 % (a 180 px page) and with its text at 200 %: neither
page scrolls sideways, no word is split and a table's state badge stays
inside its card, in all five languages.

The captain links page was 518 px wide on a 360 px screen at twice the text
size (259 px of 180 px zoomed): each table's card kept 14rem and its QR code
11rem, and the card's link and button went with them; the Russian "Открыть
таблицу результатов по ссылке" was split ("результато|в"). In the room the
Russian bell button was split ("колокольчи|к") and the badge "подтверждено"
passed its card's edge (Polish "potwierdzone" reached it).

The pages are opened as a phone in the hall opens them, at the hall's address
(settings.HALL_ADDRESS, as `make hall` sets it): the warning a laptop sees
at its own address (127.0.0.1) is for that laptop's screen, never a phone's.
One test reads that warning in large type all the same, the page opened at
127.0.0.1: its words were split ("напечатанные", "raggiungerlo:")."""

from __future__ import annotations

import pytest

from drive.models import Table
from scoring import captain as captain_services
from scoring import services as scoring_services
from scoring.hand_plays import deals
from tests.e2e.button_words import UNEVEN
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, larger_text
from tests.e2e.large_type import (
    LANGUAGES,
    SMALLEST,
    WAYS,
    each_language,
    large_type_phone,
)
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT
from tests.factories import ClubFactory, drive_with_players, olive, play_round

pytestmark = pytest.mark.e2e


# The links page's words but for the links themselves (an address breaks
# anywhere, words_fit.SPLIT leaves out a .url's words).
LINKS_WORDS = "main *:not(:has(.url))"

# Each element (`children`) of a box (`boxes`) that passes the box's content
# area, its padding inside its border: a room table's state badges (and the
# way its results came), a conflict block's lines and buttons.
OUT_OF_BOX = """([boxes, children]) => {
  const found = [];
  for (const box of document.querySelectorAll(boxes)) {
    const edge = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const left = edge.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = edge.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    for (const el of box.querySelectorAll(children)) {
      const r = el.getBoundingClientRect();
      if (r.left < left - 0.5 || r.right > right + 0.5)
        found.push(`"${el.innerText}" from ${r.left.toFixed(1)} to ${r.right.toFixed(1)}px in ${left.toFixed(1)} to ${right.toFixed(1)}px`);
    }
  }
  return found;
}"""
# Each box (`boxes`) whose side padding is more than `most` of the root's
# rem: in large type the words get the room, not the box's margin (a media
# query in rem sees only the zoom, so with the text at 200 % it kept 0.9rem).
PADDED = """([boxes, most]) => {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const found = [];
  for (const box of document.querySelectorAll(boxes)) {
    const style = getComputedStyle(box);
    const side = Math.max(parseFloat(style.paddingLeft), parseFloat(style.paddingRight));
    if (side > most * rem + 0.5)
      found.push(`${box.className}: ${(side / rem).toFixed(2)}rem of side padding`);
  }
  return found;
}"""
BADGES = [".room-table", "h2 > span"]
CONFLICT = ["section.conflict", "h2, p, li, button, a.button"]


def room_of_three_tables(club):
    """A drive of three tables in its second round: table 1's hands in from
    the organiser (confirmed, on paper), table 2's first from a phone, table
    3 waiting."""
    drive = drive_with_players(players=12, club=club)
    play_round(drive)
    now = list(deals(drive=drive, round_number=drive.current_round))
    scoring_services.hand_results_submit(
        drive=drive,
        entries=[
            scoring_services.ResultEntry(table=deal.table, hand=deal.hand, ns_tricks=7)
            for deal in now
            if deal.table == 1
        ],
        by=None,
    )
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=2),
        hand=min(deal.hand for deal in now if deal.table == 2),
        ns_tricks=8,
        idempotency_key="c" * 22,
    )
    return drive


@pytest.mark.parametrize("way", WAYS)
def test_the_room_and_the_captain_links_fit_a_phone_in_large_type(
    phone, live_server, settings, way
) -> None:
    settings.HALL_ADDRESS = "192.168.100.200:8000"
    club = ClubFactory()
    olive(club)
    drive = room_of_three_tables(club)
    page = large_type_phone(phone, way)
    links, room = f"/drives/{drive.pk}/links/", f"/drives/{drive.pk}/room/"
    page.goto(links)
    log_in(page)
    found = {}
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        for url, words in ((links, LINKS_WORDS), (room, ".room-clock, .room-table")):
            page.goto(url)
            if way == "text":
                larger_text(page, 200)
            assert page.locator("html").get_attribute("lang") == language
            keep_screenshot(page, f"room-links-{way}-{language}-{url.split('/')[-2]}")
            if url == links:
                assert page.locator(".link-card img.qr").count() == 4  # hall, 3 tables
                assert (
                    page.locator("main .url a[href^='http://192.168.100.200']").count()
                    == 4
                )
            else:
                badges = page.locator(".room-table .badge")
                assert badges.count() == 3
                assert page.locator(".room-table .badge-confirmed").count() == 2
                assert page.locator(".room-clock button[name=bell]").is_visible()
            wrong = [
                *overflow(page),
                *page.evaluate(SPLIT, [words, []]),
                *(page.evaluate(OUT_OF_BOX, BADGES) if url == room else []),
            ]
            if wrong:
                found[f"{way} {language} {url}"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("width", (SMALL_PHONE["width"], SMALLEST["width"]))
@pytest.mark.parametrize("way", WAYS)
def test_the_laptops_own_address_warning_fits_a_phone_in_large_type(
    phone, live_server, settings, way, width
) -> None:
    """The captain links page opened at the laptop's own address (127.0.0.1,
    no hall address set) warns that phones cannot reach it; in large type its
    words stay whole ("напечатанные", "raggiungerlo:" were split) and it fits
    the screen, in all five languages, on a 360 px phone and on the smallest,
    320 px (where "raggiungerlo:" was split still)."""
    settings.HALL_ADDRESS = ""
    club = ClubFactory()
    olive(club)
    drive = room_of_three_tables(club)
    own = live_server.url.replace("localhost", "127.0.0.1")
    assert own.startswith("http://127.0.0.1:")
    page = large_type_phone(phone, way, width=width)
    # Asked for at that address, the log-in page and the page after it keep it.
    links = f"{own}/drives/{drive.pk}/links/"
    page.goto(links)
    log_in(page)
    found = {}
    for language in each_language(page, links, way, cookie_url=own):
        keep_screenshot(page, f"links-own-address-{width}-{way}-{language}")
        warning = page.locator(".only-this-computer")
        assert warning.is_visible()
        assert warning.locator("code").inner_text() == "make hall"
        assert own in warning.inner_text()
        wrong = [
            *overflow(page),
            *page.evaluate(SPLIT, [".only-this-computer p", []]),
            *page.evaluate(
                OUT_OF_BOX, [".only-this-computer .note", "p, strong, code"]
            ),
        ]
        if wrong:
            found[f"{width} {way} {language}"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def room_with_a_conflict(club):
    """A drive whose phones wait for an opponent's confirmation, in its second
    round: table 1's first hand entered on a phone, to confirm; table 2's
    first hand confirmed, then a second phone sent other tricks (a conflict
    to settle); table 3 waiting."""
    drive = drive_with_players(players=12, club=club, opponent_confirms=True)
    play_round(drive)
    now = list(deals(drive=drive, round_number=drive.current_round))
    hand = {table: min(d.hand for d in now if d.table == table) for table in (1, 2)}
    table_1, table_2 = (Table.objects.get(drive=drive, number=n) for n in (1, 2))
    captain_services.captain_result_submit(
        table=table_1, hand=hand[1], ns_tricks=9, idempotency_key="a" * 22
    )
    captain_services.captain_result_submit(
        table=table_2, hand=hand[2], ns_tricks=9, idempotency_key="b" * 22
    )
    captain_services.captain_result_confirm(table=table_2, hand=hand[2], version=1)
    second = captain_services.captain_result_submit(
        table=table_2, hand=hand[2], ns_tricks=3, idempotency_key="c" * 22
    )
    assert second.kind == captain_services.Kind.CONFLICT
    return drive


@pytest.mark.parametrize("way", WAYS)
def test_a_conflict_in_the_room_fits_a_phone_in_large_type(
    phone, live_server, settings, way
) -> None:
    """Two phones at a table disagree: the conflict block's words stay whole
    ("Действующий:", "Zachowaj", "Inseriscine un altro", the clock's
    "rozstrzygnięte," and a time "09:51:52)."), its buttons inside it, and
    the badges "entered, to confirm" and "conflict" inside their cards; the
    block, the summary and the tables give the words the room, not their
    padding, with the text at 200 % as zoomed (they kept 0.9rem and 0.8rem),
    and the link "Ввести другой" has its words in its middle, as the buttons."""
    settings.HALL_ADDRESS = "192.168.100.200:8000"
    club = ClubFactory()
    olive(club)
    drive = room_with_a_conflict(club)
    page = large_type_phone(phone, way)
    room = f"/drives/{drive.pk}/room/"
    page.goto(room)
    log_in(page)
    found = {}
    for language in each_language(page, room, way, cookie_url=live_server.url):
        keep_screenshot(page, f"room-conflict-{way}-{language}")
        assert page.locator("section.conflict").count() == 1
        assert page.locator("section.conflict button").count() == 2
        assert page.locator(".room-table .badge-entered").count() == 1
        assert page.locator(".room-table .badge-conflict").count() == 1
        wrong = [
            *overflow(page),
            *page.evaluate(
                SPLIT, ["section.conflict, .room-clock, .room-summary, .room-table", []]
            ),
            *page.evaluate(OUT_OF_BOX, BADGES),
            *page.evaluate(OUT_OF_BOX, CONFLICT),
            *page.evaluate(
                PADDED, ["section.conflict, .room-summary, .room-table", 0.5]
            ),
            *page.evaluate(UNEVEN, "section.conflict :is(button, a.button)"),
        ]
        if wrong:
            found[f"{way} {language}"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
