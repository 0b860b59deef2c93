"""The organiser's style sheet holds no rule the phone pages need.

The captain's page and the shared board do not link static/css/organiser.css
(tests/site/test_organiser_styles.py): a phone on the hall's Wi-Fi loads only
what it shows. So no rule of that sheet may match anything on them: a rule
moved there that the captain's page or the board used would silently stop
applying to them. Each page is read in the browser, after its scripts have
run, in each of its states (asking, waiting, prediction whist, cards in, the
drive over; the board live and final, with a player's own line), and every
selector of the sheet is looked for in it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from drive import services as drive_services
from tests.e2e.conftest import link
from tests.e2e.waits import scripts_ran
from tests.factories import (
    ClubFactory,
    drive_with_players,
    enter_tricks,
    play_drive,
    prediction_drive,
)

pytestmark = pytest.mark.e2e

SHEET = "/static/css/organiser.css"

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
