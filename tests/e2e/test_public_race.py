"""The race on the public board, on the smallest phone (360 x 740) in Polish:
the chart fits the screen with words large enough to read, the page never
scrolls sideways, a player adds their own line by their entry number, the
race moves on with the board's own refresh (a number being typed survives
it), nothing breaks the CSP, and high contrast darkens it.

The board opened before the first result shows the link to the race as soon
as its own refresh brings the race, with no reload, in Polish and Russian.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of the page."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from drive import services as drive_services
from scoring.selectors import board_scores
from tests.e2e.charts import FITS, TABLE, a_club, keep_part, named_drive
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.contrast import assert_all_text_at_least_aaa, high_contrast
from tests.e2e.csp_violations import WATCH_VIOLATIONS
from tests.e2e.waits import written
from tests.factories import play_round, varied_tricks

pytestmark = pytest.mark.e2e

WIDE = "() => document.documentElement.scrollWidth"


@pytest.fixture
def polish_phone(browser, live_server) -> Page:
    context = browser.new_context(
        base_url=live_server.url, viewport=SMALL_PHONE, locale="pl-PL"
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    return page


def test_the_race_on_the_public_board_fits_a_small_phone_in_polish(
    polish_phone: Page, live_server
):
    page = polish_phone
    drive = named_drive(a_club("pl"), hands=4)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    page.clock.install()
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    page.get_by_role("link", name="Wyścig", exact=True).click()
    race = page.locator("#race")
    expect(race.locator("svg[role=img]:visible")).to_be_visible()
    seen = page.evaluate(FITS, "race")
    assert seen["title"] == "Wyścig: bieżące sumy liderów", seen["title"]
    assert seen["right"] <= SMALL_PHONE["width"], seen
    assert page.evaluate(WIDE) <= SMALL_PHONE["width"]
    # Drawn for the phone (charts.PHONE, 340 wide at 16): its words shown
    # at nearly their own size, not shrunk as a wider chart's would be.
    assert seen["width"] / 340 * 16 >= 15, seen
    assert "Rozdanie" in seen["words"]  # the x axis, in Polish
    rows = board_scores(drive=drive).standings()[:5]
    labels = [f"{row.number} {row.name}" for row in rows]
    assert all(label in seen["words"] for label in labels), seen["words"]
    race.get_by_text("Liczby").click()
    table = page.evaluate(TABLE, "race")
    assert table["heads"] == ["Rozdanie", *labels]
    assert table["rows"] == [
        ["1", *table["rows"][0][1:]],
        ["2", *(str(r.total) for r in rows)],
    ]
    assert page.evaluate(WIDE) <= SMALL_PHONE["width"]
    keep_screenshot(page, "public-race-pl")
    keep_part(page, "#race-section", "public-race-pl-chart")

    # The last player's own line, by their number.
    last = board_scores(drive=drive).standings()[-1]
    page.get_by_label("Numer startowy", exact=True).fill(str(last.number))
    page.get_by_role("button", name="Pokaż w wyścigu").click()
    expect(page.locator("#race-section .help")).to_contain_text(f"gracza {last.number}")
    page.locator("#race").get_by_text("Liczby").click()
    table = page.evaluate(TABLE, "race")
    assert table["heads"][-1] == f"{last.number} {last.name}"
    assert table["rows"][-1][-1] == str(last.total)
    assert page.evaluate(WIDE) <= SMALL_PHONE["width"]
    keep_screenshot(page, "public-race-pl-own")

    # The board's own refresh brings the next hand into the race; a number
    # half typed in the form is still there after it.
    page.get_by_label("Numer startowy", exact=True).fill("3")
    written(page, lambda: play_round(drive, tricks=varied_tricks))
    page.clock.run_for(30_000)
    expect(page.locator("#race table tbody tr")).to_have_count(3)
    expect(page.get_by_label("Numer startowy", exact=True)).to_have_value("3")
    assert page.evaluate("() => window.__violations") == []

    # High contrast: the lines darken, the words turn black, all text 7:1.
    high_contrast(page, live_server)
    page.reload()
    expect(page.locator("html")).to_have_class("contrast-more")
    seen = page.evaluate(
        "() => ({first: getComputedStyle(document.querySelector('#race svg'))"
        ".getPropertyValue('--chart-1').trim(), fill: getComputedStyle("
        "document.querySelector('#race svg text')).fill})"
    )
    assert seen == {"first": "#003a22", "fill": "rgb(0, 0, 0)"}, seen
    assert_all_text_at_least_aaa(page)
    assert page.evaluate(WIDE) <= SMALL_PHONE["width"]
    keep_screenshot(page, "public-race-pl-contrast")


# Every two words of the chart whose boxes, as the browser sets them, meet.
TOUCHING = """() => {
    const boxes = [...document.querySelectorAll('#race svg:not(.chart-large) text')].map((t) => {
        const r = t.getBoundingClientRect();
        return {text: t.textContent, left: r.left, right: r.right, top: r.top,
                bottom: r.bottom};
    });
    const meet = (a, b) => a.left < b.right && b.left < a.right
        && a.top < b.bottom && b.top < a.bottom;
    const found = [];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
        if (meet(a, b)) found.push([a, b]);
    }));
    return {count: boxes.length, words: boxes.map((b) => b.text), found};
}"""


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_link_to_the_race_appears_while_the_board_updates_itself(
    browser, live_server, language
):
    """The board on a 360 px phone, open before the first result: when the
    results come in, its own refresh brings the race and the link to it,
    with no reload; the chart's words stand apart; a phone without
    JavaScript has the link on its page as well."""
    with translation.override(language):
        race_word = gettext("The race")
    assert race_word != "The race"
    drive = named_drive(a_club(language), hands=4)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    context = browser.new_context(
        base_url=live_server.url, viewport=SMALL_PHONE, locale=language
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    page.clock.install()
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    race_link = page.get_by_role("link", name=race_word, exact=True)
    expect(page.locator("#overall table.standings")).to_be_visible()
    expect(race_link).to_have_count(0)
    expect(page.locator("#race-section")).to_have_count(0)
    page.evaluate("() => { window.__samePage = true; }")

    # The first hands' results come in; the board asks again by itself.
    written(page, lambda: play_round(drive, tricks=varied_tricks))
    page.clock.run_for(30_000)
    expect(race_link).to_be_visible()
    assert page.evaluate("() => window.__samePage") is True  # not reloaded
    assert page.evaluate(WIDE) <= SMALL_PHONE["width"]
    keep_screenshot(page, f"public-race-link-{language}")
    race_link.click()
    expect(page.locator("#race-section h2")).to_be_in_viewport()
    expect(page.locator("#race svg[role=img]:visible")).to_be_visible()

    # The next results move the race on; the link stays, once.
    written(page, lambda: play_round(drive, tricks=varied_tricks))
    page.clock.run_for(30_000)
    expect(page.locator("#race table tbody tr")).to_have_count(2)
    expect(race_link).to_have_count(1)
    assert page.evaluate("() => window.__samePage") is True

    # No two of the chart's words meet, as the browser sets them: the y axis's
    # 0 and the first hand's 1, at the corner, neither.
    seen = page.evaluate(TOUCHING)
    assert seen["count"] > 8 and seen["found"] == [], seen
    assert {"0", "1", "2"} <= set(seen["words"])
    keep_part(page, "#race-section", f"public-race-link-{language}-chart")
    assert page.evaluate("() => window.__violations") == []

    # Without JavaScript the page itself has the link, as a reload has.
    plain = browser.new_context(
        base_url=live_server.url,
        viewport=SMALL_PHONE,
        locale=language,
        java_script_enabled=False,
    )
    plain_page = plain.new_page()
    plain_page.goto(f"/p/{drive.public_key}/")
    expect(plain_page.get_by_role("link", name=race_word, exact=True)).to_be_visible()
    keep_screenshot(plain_page, f"public-race-link-{language}-no-js")
