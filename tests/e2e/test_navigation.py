"""Every page of a drive looks the same however it is reached.

The site's links are boosted by htmx: a click fetches the next page and swaps
what is inside <body>, keeping the <head> and the <body> element of the page
before. So a page must need nothing from either that another page lacks. Each
page of the drive's navigation is reached by its link (and left by the browser's
back button) and compared with the same page loaded directly: the computed style
of every element on it must be the same. The one link the menu does not boost
(hx-boost="false") is the projector's, whose own style sheet is in its <head>
(projector.css): it loads the page afresh, and the test checks that it does.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import drive_menu
from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_drive,
    play_round,
)

# What a person would notice: layout, type, colours, borders, columns.
LOOK = """() => {
  const properties = [
    "display", "position", "font-size", "font-weight", "color", "background-color",
    "border-top-style", "border-top-width", "border-top-color", "padding-left",
    "padding-top", "margin-top", "max-width", "min-height", "text-align",
    "grid-template-columns", "column-count", "column-width", "list-style-type",
  ];
  const elements = [document.documentElement, document.body,
    ...document.body.querySelectorAll("*:not(script):not(style):not(template)")];
  return elements.map((element) => {
    const style = getComputedStyle(element);
    const name = element.tagName.toLowerCase() + (element.id ? "#" + element.id : "")
      + (typeof element.className === "string" && element.className
         ? "." + element.className.trim().split(/\\s+/).join(".") : "");
    return [name, ...properties.map((p) => p + ": " + style.getPropertyValue(p))];
  });
}"""


def look(page: Page) -> list[list[str]]:
    return page.evaluate(LOOK)


def difference(reached: list[list[str]], direct: list[list[str]]) -> str:
    """The first element that differs, and how; empty when none does."""
    for by_link, loaded in zip(reached, direct, strict=False):
        if by_link != loaded:
            changed = [
                f"{a} (direct: {b})"
                for a, b in zip(by_link, loaded, strict=True)
                if a != b
            ]
            return f"{by_link[0]}: {'; '.join(changed)}"
    if len(reached) != len(direct):
        return f"{len(reached)} elements, {len(direct)} on a direct load"
    return ""


def wait_for_swap(page: Page) -> None:
    page.wait_for_function("() => window.__swapped === true")


def click_without_reload(page: Page, link) -> None:
    """Click a link and wait until htmx has swapped the new page in.

    A marker on `window` survives a boosted navigation and not a full load: the
    test checks that the link really went through htmx, the path under test.
    """
    page.evaluate(
        """() => {
          window.__notReloaded = true;
          window.__swapped = false;
          document.body.addEventListener("htmx:afterSettle",
            () => { window.__swapped = true; }, {once: true});
        }"""
    )
    link.click()
    wait_for_swap(page)
    assert page.evaluate("() => window.__notReloaded === true"), (
        "the link reloaded the page"
    )


def click_to_load(page: Page, link) -> None:
    """Click a link the menu does not boost and wait for the page it loads
    afresh (the marker on `window` gone: a full load, not an htmx swap)."""
    page.evaluate("() => { window.__notReloaded = true; }")
    with page.expect_navigation():
        link.click()
    assert page.evaluate("() => window.__notReloaded === undefined"), (
        "the link did not load the page afresh"
    )


# The links of the drive's menu that load their page afresh (hx-boost="false").
NOT_BOOSTED = {"Projector"}


def nav_links(page: Page) -> list[tuple[str, str]]:
    return page.locator("nav.drive-nav a").evaluate_all(
        "links => links.map(a => [a.textContent.trim(), a.getAttribute('href')])"
    )


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("state", ["in_play", "finished"])
def test_every_drive_page_looks_the_same_reached_by_its_link(
    page: Page, state: str
) -> None:
    drive = drive_with_players(players=10, hands=4)
    play_round(drive)
    if state == "finished":
        play_drive(drive)
    olive(drive.club)
    overview = f"/drives/{drive.pk}/"
    page.goto(overview)
    log_in(page)
    expect(page.get_by_role("heading", name=drive.name)).to_be_visible()
    page.goto(overview)  # once more: without the "logged in" message
    overview_look = look(page)

    links = nav_links(page)
    names = {name for name, _ in links}
    assert {"Players", "Room", "Captain links", "Leaderboard", "Projector"} <= names
    if state == "finished":
        assert "Results" in names

    not_boosted = page.locator('nav.drive-nav a[hx-boost="false"]').evaluate_all(
        "links => links.map(a => a.textContent.trim())"
    )
    assert set(not_boosted) == NOT_BOOSTED

    differences = {}
    for name, href in links:
        page.goto(overview)
        link = drive_menu(page).get_by_role("link", name=name, exact=True)
        if name in NOT_BOOSTED:
            click_to_load(page, link)
        else:
            click_without_reload(page, link)
        expect(page).to_have_url(f"{page.url.split('/drives/')[0]}{href}")
        reached = look(page)

        # Back to the overview from the page reached: as it was.
        if name in NOT_BOOSTED:
            with page.expect_navigation():
                page.go_back()
        else:
            page.evaluate(
                """() => {
                  window.__swapped = false;
                  document.body.addEventListener("htmx:historyRestore",
                    () => { window.__swapped = true; }, {once: true});
                }"""
            )
            page.go_back()
            wait_for_swap(page)
        differences[f"Overview, back from {name}"] = difference(
            look(page), overview_look
        )

        page.goto(href)
        differences[f"{name} reached by its link"] = difference(reached, look(page))
    assert {how: what for how, what in differences.items() if what} == {}
