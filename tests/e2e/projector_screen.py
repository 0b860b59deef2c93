"""The projector as the hall's laptop shows it, for the browser tests of the
projector: the screens projectors come in, a tab of its own on one (the
browser's zoom, the script on or off, the page's language), the drive's
projector opened in it by olive, and what the hall sees of it (a screenshot
of the screen, the words past its edge, how far the page scrolls, whether the
board has been fitted to the screen)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from drive.models import Drive
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.sign_in import log_in

# The projectors of a club's hall: today's, an older one, and the oldest.
FULL_HD = {"width": 1920, "height": 1080}
HD = {"width": 1280, "height": 720}
XGA = {"width": 1024, "height": 768}


def size_name(size) -> str:
    return f"{size['width']}x{size['height']}"


def projector_tab(
    browser,
    live_server,
    screen,
    *,
    zoom: float = 1.0,
    script: bool = True,
    locale: str = "en-GB",
    init_script: str | None = None,
) -> Page:
    """A tab in a context of its own (no cookies) on a screen of `screen`
    (its pixels), in a browser zoomed to `zoom`: a CSS page `zoom` times
    smaller, of pixels `zoom` times larger. `script=False` is a kiosk
    browser's; `init_script` runs in each page before the page's own. Closed
    after the test with every context (conftest)."""
    context = browser.new_context(
        base_url=live_server.url,
        locale=locale,
        viewport={
            "width": int(screen["width"] / zoom),
            "height": int(screen["height"] / zoom),
        },
        device_scale_factor=zoom,
        java_script_enabled=script,
    )
    if init_script:
        context.add_init_script(init_script)
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def open_projector(
    browser, live_server, drive: Drive, screen, *, board: str = "", **tab
) -> Page:
    """`drive`'s projector (`board`: its query, "?board=race" for the race) in
    a projector_tab (`tab`: its keywords), olive logged in on the way;
    returned once the slide is shown."""
    page = projector_tab(browser, live_server, screen, **tab)
    page.goto(f"/drives/{drive.pk}/projector/{board}")
    log_in(page)
    expect(page.locator("#projector")).to_be_visible()
    return page


def shot(page: Page, name: str) -> None:
    """What the hall sees (the screen, not the page) as name.png when
    E2E_SCREENSHOTS is set."""
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


# The first words of each element the selector finds that passes the screen's
# edge (below, right or above it): page.evaluate(OFF_SCREEN, selector).
OFF_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
    .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width && (box.bottom > window.innerHeight + 0.5
            || box.right > window.innerWidth + 0.5 || box.top < -0.5);
    })
    .map((el) => el.textContent.trim().slice(0, 40))"""


# How far the page scrolls down: page.evaluate(PAGE_HEIGHT).
PAGE_HEIGHT = "() => document.scrollingElement.scrollHeight - window.innerHeight"


# How far the page scrolls down and across: page.evaluate(SCROLLS).
SCROLLS = """() => ({
    down: document.scrollingElement.scrollHeight - window.innerHeight,
    across: document.scrollingElement.scrollWidth - window.innerWidth,
})"""


# Whether the projector's script has fitted the board to the screen.
FITTED = "() => document.querySelector('#projector ol.projector-board').fitted"


# The same board without the key and the marks, fitted again.
WITHOUT = """() => {
  document.querySelectorAll('#projector .tie-key, #projector .tie-mark')
    .forEach((node) => node.remove());
  document.dispatchEvent(new Event('projector:refit'));
}"""
