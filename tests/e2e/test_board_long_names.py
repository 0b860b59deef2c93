"""A board on a 360 px phone in Polish: a long surname
(Brzęczyszczykiewicz) keeps to one line beside its rank, number and total;
the columns pad a little less on a phone, so the name's column is as wide as
the word and the browser does not break it mid-word ("Brzęczyszczykiewic z").

At 110 % (the phone's text size, or the page zoomed) the name's column was
narrower than the word and broke it again, on the organiser's board and the
shared one, on a 360 px phone and a 390 px one: there each name now has a
line of its own, as in larger type. On
a projector's screen (1024 x 768, 1280 x 720) at 110 % the name stays whole
too, and no page scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import Entry
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    olive,
    prediction_drive,
)
from tests.predictions import play_to_the_end

LONG = "Grzegorz Brzęczyszczykiewicz"

# The words of each name cell (or of each `selector`) that the browser laid
# out on more than one line (a name may still wrap between its words, or at
# a hyphen).
SPLIT_WORDS = """(selector) => {
  const out = [];
  for (const td of document.querySelectorAll(selector || 'table.standings td.name')) {
    const text = td.firstChild;
    if (!text || text.nodeType !== 3) continue;
    let at = 0;
    for (const word of text.textContent.split(/[ -]/)) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      at += word.length + 1;
      const lines = new Set(
        Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(word);
    }
  }
  return out;
}"""


def long_named_drive():
    """A Polish club's prediction drive of sixteen, played to its end, whose
    entry 1 has the long surname."""
    club = ClubFactory(language="pl")
    olive(club)
    drive = prediction_drive(club, players=16, games=2)
    entry = Entry.objects.filter(drive=drive).order_by("number").first()
    entry.player.name = LONG
    entry.player.save()
    play_to_the_end(drive)
    return drive


@pytest.mark.e2e
def test_a_long_polish_surname_is_not_broken_on_a_small_phone(phone) -> None:
    drive = long_named_drive()
    page: Page = phone(locale="en-GB")
    page.goto(f"/drives/{drive.pk}/leaderboard/")
    # The club speaks Polish: its login page too.
    log_in(page)
    expect(page.get_by_role("heading", name="Tabela wyników")).to_be_visible()
    expect(page.get_by_role("cell", name=LONG)).to_be_visible()
    assert page.evaluate(SPLIT_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# The names on the projector's board.
PROJECTOR = "ol.projector-board .name"

SCREENS = {
    "phone": {"width": 360, "height": 740},
    "phone-390": {"width": 390, "height": 844},
    "projector-xga": {"width": 1024, "height": 768},
    "projector-hd": {"width": 1280, "height": 720},
}


@pytest.mark.e2e
@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("screen", tuple(SCREENS))
def test_a_long_polish_surname_is_not_broken_at_110_percent(
    browser, live_server, screen, way
) -> None:
    drive = long_named_drive()
    drive = drive_services.public_link_set(drive=drive, shared=True)
    size = SCREENS[screen]
    if way == "zoom":
        options = {
            "viewport": {k: round(v / 1.1) for k, v in size.items()},
            "device_scale_factor": 1.1,
        }
    else:
        options = {"viewport": size, "bypass_csp": True}
    context = browser.new_context(base_url=live_server.url, locale="pl", **options)
    context.set_default_timeout(TIMEOUT_MS)
    page: Page = context.new_page()
    log_in(page)
    found = {}
    boards = {
        "organiser": f"/drives/{drive.pk}/leaderboard/",
        "public": f"/p/{drive.public_key}/",
    }
    if screen.startswith("projector"):
        boards["projector"] = f"/drives/{drive.pk}/projector/"
    for name, url in boards.items():
        page.goto(url)
        expect(page.get_by_text(LONG).first).to_be_visible()
        if way == "text":
            larger_text(page, 110)
            # The projector's type is chosen as the page loads, where a
            # browser's text size is already set: chosen again here.
            page.evaluate("document.dispatchEvent(new Event('projector:refit'))")
        keep_screenshot(page, f"board-long-name-{name}-{screen}-110-{way}")
        faults = page.evaluate(SPLIT_WORDS, PROJECTOR if name == "projector" else None)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.viewport_size["width"]:
            faults.append(f"page {width}px wide")
        if faults:
            found[name] = faults
    context.close()
    assert found == {}
