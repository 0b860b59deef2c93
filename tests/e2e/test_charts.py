"""Charts in the browser: the race on the projector and the results page, the
leaders' progress on the season page and a player's drives, with the right
numbers in their tables, in English and in Russian."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import Drive
from league import services as league_services
from scoring.selectors import drive_scores
from tests.e2e.charts import FITS, NAMES, TABLE, a_club, keep_part, named_drive
from tests.e2e.conftest import PHONE, drive_menu, keep_screenshot
from tests.e2e.csp_violations import WATCH_VIOLATIONS
from tests.e2e.sign_in import log_in
from tests.factories import (
    DriveFactory,
    PlayerFactory,
    play_drive,
    play_round,
    varied_tricks,
)

pytestmark = pytest.mark.e2e


def leaders(drive: Drive, count: int = 5):
    return drive_scores(drive=drive).standings()[:count]


def test_the_race_on_the_projector_by_its_turn_and_by_its_address(page: Page):
    club = a_club()
    drive = named_drive(club, hands=4)
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.clock.install()
    page.goto(f"/drives/{drive.pk}/")
    log_in(page)
    drive_menu(page).get_by_role("link", name="Projector", exact=True).click()
    # The menu loads the projector afresh (its own style sheet): its board's
    # heading is in the page before its scripts set the boards' turns, so the
    # clock runs only once the page has loaded.
    page.wait_for_load_state("load")
    expect(page.locator("#projector h1")).to_have_text("Overall")
    # Overall, then each group, then the race, a board's refresh each.
    for title in (drive.group_a_label, drive.group_b_label, "The race"):
        page.clock.run_for(15_000)
        expect(page.locator("#projector h1")).to_have_text(title)
    seen = page.evaluate(FITS, "race")
    assert seen["role"] == "img" and seen["title"].startswith("The race")
    assert seen["right"] <= seen["screen"] and seen["height"] > 200, seen
    rows = leaders(drive)
    labels = [f"{row.number} {row.name}" for row in rows]
    assert all(label in seen["words"] for label in labels), seen["words"]
    table = page.evaluate(TABLE, "race")
    assert table["heads"] == ["Hand", *labels]
    assert table["rows"][-1] == ["2", *[str(row.total) for row in rows]]
    # Light words on the projector's dark screen (its own theme).
    fills = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('#race svg text')]"
        ".map((t) => getComputedStyle(t).fill))]"
    )
    assert fills == ["rgb(255, 255, 255)"], fills
    keep_screenshot(page, "race-projector")
    page.goto(f"/drives/{drive.pk}/projector/?board=race")
    assert page.evaluate(TABLE, "race") == table


def test_the_race_on_the_results_page_with_a_players_own_line(page: Page):
    club = a_club()
    drive = play_drive(named_drive(club, hands=4), tricks=varied_tricks)
    page.add_init_script(WATCH_VIOLATIONS)
    page.goto(f"/drives/{drive.pk}/")
    log_in(page)
    drive_menu(page).get_by_role("link", name="Results", exact=True).first.click()
    page.get_by_role("link", name="The race").click()
    race = page.locator("#race")
    expect(race.locator("svg[role=img]:visible")).to_be_visible()
    seen = page.evaluate(FITS, "race")
    assert seen["right"] <= PHONE["width"], seen  # on the phone's screen
    race.get_by_text("The numbers").click()
    expect(race.locator("table")).to_be_visible()
    rows = leaders(drive)
    table = page.evaluate(TABLE, "race")
    assert table["rows"][-1] == ["4", *[str(row.total) for row in rows]]
    # The last player's own line, from their card.
    last = drive_scores(drive=drive).standings()[-1]
    card = page.locator(f"#card-{last.number}")
    card.locator("summary").click()
    card.get_by_role("link", name="Show in the race").click()
    expect(page.locator("#race-section .help")).to_contain_text(f"player {last.number}")
    page.locator("#race").get_by_text("The numbers").click()
    table = page.evaluate(TABLE, "race")
    assert table["heads"][-1] == f"{last.number} {last.name}"
    assert table["rows"][-1][-1] == str(last.total)
    # The chart's colours come from the site's stylesheet: nothing is blocked.
    assert page.evaluate("() => window.__violations") == []
    keep_screenshot(page, "race-results")
    keep_part(page, "#race-section", "race-results-chart")
    # High contrast: the lines' colours darken, the words turn black.
    page.get_by_role("button", name="High contrast").click()
    expect(page.locator("html")).to_have_class("contrast-more")
    seen = page.evaluate(
        "() => ({first: getComputedStyle(document.querySelector('#race svg'))"
        ".getPropertyValue('--chart-1').trim(), fill: getComputedStyle("
        "document.querySelector('#race svg text')).fill})"
    )
    assert seen == {"first": "#003a22", "fill": "rgb(0, 0, 0)"}, seen


def test_the_season_in_russian_shows_the_leaders_and_a_players_drives(page: Page):
    club = a_club("ru")
    # The same people each time: the season follows the roster's players.
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    for day in (5, 12, 19):
        drive = DriveFactory(
            club=club, state="open", hands=4, date=datetime.date(2026, 3, day)
        )
        for index, player in enumerate(players):
            drive_services.entry_register(
                drive=drive, player=player, group="AB"[index % 2]
            )
        drive_services.drive_start(drive=drive)
        drive.refresh_from_db()
        play_drive(drive, tricks=lambda deal, d=day: (deal.hand * d + deal.table) % 14)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    log_in(page)
    page.goto(f"/seasons/{season.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    seen = page.evaluate(FITS, "progress")
    assert seen["title"] == "Продвижение лидеров лиги", seen["title"]
    assert "Турнир" in seen["words"]  # the x axis's word, in Russian
    table = page.evaluate(TABLE, "progress")
    assert table["heads"][0] == "Турнир"
    cells = page.locator("table.league tbody tr")
    totals = [
        cells.nth(i).locator("td.total").text_content().strip()
        for i in range(len(table["heads"]) - 1)
    ]
    assert table["rows"][-1][1:] == totals
    assert len(table["rows"]) == 3
    keep_screenshot(page, "season-progress")
    keep_part(page, "#progress-section", "season-progress-chart")
    # A leader's own drives, by a click on their name.
    leader = table["heads"][1]
    page.locator("table.league").get_by_role("link", name=leader).click()
    expect(page.locator("h1")).to_have_text(leader)
    expect(page.locator("#scores svg[role=img]:visible")).to_be_visible()
    page.locator("#scores").get_by_text("Цифры").click()
    scores = page.evaluate(TABLE, "scores")
    history = page.locator("table.history tbody tr")
    newest_first = [
        history.nth(i).locator("td.total").text_content().strip() for i in range(3)
    ]
    assert [row[1] for row in scores["rows"]] == newest_first[::-1]
    expect(page.locator(".season-charts .best")).to_contain_text("Лучший результат")
    keep_screenshot(page, "player-season")
    keep_part(page, "#season-charts", "player-season-charts")
