"""Long Polish surnames on the captain's phone at twice the text size (the
phone's text at 200 %, and its page zoomed to 200 %) on a 360 px phone.

A double-barrelled name ("Szczepankiewicz-Brzęczyszczykiewicz") was cut
inside its words in the captain's boxes that name the players at the table
(the seats, the moves, a prediction whist deal's boxes and its scores):
"Szczepankiewicz-Brzęczyszczykiewic|z" while "Brzęczyszczykiewicz" fitted a
line of its own. Now a name wraps between its words or at its hyphen; a word
is broken only where it is wider than the whole line (then hyphenated, where
the phone knows the page's language: the page says it is Polish), and
nothing passes its box or the screen.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive.models import Table
from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text, zoomed
from tests.e2e.test_accessibility import overflow
from tests.e2e.waits import written
from tests.factories import ClubFactory, PlayerFactory, drive_with_players, play_round
from tests.predictions import play_deals, prediction_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

# Realistic long Polish names: double-barrelled, and one long single word.
LONG_NAMES = (
    "Szczepankiewicz-Brzęczyszczykiewicz",
    "Wiśniewska-Grzybowska",
    "Konstantynopolitańczykiewicz",
    "Jadwiga Brzęczyszczykiewicz",
    "Małgorzata Nowakowska-Wiśniewska",
    "Grzegorz Szczepankiewicz",
    "Przemysław Wiśniewski-Grzybowski",
    "Bożena Krzyżanowska-Brzezińska",
    "Stanisław Chrząszczewski",
    "Władysława Kołodziejczyk",
)

# Where the captain's page names the players at the table.
NAMED = (
    ".captain-seats .seat-name, .captain-seats dd, .moves li, ol.wist-order li,"
    " fieldset.wist-player legend, table.wist-table tr.who th"
)

# The longest word of a realistic surname ("Brzęczyszczykiewicz"): a word
# of a name up to this long is never broken.
LONGEST = 19

# Each word of a player's name (split at spaces and hyphens: a name may wrap
# there) laid out on more than one line although it is no longer than
# LONGEST letters or fits the line of its box, and each name that passes its
# box's edge or the screen's.
CUT_NAMES = """
([selector, LONGEST]) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const outer = box.getBoundingClientRect();
    if (!outer.width || !box.checkVisibility()) continue;
    const style = getComputedStyle(box);
    const line = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const what = box.innerText.trim().slice(0, 40);
    if (outer.left < -0.5 || outer.right > width + 0.5)
      found.push(`"${what}" from ${Math.round(outer.left)} to ${Math.round(outer.right)}px of ${width}px`);
    if (box.scrollWidth > box.clientWidth + 1)
      found.push(`"${what}" holds ${box.scrollWidth}px in ${box.clientWidth}px`);
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\\s\\-\\u2010\\u2011\\u00a0]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        for (const r of rects)
          if (r.right > outer.right + 0.5 || r.left < outer.left - 0.5)
            found.push(`"${m[0]}" passes the edge of "${what}"`);
        const rows = new Set(rects.map(r => Math.round(r.bottom)));
        const needs = rects.reduce((sum, r) => sum + r.width, 0);
        if (rows.size > 1 && ([...m[0]].length <= LONGEST || needs <= line + 0.5))
          found.push(`"${m[0]}" (${Math.round(needs)}px) cut in a line of ${Math.round(line)}px: "${what}"`);
      }
    }
  }
  return [...new Set(found)];
}
"""


def named(drive) -> None:
    players = drive.entries.order_by("number").values_list("player_id", flat=True)
    for player, name in zip(players, LONG_NAMES, strict=False):
        PlayerFactory._meta.model.objects.filter(pk=player).update(name=name)


def large(phone, way: str) -> Page:
    return phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))


def captain(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


def faults(page: Page) -> list[str]:
    return overflow(page) + page.evaluate(CUT_NAMES, [NAMED, LONGEST])


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_long_polish_names_wrap_whole_in_the_seats_and_the_moves(phone, way) -> None:
    club = ClubFactory(language="pl")
    drive = drive_with_players(players=10, club=club)
    named(drive)
    page = large(phone, way)
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator(".captain-seats")).to_be_visible()
        assert page.locator("html").get_attribute("lang") == "pl"
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-seats-{number}-{way}")
        found += faults(page)
    written(page, lambda: play_round(drive))
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator(".moves")).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-moves-{number}-{way}")
        found += faults(page)
    assert found == [], "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_long_polish_names_wrap_whole_in_a_prediction_deals_boxes(phone, way) -> None:
    club = ClubFactory(language="pl")
    drive = prediction_drive(club, players=8, games=1)
    named(drive)
    play_deals(drive, tables=[1, 2], hands=[1, 2])
    page = large(phone, way)
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator("fieldset.wist-player").first).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        shoot(page, f"long-names-wist-{number}-{way}")
        found += faults(page)
    assert found == [], "\n".join(dict.fromkeys(found))
