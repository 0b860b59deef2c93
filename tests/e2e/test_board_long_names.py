"""A board on a 360 px phone in Polish: a long surname
(Brzęczyszczykiewicz) keeps to one line beside its rank, number and total;
the columns pad a little less on a phone, so the name's column is as wide as
the word and the browser does not break it mid-word ("Brzęczyszczykiewic z")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive.models import Entry
from tests.e2e.test_organiser_drive import PASSWORD
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    prediction_drive,
)
from tests.predictions import play_to_the_end

LONG = "Grzegorz Brzęczyszczykiewicz"

# The words of each name cell that the browser laid out on more than one line
# (a name may still wrap between its words, or at a hyphen).
SPLIT_WORDS = """() => {
  const out = [];
  for (const td of document.querySelectorAll('table.standings td.name')) {
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


@pytest.mark.e2e
def test_a_long_polish_surname_is_not_broken_on_a_small_phone(phone) -> None:
    club = ClubFactory(language="pl")
    MembershipFactory(club=club, user=UserFactory(username="olive", password=PASSWORD))
    drive = prediction_drive(club, players=16, games=2)
    entry = Entry.objects.filter(drive=drive).order_by("number").first()
    entry.player.name = LONG
    entry.player.save()
    play_to_the_end(drive)
    page: Page = phone(locale="en-GB")
    page.goto(f"/drives/{drive.pk}/leaderboard/")
    # The club speaks Polish: its login page too.
    page.locator("[name=username]").fill("olive")
    page.locator("[name=password]").fill(PASSWORD)
    page.locator("main button[type=submit]").first.click()
    expect(page.get_by_role("heading", name="Tabela wyników")).to_be_visible()
    expect(page.get_by_role("cell", name=LONG)).to_be_visible()
    assert page.evaluate(SPLIT_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
