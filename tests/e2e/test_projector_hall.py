"""The projector as a hall sees it (the hall audit's items 3, 4, 5, 7 and 11):
every slide on the screen at the sizes projectors come in, with or without
the script, in the clubs' own languages (their longer words and names)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive.models import Drive
from tests.e2e.projector_drives import giving_under_way, in_play
from tests.e2e.projector_screen import (
    FULL_HD,
    HD,
    OFF_SCREEN,
    PAGE_HEIGHT,
    SCROLLS,
    XGA,
    open_projector,
    projector_tab,
    shot,
    size_name,
)
from tests.e2e.sign_in import log_in

pytestmark = pytest.mark.e2e


# --- item 3: the race slide ----------------------------------------------------------


@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
@pytest.mark.parametrize("size", [FULL_HD, HD, XGA], ids=size_name)
def test_the_race_slide_fits_the_screen_with_its_key(
    browser, live_server, language, size
) -> None:
    """The head, the chart with its axes and its key all on the screen:
    nobody scrolls a projector (the key and the axis were below the edge at
    1280 x 720 and 1024 x 768, the key cut at 1920 x 1080)."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, size, board="?board=race")
    race = page.locator("#race")
    expect(race.locator("svg")).to_be_visible()
    shot(page, f"race-{language}-{size_name(size)}")
    parts = (
        "#projector header, #projector h1, #projector p, #race svg, #race figcaption"
    )
    assert page.evaluate(OFF_SCREEN, parts) == []
    # Every word of the chart (its axes, its labels) on the screen too.
    assert page.evaluate(OFF_SCREEN, "#race svg text") == []
    assert page.evaluate(PAGE_HEIGHT) <= 0
    # And the chart still the slide's picture, not a stamp.
    chart = race.locator("svg").bounding_box()
    assert chart["height"] >= 0.35 * size["height"], chart
    # Its caption (what the title and the axis say) is read out, not shown:
    # its line went to the chart.
    title = race.locator("svg title").text_content()
    assert title and race.locator("figcaption").text_content() == title
    caption = race.locator("figcaption").bounding_box()
    assert caption["width"] <= 1 and caption["height"] <= 1, caption


# The chart as drawn (its picture, not the svg's box around it): its size and
# its words' size in the screen's pixels, and the room under the slide's title.
CHART_DRAWN = """() => {
    const svg = document.querySelector('#race svg');
    const drawn = svg.querySelector('g').getBoundingClientRect();
    const scale = svg.getScreenCTM().a;
    const sizes = [...svg.querySelectorAll('text')]
        .map((t) => parseFloat(t.getAttribute('font-size')) * scale);
    return {width: drawn.width, height: drawn.height,
            room: innerHeight - document.querySelector('#projector h1')
                .getBoundingClientRect().bottom,
            words: Math.min(...sizes)};
}"""


@pytest.mark.parametrize("language", ["en-gb", "ru"])
@pytest.mark.parametrize("size", [FULL_HD, HD, XGA], ids=size_name)
def test_the_race_fills_the_slide_in_words_read_from_the_back(
    browser, live_server, language, size
) -> None:
    """The chart was drawn 1000 wide with its key under it and the bell's
    help four lines over it: it took 60-64 % of the room under the title at
    1280 x 720 and 1024 x 768 and half the screen's width at 1920 x 1080,
    its words 13-15 px (23 px at 1920 x 1080). Now it is drawn as wide as
    that room, its key beside it: most of the room, in words of 24 px and
    more, and the slide still does not scroll."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, size, board="?board=race")
    expect(page.locator("#race svg")).to_be_visible()
    shot(page, f"race-fills-{language}-{size_name(size)}")
    seen = page.evaluate(CHART_DRAWN)
    assert seen["height"] >= 0.7 * seen["room"], seen
    assert seen["width"] >= 0.65 * size["width"], seen
    assert seen["words"] >= 0.028 * size["height"], seen
    assert page.evaluate(OFF_SCREEN, "#race svg, #race svg text") == []
    assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}


# --- item 4: the board without the script ---------------------------------------------


@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("size", [XGA, HD], ids=size_name)
def test_every_row_is_on_the_screen_without_the_script(
    browser, live_server, language, size
) -> None:
    """A kiosk browser with scripts off pages nothing: all 21 rows on the
    screen at once (only the first 9 were, at 1024 x 768)."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, size, script=False)
    rows = page.locator("#projector ol.projector-board li")
    expect(rows).to_have_count(21)
    shot(page, f"board-nojs-{language}-{size_name(size)}")
    assert page.evaluate(OFF_SCREEN, "#projector ol.projector-board li") == []
    # Still read from the back: the type no smaller than the script's floor.
    size_px = rows.first.evaluate("li => parseFloat(getComputedStyle(li).fontSize)")
    assert size_px >= 1.3 * 18 - 0.5, size_px


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_a_full_hd_projector_keeps_its_large_type_without_the_script(
    browser, live_server, language
) -> None:
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, FULL_HD, script=False)
    rows = page.locator("#projector ol.projector-board li")
    expect(rows).to_have_count(21)
    shot(page, f"board-nojs-{language}-{size_name(FULL_HD)}")
    size_px = rows.first.evaluate("li => parseFloat(getComputedStyle(li).fontSize)")
    assert size_px >= 2 * 18 - 0.5, size_px
    assert page.evaluate(OFF_SCREEN, "#projector ol.projector-board li") == []


# --- item 5: which number is which ----------------------------------------------------

ROW_NUMBERS = """(li) => {
    const style = (el) => getComputedStyle(el);
    const rank = li.querySelector('.rank'), no = li.querySelector('.no'),
          total = li.querySelector('.total');
    return {
        rank: {size: parseFloat(style(rank).fontSize), weight: +style(rank).fontWeight,
               colour: style(rank).color},
        no: {size: parseFloat(style(no).fontSize), weight: +style(no).fontWeight,
             colour: style(no).color},
        total: {weight: +style(total).fontWeight, right: total.getBoundingClientRect().right,
                rowRight: li.getBoundingClientRect().right,
                align: style(total).textAlign},
    };
}"""


@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_place_stands_out_from_the_entry_number(
    browser, live_server, language
) -> None:
    """'1 10 Janina Woźniak 17': the place read first, the entry number
    plainly secondary, the score a column at the right."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, FULL_HD)
    rows = page.locator("#projector ol.projector-board li")
    expect(rows).to_have_count(21)
    shot(page, f"board-{language}-{size_name(FULL_HD)}")
    for index in (0, 20):
        seen = rows.nth(index).evaluate(ROW_NUMBERS)
        assert seen["rank"]["weight"] >= 700, seen
        assert seen["rank"]["weight"] > seen["no"]["weight"], seen
        assert seen["no"]["size"] <= 0.8 * seen["rank"]["size"], seen
        assert seen["rank"]["colour"] != seen["no"]["colour"], seen
        assert seen["total"]["weight"] >= 700 and seen["total"]["align"] == "right"
        assert abs(seen["total"]["right"] - seen["total"]["rowRight"]) <= 1, seen


POINTS = {"pl": "punkt", "ru": "очк"}


@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("size", [FULL_HD, XGA], ids=size_name)
def test_the_prize_slide_says_which_number_is_the_score(
    browser, live_server, language, size
) -> None:
    """The winner's entry number small before the name (as the MC reads it:
    '17 Grzegorz Grabowski'), the score under it with its word ('10
    punktów'), not two bare numbers; and no site footer (language links,
    high contrast) on the ceremony's screen."""
    drive = giving_under_way(language)
    page = open_projector(browser, live_server, drive, size)
    winner = page.locator("#projector .prize-winners li").first
    expect(winner).to_be_visible()
    shot(page, f"prize-{language}-{size_name(size)}")
    name = winner.locator(".prize-name").bounding_box()
    number = winner.locator(".no").bounding_box()
    assert number["x"] + number["width"] <= name["x"] + 1, (number, name)
    assert number["height"] < name["height"], (number, name)
    expect(winner.locator(".prize-score")).to_contain_text(POINTS[language])
    expect(page.locator(".site-footer")).to_be_hidden()
    assert page.evaluate(PAGE_HEIGHT) <= 0


# --- item 7: no footer on the projector -----------------------------------------------


@pytest.mark.parametrize("language", ["pl", "ru"])
@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_no_site_footer_on_the_projector(
    browser, live_server, language, script
) -> None:
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, XGA, script=script)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(21)
    expect(page.locator(".site-footer")).to_be_hidden()


# --- item 11: the bell's Sound on ----------------------------------------------------

OVERLAP = """() => {
    const button = document.querySelector('[data-bell-sound]').getBoundingClientRect();
    return [...document.querySelectorAll('#projector ol.projector-board li, #projector h1')]
        .filter((el) => {
            const box = el.getBoundingClientRect();
            return !el.hidden && box.width && box.left < button.right
                && button.left < box.right && box.top < button.bottom
                && button.top < box.bottom;
        })
        .map((el) => el.textContent.trim().slice(0, 40));
}"""


@pytest.mark.parametrize("language", ["pl", "ru", "ro"])
@pytest.mark.parametrize("size", [FULL_HD, XGA], ids=size_name)
def test_sound_on_is_on_the_screen_over_a_full_board(
    browser, live_server, language, size
) -> None:
    """With 21 players the one-time 'Sound on' was at or below the screen's
    edge: now it is on the screen, clear of the board, and once pressed it
    leaves the screen."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, size)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(21)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    sound = page.locator("[data-bell-sound]")
    expect(sound).to_be_visible()
    shot(page, f"bell-{language}-{size_name(size)}")
    assert page.evaluate(OFF_SCREEN, "[data-bell-sound]") == []
    assert page.evaluate(OVERLAP) == []
    assert (
        page.evaluate(OFF_SCREEN, "#projector ol.projector-board li:not([hidden])")
        == []
    )
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    box = sound.bounding_box()
    assert box is None or (box["width"] <= 1 and box["height"] <= 1), box
    shot(page, f"bell-on-{language}-{size_name(size)}")


# --- the organiser's laptop in large type ---------------------------------------------

# The laptop that drives the projector, set to 200 %: by its zoom (a 683x384
# CSS page of twice-sized pixels on a 1366x768 screen) or by the browser's
# text size (its own setting: twice the usual 16 px).
LAPTOPS = {"1366x768": {"width": 1366, "height": 768}, "1280x720": HD}


def large_type(browser, live_server, drive: Drive, size, way: str, board=""):
    page = projector_tab(browser, live_server, size, zoom=2 if way == "zoom" else 1)
    if way == "text":
        page.context.new_cdp_session(page).send(
            "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
        )
    page.goto(f"/drives/{drive.pk}/projector/{board}")
    # The setting took: the login's type is twice its usual size.
    root = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    assert page.evaluate(root) == (36 if way == "text" else 18)
    log_in(page)
    expect(page.locator("#projector")).to_be_visible()
    return page


WIDE = (
    "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
)
# The board's type as the hall sees it, in the screen's pixels.
TYPE_PX = "li => parseFloat(getComputedStyle(li).fontSize) * devicePixelRatio"


@pytest.mark.parametrize("way", ["zoom", "text"])
@pytest.mark.parametrize("size", LAPTOPS.values(), ids=LAPTOPS.keys())
@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_projector_from_a_laptop_in_large_type(
    browser, live_server, language, size, way
) -> None:
    """At 200 % the projector's head (the bell's controls, the clock, the
    drive, the hand) took the whole screen: the board showed one row a page,
    below the screen's edge ('Page 1 of 21'), the race's chart had no height.
    The projector is a slide: its type follows the screen, so the hall reads
    the same board at any zoom or text size of the laptop."""
    drive = in_play(language)
    page = large_type(browser, live_server, drive, size, way)
    rows = page.locator("#projector ol.projector-board li")
    expect(rows).to_have_count(21)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    shot(page, f"laptop-{way}-board-{language}-{size_name(size)}")
    shown = page.locator("#projector ol.projector-board li:not([hidden])")
    assert shown.count() >= 11, shown.count()
    assert page.evaluate(WIDE) <= 0
    parts = "#projector header, #projector h1, #projector ol.projector-board li:not([hidden])"
    assert page.evaluate(OFF_SCREEN, parts) == []
    assert shown.first.evaluate(TYPE_PX) >= 1.3 * 18 - 0.5
    page.goto(f"/drives/{drive.pk}/projector/?board=race")
    expect(page.locator("#race svg")).to_be_visible()
    shot(page, f"laptop-{way}-race-{language}-{size_name(size)}")
    assert page.evaluate(WIDE) <= 0
    assert page.evaluate(OFF_SCREEN, "#projector h1, #race svg, #race figcaption") == []
    assert page.evaluate(PAGE_HEIGHT) <= 0
    chart = page.locator("#race svg").bounding_box()
    assert chart["height"] >= 0.35 * page.evaluate("innerHeight"), chart


@pytest.mark.parametrize("way", ["zoom", "text"])
@pytest.mark.parametrize("size", LAPTOPS.values(), ids=LAPTOPS.keys())
@pytest.mark.parametrize("language", ["pl", "ru"])
def test_the_prize_slide_from_a_laptop_in_large_type(
    browser, live_server, language, size, way
) -> None:
    """The prize's winner and score were under the screen's edge at 200 %."""
    drive = giving_under_way(language)
    page = large_type(browser, live_server, drive, size, way)
    winner = page.locator("#projector .prize-winners li").first
    expect(winner).to_be_visible()
    shot(page, f"laptop-{way}-prize-{language}-{size_name(size)}")
    assert page.evaluate(WIDE) <= 0
    parts = "#projector .prize-title, #projector .prize-winners li"
    assert page.evaluate(OFF_SCREEN, parts) == []
    assert page.evaluate(PAGE_HEIGHT) <= 0


# --- the document never scrolls -------------------------------------------------------

# The sizes of the hall's projectors and of the laptop that drives them.
SCREENS = [FULL_HD, {"width": 1366, "height": 768}, HD, XGA]
PAGE_WORDS = "() => (document.getElementById('projector-page') || {}).textContent || ''"


# Where the 21 rows fit the screen at the type's floor (at 1280 x 720 in Russian
# and at 1024 x 768 they do not: those boards have two pages).
ONE_PAGE = {"1920x1080", "1366x768", "1280x720-en-gb", "1280x720-pl"}


@pytest.mark.parametrize("language", ["en-gb", "ru", "pl"])
@pytest.mark.parametrize("size", SCREENS, ids=size_name)
def test_neither_the_board_nor_the_race_scrolls_its_screen(
    browser, live_server, language, size
) -> None:
    """The board was fitted without the margins and padding under it (and the
    note of who sits out): the page passed the screen's edge by 4 to 21 px
    (772 px at 1366 x 768 in Russian) and a laptop showed a scrollbar. Now
    on the screen, the race too, and a board whose rows fit the screen is
    still shown on one page."""
    drive = in_play(language)
    page = open_projector(browser, live_server, drive, size)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(21)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    shot(page, f"scroll-board-{language}-{size_name(size)}")
    assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}
    shown = "#projector ol.projector-board li:not([hidden])"
    assert page.evaluate(OFF_SCREEN, shown) == []
    if {size_name(size), f"{size_name(size)}-{language}"} & ONE_PAGE:
        assert page.evaluate(PAGE_WORDS) == ""
    page.goto(f"/drives/{drive.pk}/projector/?board=race")
    expect(page.locator("#race svg")).to_be_visible()
    assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}


@pytest.mark.parametrize("language", ["en-gb", "ru", "pl"])
@pytest.mark.parametrize("size", SCREENS, ids=size_name)
def test_the_prize_slide_does_not_scroll_its_screen(
    browser, live_server, language, size
) -> None:
    page = open_projector(browser, live_server, giving_under_way(language), size)
    expect(page.locator("#projector .prize-winners li").first).to_be_visible()
    shot(page, f"scroll-prize-{language}-{size_name(size)}")
    assert page.evaluate(SCROLLS) == {"down": 0, "across": 0}
