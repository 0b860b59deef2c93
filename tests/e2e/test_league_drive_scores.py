"""Each player's drives on the league page, on a 360 px phone at 200 % without
JavaScript: a name opens the player's drives, each its date and score, the ones
the best 2 of 3 leave out struck through and said in words, nothing wider than
the phone; in English and in Polish (its plurals)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from league import services as league_services
from tests.e2e.charts import keep_part
from tests.e2e.conftest import keep_screenshot, zoomed
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    olive,
)
from tests.prizes.fixtures import finished_tie, set_order

WORDS = {
    "en-gb": {
        "heading": "Each player's drives",
        "dropped": "not counted",
        "three": "(2 of 3 drives counted)",
        "one": "(1 of 1 drive counted)",
    },
    "pl": {
        "heading": "Turnieje każdego gracza",
        "dropped": "nie liczy się",
        "three": "(liczone: 2 z 3 turniejów)",
        "one": "(liczone: 1 z 1 turnieju)",
    },
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en-gb", "pl"])
def test_a_players_drives_on_a_small_phone_at_200_percent(phone, language):
    words = WORDS[language]
    club = ClubFactory(language=language)
    olive(club)
    players = [
        PlayerFactory(club=club, name=name)
        for name in (
            "Bartholomew Featherstonehaugh",
            "Ann Lee",
            "Cy Young",
            "Dot Cotton",
            "Ed Stone",
        )
    ]
    lineups = [players[:4], players[:3] + [players[4]], players[:4]]
    for index, lineup in enumerate(lineups):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index + 1
        )
    set_order(club, "count_back", best_of=2)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    page = phone(**zoomed(200), java_script_enabled=False)
    log_in(page)
    expect(page.locator("input[name=password]")).to_have_count(0)
    page.goto(f"/seasons/{season.pk}/")
    section = page.locator("#drive-scores")
    expect(section.get_by_role("heading", name=words["heading"])).to_be_visible()
    # The player with the long name played all three drives: one is dropped.
    long = section.locator("details").filter(has_text="Featherstonehaugh")
    summary = long.locator("summary")
    expect(summary).to_contain_text(words["three"])
    summary.click()
    lines = long.locator("li")
    expect(lines).to_have_count(3)
    dropped = long.locator("li.dropped")
    expect(dropped).to_have_count(1)
    expect(dropped).to_contain_text(words["dropped"])
    expect(dropped.locator("del")).to_be_visible()
    # The two counted scores add up to the total in the summary.
    kept = [
        int(lines.nth(i).locator(".score").inner_text())
        for i in range(3)
        if "dropped" not in (lines.nth(i).get_attribute("class") or "")
    ]
    total = int(summary.locator("strong").inner_text())
    assert sum(kept) == total
    # Ed Stone came once, fewer than the best 2: nothing dropped.
    once = section.locator("details").filter(has_text="Ed Stone")
    expect(once.locator("summary")).to_contain_text(words["one"])
    once.locator("summary").click()
    expect(once.locator("li")).to_have_count(1)
    expect(once.locator("li.dropped")).to_have_count(0)
    assert_fits_phone(page)
    for line in range(3):
        box = lines.nth(line).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 180 + 0.5, box
    keep_screenshot(page, f"league-drive-scores-{language}-200")
    keep_part(page, "#drive-scores", f"league-drive-scores-{language}-200-part")
