"""The organiser's and the captain's pages on a 360 px phone in Polish and Russian
(the longest words): nothing makes the page scroll sideways, no table cell splits
a word in the middle ("Najleps zy", "Луч ший"), and the drive's menu is folded on
the phone, names the page shown and marks it (aria-current) at every width.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.phone_evening import evening, logged_in
from tests.e2e.words_fit import SPLIT_WORDS

pytestmark = pytest.mark.e2e

LANGUAGES = ("pl", "ru")
DESKTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_pages_fit_and_split_no_word(browser, live_server, language) -> None:
    in_play, finished, door, predictions = evening(language)
    captain = Table.objects.get(drive=predictions, number=1).captain_key
    pages = {
        "overview": f"/drives/{in_play.pk}/",
        "registration": f"/drives/{door.pk}/entries/",
        "late-arrivals": f"/drives/{in_play.pk}/entries/",
        "results": f"/drives/{finished.pk}/results/",
        "prizes": f"/drives/{finished.pk}/prizes/",
        "drives": "/drives/",
        "public-results": f"/p/{finished.public_key}/results/",
        "captain-prediction": f"/t/{captain}/",
    }
    page = logged_in(browser, live_server, SMALL_PHONE)
    too_wide, split = {}, {}
    for name, url in pages.items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language
        keep_screenshot(page, f"phone-{language}-{name}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > SMALL_PHONE["width"]:
            too_wide[name] = width
        if words := page.evaluate(SPLIT_WORDS):
            split[name] = words
    assert too_wide == {}, f"pages wider than the phone: {too_wide}"
    assert split == {}, "\n".join(f"{k}: {v}" for k, v in split.items())

    # The captain's last-deal table fits its box: no column off the screen.
    page.goto(pages["captain-prediction"])
    box = page.locator(".wist-scroll")
    expect(box).to_be_visible()
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), box.evaluate(
        "b => [b.scrollWidth, b.clientWidth]"
    )

    # The group-move buttons say what they do, in words a touch screen shows.
    page.goto(pages["registration"])
    with translation.override(language):
        move_to = translation.gettext("Move to %(group)s") % {
            "group": door.group_b_label
        }
    expect(page.get_by_role("button", name=move_to).first).to_be_visible()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_drive_menu_folds_on_a_phone_and_marks_the_page(
    browser, live_server, language
) -> None:
    in_play, *_ = evening(language)
    with translation.override(language):
        overview, players = (
            translation.gettext("Overview"),
            translation.gettext("Players"),
        )
        this_drive = translation.gettext("This drive")

    page = logged_in(browser, live_server, SMALL_PHONE)
    page.goto(f"/drives/{in_play.pk}/entries/")
    menu = page.get_by_role("navigation", name=this_drive)
    summary = menu.locator("summary")
    # Folded: the summary names the page; the page's own heading is on the first screen.
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(players)
    expect(menu.get_by_role("link", name=overview, exact=True)).to_be_hidden()
    assert page.locator("main h2").first.bounding_box()["y"] < SMALL_PHONE["height"]
    # Unfolded with a tap: every link reachable, the page shown marked.
    summary.click()
    expect(menu.get_by_role("link", name=overview, exact=True)).to_be_visible()
    current = menu.locator('a[aria-current="page"]')
    expect(current).to_have_count(1)
    expect(current).to_have_text(players)
    menu.get_by_role("link", name=overview, exact=True).click()
    expect(page).to_have_url(re.compile(rf"/drives/{in_play.pk}/$"))
    expect(
        page.get_by_role("navigation", name=this_drive).locator("summary")
    ).to_contain_text(overview)

    # A wide screen: every link shown, no summary; the page shown stands out.
    page = logged_in(browser, live_server, DESKTOP)
    page.goto(f"/drives/{in_play.pk}/entries/")
    menu = page.get_by_role("navigation", name=this_drive)
    expect(menu.locator("summary")).to_be_hidden()
    expect(menu.get_by_role("link", name=overview, exact=True)).to_be_visible()
    current = menu.locator('a[aria-current="page"]')
    expect(current).to_have_text(players)
    other = menu.get_by_role("link", name=overview, exact=True)
    assert current.evaluate(
        "a => getComputedStyle(a).backgroundColor"
    ) != other.evaluate("a => getComputedStyle(a).backgroundColor")
