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
from django.utils import translation
from playwright.sync_api import Page

from drive import services as drive_services
from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, zoomed
from tests.e2e.sign_in import log_in
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

# What overflows, as "tag.class: text" lines. `sides` are the language's side
# labels, which must stay on one line wherever they are shown.
FIND_OVERFLOW = """
(sides) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const name = (el) => {
    const text = (el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return `${el.tagName.toLowerCase()}${cls}: ${text}`;
  };
  const shown = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const scrolls = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  // A child (text, or a box in the flow) reaching past the element's right
  // edge; what is placed on purpose (position absolute or fixed) is not.
  const spills = (el) => {
    const box = el.getBoundingClientRect();
    const edge = box.left + el.clientLeft + el.clientWidth + 1;
    for (const child of el.childNodes) {
      let right = 0;
      if (child.nodeType === Node.TEXT_NODE) {
        if (!child.data.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
      } else if (child.nodeType === Node.ELEMENT_NODE && shown(child)) {
        if (['absolute', 'fixed'].includes(getComputedStyle(child).position)) continue;
        right = child.getBoundingClientRect().right;
      }
      if (right > edge) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'OPTION'].includes(el.tagName)) continue;
    // A chart (server-drawn SVG) places its own words: it is measured whole, as a box.
    if (el.closest('svg') && el.tagName !== 'svg') continue;
    if (el.tagName === 'svg') continue;
    if (!shown(el)) continue;
    // Words for a screen reader alone (a trump's name beside its sign) are clipped on purpose.
    if (el.closest('.visually-hidden')) continue;
    const style = getComputedStyle(el);
    const over = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    if (over && clips) found.push('clipped ' + name(el));
    else if (over && style.overflowX === 'visible' && spills(el))
      found.push('spills out ' + name(el));
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 && !scrolls(el)) found.push('past the screen ' + name(el));
  }
  // A side's label broken over two lines: its letters on two rows.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || !shown(node.parentElement)) continue;
    for (const side of sides) {
      let at = node.data.indexOf(side);
      while (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + side.length);
        const rows = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (rows.size > 1) found.push(`"${side}" broken ` + name(node.parentElement));
        at = node.data.indexOf(side, at + 1);
      }
    }
  }
  return [...new Set(found)];
}
"""


def overflow(page: Page, sides: list[str]) -> list[str]:
    return page.evaluate(FIND_OVERFLOW, sides)


def side_labels(language: str) -> list[str]:
    """The sides' labels as the language shows them, in both the page's
    spellings (with a plain or a non-breaking hyphen)."""
    with translation.override(language):
        labels = [translation.gettext("N-S"), translation.gettext("E-W")]
    return [label for label in labels if "-" in label]


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
