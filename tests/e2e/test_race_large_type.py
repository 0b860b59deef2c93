"""The race chart on a 360 px phone with its text at 200 %, as an older player in
the hall reads it: its words (the axes' numbers and words, the key's names)
follow the reader's text size on the results page. They stayed about 10 to 12
px (the chart is drawn for its width, not for the page's type) beside 36 px
text. At the usual size the chart is as before. The public board, fetched
again by every phone in the hall after each result, sends one picture."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive import services as drive_services
from tests.e2e.charts import a_club, named_drive
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text
from tests.factories import play_drive, varied_tricks

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}

# The chart shown: its words' size on the screen (its font's size times the
# picture's scale), beside the page's text; any word past the screen's edge.
WORDS = """() => {
    const svgs = [...document.querySelectorAll('#race svg[role=img]')]
        .filter((svg) => svg.getBoundingClientRect().width > 0);
    const svg = svgs[0];
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll('text')].map(
        (t) => parseFloat(t.getAttribute('font-size')) * scale);
    const out = [...svg.querySelectorAll('text')].filter((t) => {
        const r = t.getBoundingClientRect();
        return r.left < -0.5 || r.right > innerWidth + 0.5;
    }).map((t) => t.textContent);
    return {
        shown: svgs.length,
        words: Math.min(...sizes),
        text: parseFloat(getComputedStyle(document.body).fontSize),
        out,
        title: svg.querySelector('title').textContent,
    };
}"""


def test_the_race_s_words_follow_the_reader_s_text_size(browser, live_server) -> None:
    where = "results"
    drive = play_drive(named_drive(a_club("ro"), hands=4), tricks=varied_tricks)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    context = browser.new_context(
        base_url=live_server.url, locale="ro", viewport=PHONE, bypass_csp=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/p/{drive.public_key}/{'results/' if where == 'results' else ''}")
    expect(page.locator("#race svg[role=img]:visible")).to_be_visible()
    usual = page.evaluate(WORDS)
    # At the usual size: one picture, its words about as large as the text.
    assert usual["shown"] == 1, usual
    assert usual["words"] >= 0.6 * usual["text"], usual
    assert usual["out"] == [], usual
    larger_text(page, 200)
    page.locator("#race").scroll_into_view_if_needed()
    keep_screenshot(page, f"race-large-type-{where}")
    large = page.evaluate(WORDS)
    assert large["text"] >= 35, large
    assert large["shown"] == 1, large
    # Its words grew with the text: at least three quarters of its size.
    assert large["words"] >= 0.75 * large["text"], large
    assert large["out"] == [], large
    assert large["title"] == usual["title"]
    context.close()
