"""Browser tests: Debian's chromium driven by Playwright against pytest-django's live server.

Playwright's browsers cannot be downloaded here, so the tests use Debian's:
its headless shell (package chromium-headless-shell,
/usr/bin/chromium-headless-shell), the same Blink as /usr/bin/chromium (one
source package, one version) without the desktop browser around it, which is
the build Playwright itself runs headless tests on. It runs the browser tests
in half the time: 150 of them took 97 s against 187 s with /usr/bin/chromium,
all passing with either. Without the shell the tests use /usr/bin/chromium;
E2E_CHROMIUM=/path names another; with neither the tests are skipped (with the
reason shown), or fail when E2E_REQUIRED is set. Set E2E_SCREENSHOTS=/some/dir
to keep a screenshot of each main page.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.served import ServedRequests

# Playwright's sync API runs an asyncio event loop in the test's thread; the
# test also reads the database through the ORM, which Django would refuse.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path(
    os.environ.get("E2E_CHROMIUM")
    or (HEADLESS_SHELL if HEADLESS_SHELL.exists() else "/usr/bin/chromium")
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A phone held upright: the smallest screen the organiser pages must work on.
PHONE = {"width": 390, "height": 844}
# The smallest phone in common use, held upright.
SMALL_PHONE = {"width": 360, "height": 740}
TIMEOUT_MS = 10_000


class _Chromium:
    """One chromium for a worker's run of browser tests, launched for the first
    of them and closed after the last (pytest_runtest_teardown below), not
    launched again for each module. Playwright's sync API keeps an asyncio
    loop running in the test's thread while it is started, so it is stopped
    before any test outside tests/e2e runs in this process. Every tab's context
    is closed after each test (_pages_closed_before_the_flush): no cookies,
    storage or cache pass from one test to the next. A browser that has gone
    (crashed) is launched again."""

    def __init__(self) -> None:
        self._playwright = None
        self._browser = None

    def get(self) -> object:
        if self._browser is not None and not self._browser.is_connected():
            self.stop()
        if self._browser is None:
            from playwright.sync_api import expect, sync_playwright

            # An expectation waits as long as an action does: a page's answer
            # on a machine busy with two workers and their browsers can take
            # over Playwright's own 5 s (a prediction grid's refusal did, in a
            # whole-suite run), while an expectation met returns at once.
            expect.set_options(timeout=TIMEOUT_MS)
            playwright = sync_playwright().start()
            try:
                self._browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
                )
            except BaseException:
                playwright.stop()
                raise
            self._playwright = playwright
        return self._browser

    def stop(self) -> None:
        browser, playwright = self._browser, self._playwright
        self._browser = self._playwright = None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


_CHROMIUM = _Chromium()
E2E_FOLDER = Path(__file__).parent


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After a browser test's fixtures are torn down: the browser closed when
    the next test is not a browser test (or there is none)."""
    try:
        return (yield)
    finally:
        if nextitem is None or E2E_FOLDER not in Path(nextitem.path).parents:
            _CHROMIUM.stop()


class _SlowPhones:
    """The worker's chromium as a slow phone's (E2E_SLOW_CPU=1): every tab of
    every context opened through it (the fixtures' and a test's own) runs at
    slow_cpu from its first page on. Anything else is the browser's own."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str) -> object:
        return getattr(self._browser, name)

    def new_context(self, **options: object) -> object:
        context = self._browser.new_context(**options)
        context.on("page", slow_cpu)
        return context

    def new_page(self, **options: object) -> object:
        page = self._browser.new_page(**options)
        slow_cpu(page)
        return page


@pytest.fixture
def browser() -> object:
    """The worker's chromium (_Chromium): launched once, not for each module;
    a slow phone's with E2E_SLOW_CPU=1 (_SlowPhones)."""
    if not CHROMIUM.exists():
        if os.environ.get("E2E_REQUIRED"):
            pytest.fail(f"E2E_REQUIRED is set but there is no chromium at {CHROMIUM}")
        pytest.skip(
            f"browser tests need chromium at {CHROMIUM} "
            "(apt-get install chromium-headless-shell)"
        )
    if os.environ.get("E2E_SLOW_CPU") == "1":
        return _SlowPhones(_CHROMIUM.get())
    return _CHROMIUM.get()


@pytest.fixture(scope="session")
def _served_requests(live_server) -> ServedRequests:
    return ServedRequests(live_server.thread.httpd)


# The longest a request the browser had already sent may still be served after
# its tab is closed before the database is emptied regardless (a poll takes
# milliseconds; a stuck one shows as the flush's error).
SETTLE_TIMEOUT_SECONDS = 10.0


@pytest.fixture(autouse=True)
def _pages_closed_before_the_flush(
    transactional_db, browser, _served_requests
) -> Iterator[None]:
    """After each test, and before its database is emptied: every tab closed
    (no page polls any more), and every request already sent served to its
    end. SQLite's shared test database refuses the emptying while the live
    server's thread still reads ("table is locked"). Waited for, not slept
    for: the live server's connections are counted (ServedRequests)."""
    yield
    for context in list(browser.contexts):
        context.close()
    _served_requests.wait_idle(SETTLE_TIMEOUT_SECONDS)


def _fresh_tab(browser, live_server, **options: object) -> Iterator[object]:
    """A tab in a context of its own (no cookies), British English, closed after."""
    context = browser.new_context(base_url=live_server.url, locale="en-GB", **options)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser, live_server) -> Iterator[object]:
    """A fresh browser tab (no cookies) on the live server, phone-sized."""
    yield from _fresh_tab(browser, live_server, viewport=PHONE, accept_downloads=True)


@pytest.fixture
def phone_without_javascript(browser, live_server) -> Iterator[object]:
    """A fresh tab (no cookies) on the live server, phone-sized, with
    JavaScript switched off."""
    yield from _fresh_tab(
        browser, live_server, viewport=PHONE, java_script_enabled=False
    )


@pytest.fixture
def small_phone_without_javascript(browser, live_server) -> Iterator[object]:
    """A fresh tab (no cookies) on the live server, on a 360 px phone with
    JavaScript switched off: the plainest browser a page must work in."""
    yield from _fresh_tab(
        browser, live_server, viewport=SMALL_PHONE, java_script_enabled=False
    )


def keep_screenshot(page, name: str) -> None:
    """A full-page PNG of `page` as name.png when E2E_SCREENSHOTS is set."""
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.fixture
def screenshot(page):
    """screenshot("name") keeps a full-page PNG when E2E_SCREENSHOTS is set."""

    def take(name: str) -> None:
        keep_screenshot(page, name)

    return take


# --- the captain's phone ------------------------------------------------------------


@pytest.fixture
def quick_polling(monkeypatch) -> None:
    """The captain's page asks for news every second (the live server runs in
    this process). A module asks for it with
    ``pytestmark = [..., pytest.mark.usefixtures("quick_polling")]``."""
    from scoring.views import captain as captain_views

    monkeypatch.setattr(captain_views, "POLL_SECONDS", 1)


@pytest.fixture
def phone_viewport() -> dict[str, int]:
    """The screen phone() opens by default: the smallest phone (a module may
    override this fixture)."""
    return SMALL_PHONE


@pytest.fixture
def phone(browser, live_server, phone_viewport) -> Iterator[Callable[..., object]]:
    """phone() opens another phone: its own browser context (cookies, storage),
    British English, the module's phone_viewport.

    Keyword arguments go to the context (viewport=..., java_script_enabled=False).
    """
    contexts = []

    def open_phone(**options: object) -> object:
        context = browser.new_context(
            base_url=live_server.url,
            **{"viewport": phone_viewport, "locale": "en-GB", **options},
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


# --- large type ----------------------------------------------------------------------
# A phone's text made larger, two ways a phone does it: the page zoomed (the
# screen as fewer, larger CSS pixels: 200 % on a 360 px phone is 180 px wide),
# or the text alone enlarged (the root's font size, the site's 112.5 %, times
# the percentage; the screen stays 360 px). Media queries in rem see only the
# first; container queries in rem see both.


def zoomed(percent: int) -> dict[str, object]:
    """Context options (for phone() or browser.new_context()) of the small
    phone with its page zoomed to `percent` %."""
    scale = percent / 100
    return {
        "viewport": {
            "width": round(SMALL_PHONE["width"] / scale),
            "height": round(SMALL_PHONE["height"] / scale),
        },
        "device_scale_factor": scale,
    }


def larger_text(page, percent: int) -> None:
    """The page's text at `percent` % of its size, as the phone's text size
    setting makes it: the root's font enlarged. The page's context needs
    bypass_csp=True (the site's CSP refuses a style added in the page)."""
    page.add_style_tag(
        content=f"html {{ font-size: {112.5 * percent / 100:g}% !important; }}"
    )
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    )
    assert size >= 18 * percent / 100 - 0.5, size


# A low-end phone's CPU, as DevTools' "6x slowdown" emulates it. A slow phone
# parses a page in pieces, laying it out between them, which a fast machine
# rarely does (tests/e2e/test_prize_rows_zoomed.py found a page's rows left
# undrawn so).
SLOW_CPU_RATE = 6


def slow_cpu(page, rate: float = SLOW_CPU_RATE) -> None:
    """`page`'s tab runs its scripts, style and layout `rate` times slower,
    for every page it loads from now on."""
    page.context.new_cdp_session(page).send(
        "Emulation.setCPUThrottlingRate", {"rate": rate}
    )


def link(drive, table: int = 1) -> str:
    """The captain's page of `drive`'s table number `table`."""
    from drive.models import Table

    return f"/t/{Table.objects.get(drive=drive, number=table).captain_key}/"


def site_menu(page):
    """The site's links in the header (_base.html), unfolded first where they are
    folded (below 52rem, as the drive's menu)."""
    nav = page.locator(".site-header nav.site-nav")
    summary = nav.locator("summary")
    if summary.is_visible() and not nav.locator("details").evaluate("d => d.open"):
        summary.click()
    return nav


def drive_menu(page):
    """The drive's menu (drive/_nav.html), unfolded first where it is folded (on a
    phone it is a closed disclosure naming the page shown)."""
    nav = page.get_by_role("navigation", name="This drive")
    summary = nav.locator("summary")
    if summary.is_visible() and not nav.locator("details").evaluate("d => d.open"):
        summary.click()
    return nav
