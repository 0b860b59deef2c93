"""The projector in the interval, when a tie-break placed the half-time
leader ahead of three others on the same total: the banner's second sentence
names all three ("Egalitate cu 6 …, 16 … și 18 …: decis prin departajare
inversă."), in Romanian and Russian, with long double-barrelled names, on a
1280 x 720 projector. Its words stay on the screen and whole (none past the
right edge, no word broken, at most three lines), and the board under it
still shows its rows: with the script, fitted into the room the banner
leaves (one page: the banner's heading beside the title gives the second
sentence its line, test_half_time_banner_room); without it (a kiosk browser),
all 20 rows on the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive.models import Drive
from tests.e2e.projector_drives import hall_drive, to_the_interval
from tests.e2e.projector_screen import HD, OFF_SCREEN, open_projector, shot

pytestmark = pytest.mark.e2e


def interval(language: str) -> Drive:
    # The club's long first names and double surnames (hall_drive's), so the
    # four level on the leader's total make the banner's longest line.
    return to_the_interval(hall_drive(language, players=20, hands=12))


# The banner's words as laid out: how far its box reaches past the screen's
# right edge, its lines, and any word broken across two lines (a line box's
# text ending or starting inside a word).
BANNER = """() => {
    const note = document.querySelector('#projector .half-time-banner .projector-note');
    const box = note.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(note);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
    const broken = [];
    const walker = document.createTreeWalker(note, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let top = null;
        for (let i = 0; i < node.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            // A line that starts inside a word (a double surname may break
            // after its hyphen).
            if (top !== null && rect.top > top + 1 && /[^\\s-]/.test(node.data[i - 1])
                && /\\S/.test(node.data[i])) broken.push(node.data.slice(i - 8, i + 8));
            top = rect.top;
        }
    }
    return {
        past: box.right - document.documentElement.clientWidth,
        lines: tops.size,
        broken: broken,
        scroll: document.scrollingElement.scrollWidth - window.innerWidth,
    };
}"""


@pytest.mark.parametrize("language", ["ro", "ru"])
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_the_banner_naming_who_is_level_fits_a_1280_projector(
    browser, live_server, language, script
) -> None:
    drive = interval(language)
    page = open_projector(browser, live_server, drive, HD, script=script)
    expect(page.locator("#projector .half-time-tie")).to_be_visible()
    rows = page.locator("#projector ol.projector-board li")
    expect(rows).to_have_count(20)
    if script:
        page.wait_for_function(
            "() => document.querySelector('#projector ol.projector-board').fitted"
        )
    shot(page, f"half-time-placed-{language}-{'script' if script else 'nojs'}")
    seen = page.evaluate(BANNER)
    assert seen["past"] <= 0.5 and seen["scroll"] <= 0, seen
    assert seen["broken"] == [], seen
    # The leader and the three level with them: at most three lines of the note.
    assert seen["lines"] <= 3, seen
    # Its heading and sentences (with the script the banner's own box is laid
    # out as its parts: the heading beside the title) on the screen.
    assert page.evaluate(OFF_SCREEN, "#projector .half-time-banner > *") == []
    # Every row of the board on the screen: without the script all of them;
    # with it, those shown (it fits the board into the room the banner leaves,
    # a screenful at a time where the rows need more), in type no smaller
    # than its floor.
    shown = "#projector ol.projector-board li:not([hidden])"
    assert page.evaluate(OFF_SCREEN, shown) == []
    if script:
        size = rows.first.evaluate("li => parseFloat(getComputedStyle(li).fontSize)")
        assert size >= 1.3 * 18 - 0.5, size
        # Twenty rows on one page: the second sentence takes no line of the
        # board's (in Romanian it made the board two pages).
        assert page.locator("#projector-page").count() == 0
    else:
        assert rows.evaluate_all("rows => rows.filter((r) => r.hidden).length") == 0
