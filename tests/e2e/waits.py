"""Waiting in a browser test for what the test means, on a machine however
loaded: never a fixed time.

- `handed_over`: a request held or aborted by the test's own route handler
  reaches that handler a moment after the browser has sent it (Playwright
  hands it over while the test next waits on the browser), and on a busy
  machine after the page has already shown what the send did ("Sending…"). A
  test that reads what its handler kept first lets Playwright deliver it,
  until it is there.
- `scripts_ran`: a page loaded by a script (location.replace after a send, a
  login's form post and its redirect) shows its elements before its deferred
  scripts have run; a tap then is a page without JavaScript's (the form posts
  as a whole page), and a route the test aborts makes it the browser's own
  error page. The test waits for the page's load first; so does one that
  measures the page's layout, whose style sheets may come after its words
  (laid out without captain.css, "N-S 9" broke over two lines).
- `settled`: a page's layout measured by a script (a select's words cut, a
  line that overflows) is measured again until it is right or the usual
  timeout has passed; the first look on a busy machine can come before the
  fonts and container queries have done their work.
- `written`: the test's own write to the database while its page is open is
  run again while SQLite's shared test database says a table is locked by
  the live server's read of a request still being served. The test's
  connection and the live server's are two connections to one shared-cache
  database, whose table locks SQLite refuses at once (SQLITE_LOCKED; the
  busy timeout is not for them). Every write a browser test makes while a
  page that polls or reloads itself is open goes through it (a page parked
  on about:blank may still have a poll being served).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

from django.db import OperationalError, transaction

from tests.e2e.conftest import TIMEOUT_MS

# How often the condition is looked at while Playwright delivers the
# browser's events (a look, not a wait for time to pass).
LOOK_MS = 20


def handed_over(
    page, condition: Callable[[], object], what: str, timeout_ms: int = TIMEOUT_MS
) -> None:
    """Let Playwright deliver the browser's events to the test's handlers
    until `condition()` holds; fail, naming `what`, after `timeout_ms`."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not handed over in {timeout_ms} ms: {what}")
        page.wait_for_timeout(LOOK_MS)


def scripts_ran(page, path: str) -> None:
    """Wait until the page at `path` (the address's path, so that a login
    page whose ?next= names it does not count) has loaded: its deferred
    scripts have run, htmx has set up the page and its style sheets apply."""
    page.wait_for_url(lambda url: urlsplit(url).path == path, wait_until="load")


def settled(page, look: Callable[[], list]) -> list:
    """What `look()` finds wrong with a page's layout once its fonts have
    loaded and its layout has settled: on a busy machine the first look can
    come before the page's last styles and fonts apply. A page that stays
    wrong is wrong: looked at again until the usual timeout, then said.
    (CI's selects "cut" with every choice, "(nessuno)" included, were not
    this: Chromium left a size container inside a fieldset undrawn on a slow
    CPU, aa3440de, which no second look mends; conftest.slow_cpu finds it.)"""
    page.evaluate("document.fonts.ready.then(() => true)")
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    said = look()
    while said and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        said = look()
    return said


def written(page, write: Callable[[], object], timeout_ms: int = TIMEOUT_MS) -> object:
    """`write()`, the test's own write to the database while a page of its
    own is open, run again while SQLite's shared test database refuses it
    because the live server's thread is reading ("table is locked": a
    request the page sent a moment ago is still being served; CI once found
    drive_drive locked so). `write()` runs in one transaction of its own
    (transaction.atomic), with whatever it reads before and after: refused
    anywhere, by a statement or by its commit, nothing of it stays, so
    running it again writes it once (a factory's rows, a service and the
    refresh after it). Any other error is the test's, and so is a lock that
    outlasts `timeout_ms`."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            with transaction.atomic():
                return write()
        except OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        page.wait_for_timeout(LOOK_MS)
