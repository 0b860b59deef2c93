"""The organiser's style sheet holds no rule the phone pages need.

The captain's page and the shared board do not link static/css/organiser.css
(tests/site/test_organiser_styles.py): a phone on the hall's Wi-Fi loads only
what it shows. So no rule of that sheet may match anything on them: a rule
moved there that the captain's page or the board used would silently stop
applying to them. Each page is read in the browser, after its scripts have
run, in each of its states (asking, waiting, prediction whist, rubber whist,
cards in, the drive over; the board live and final, with a player's own
line), and every selector of the sheet is looked for in it.

And the other way: the phones' own sheet (static/css/captain.css) holds no rule
that only the organiser's pages use. A rule that matches the room or the
captain links page (a conflict to settle, the clock's buttons, the tables'
badges, the QR cards, the warning at the laptop's own address) and nothing on
any phone page belongs in organiser.css: every phone on the hall's Wi-Fi
fetched it for nothing (the board's first load is held under 40 KB,
tests/reliability/test_phone_load.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from drive import services as drive_services
from drive.models import Table
from scoring import captain as captain_services
from tests.e2e.conftest import link
from tests.e2e.sign_in import log_in
from tests.e2e.waits import scripts_ran
from tests.factories import (
    ClubFactory,
    drive_with_players,
    enter_tricks,
    olive,
    play_drive,
    prediction_drive,
    rubber_drive,
)

pytestmark = pytest.mark.e2e

SHEET = "/static/css/organiser.css"
PHONES_SHEET = "/static/css/captain.css"
# What each organiser's page below shows, that the phones' sheet once styled.
ORGANISERS_PARTS = {
    "room": "#room, .room-tables, .badge-conflict, section.conflict, ol.history, .way",
    "captain links": ".link-cards, .only-this-computer, form.public-share",
}

# Each selector of the sheet (pseudo-elements left out: an element is what
# they need) that matches an element of the page; and the sheets it links.
MATCHED = """async (sheet) => {
  const css = new CSSStyleSheet();
  css.replaceSync(await (await fetch(sheet)).text());
  const found = [];
  const walk = (rules) => {
    for (const rule of rules) {
      if (rule.selectorText) {
        const selector = rule.selectorText.replace(/::?(before|after|marker)\\b/g, "");
        if (document.querySelector(selector)) found.push(rule.selectorText);
      }
      if (rule.cssRules) walk(rule.cssRules);
    }
  };
  walk(css.cssRules);
  if (!css.cssRules.length) found.push("(no rules read)");
  return found;
}"""
SHEETS = "() => [...document.styleSheets].map(s => s.href && new URL(s.href).pathname)"


def phone_pages() -> dict[str, str]:
    club = ClubFactory()
    drive = drive_with_players(players=8, club=club, hands=3)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    board = f"/p/{drive.public_key}/"
    pages = {
        "captain, asking": link(drive),
        "board, live": board,
        "board, live, own line": f"{board}?entry=1",
    }
    waiting = drive_with_players(players=8, club=club, hands=3)
    enter_tricks(waiting, by=None, table=1, tricks=[9])
    pages["captain, waiting"] = link(waiting)
    pages["captain, prediction whist"] = link(prediction_drive(club, players=8))
    pages["captain, rubber whist"] = link(rubber_drive(club=club))
    cards = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=2, score_entry="cards"
    )
    pages["captain, cards in"] = link(cards)
    over = play_drive(
        drive_services.public_link_set(
            drive=drive_with_players(players=8, club=club, hands=3), shared=True
        )
    )
    over.refresh_from_db()
    pages["captain, over"] = link(over)
    pages["board, final"] = f"/p/{over.public_key}/"
    pages["board, final, own line"] = f"/p/{over.public_key}/?entry=1"
    return pages


@pytest.mark.django_db(transaction=True)
def test_no_rule_of_the_organisers_sheet_matches_a_phone_page(page: Page) -> None:
    found = {}
    for state, path in phone_pages().items():
        page.goto(path)
        scripts_ran(page, path.split("?")[0])
        sheets = page.evaluate(SHEETS)
        assert "/static/css/site.css" in sheets, (state, sheets)
        wrong = page.evaluate(MATCHED, SHEET)
        if SHEET in sheets:
            wrong.append("links the sheet")
        if wrong:
            found[state] = wrong
    assert found == {}


def organisers_pages(club) -> dict[str, str]:
    """The room with a result to confirm and a conflict to settle, and the
    captain links page (at 127.0.0.1: with the warning at the laptop's own
    address)."""
    drive = drive_with_players(players=12, club=club, hands=3, opponent_confirms=True)
    one, two = (Table.objects.get(drive=drive, number=n) for n in (1, 2))
    captain_services.captain_result_submit(
        table=one, hand=1, ns_tricks=9, idempotency_key="a" * 22
    )
    captain_services.captain_result_submit(
        table=two, hand=1, ns_tricks=9, idempotency_key="b" * 22
    )
    captain_services.captain_result_confirm(table=two, hand=1, version=1)
    conflict = captain_services.captain_result_submit(
        table=two, hand=1, ns_tricks=3, idempotency_key="c" * 22
    )
    assert conflict.kind == captain_services.Kind.CONFLICT
    return {
        "room": f"/drives/{drive.pk}/room/",
        "captain links": f"/drives/{drive.pk}/links/",
    }


@pytest.mark.django_db(transaction=True)
def test_the_phones_sheet_holds_no_rule_only_the_organisers_pages_use(
    page: Page,
) -> None:
    club = ClubFactory()
    olive(club)
    phones = set()
    for path in phone_pages().values():
        page.goto(path)
        scripts_ran(page, path.split("?")[0])
        phones.update(page.evaluate(MATCHED, PHONES_SHEET))
    organisers = {}
    for name, path in organisers_pages(club).items():
        page.goto(path)
        if "/login/" in page.url:
            log_in(page)
        scripts_ran(page, path)
        # The page itself, each of its parts there to be matched.
        shown = ORGANISERS_PARTS[name]
        assert all(page.locator(part).count() for part in shown.split(",")), name
        organisers[name] = page.evaluate(MATCHED, PHONES_SHEET)
    theirs = {name: sorted(set(found) - phones) for name, found in organisers.items()}
    assert theirs == {"room": [], "captain links": []}
