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
  error page. The test waits for the page's load first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlsplit

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
    scripts have run and htmx has set up the page."""
    page.wait_for_url(lambda url: urlsplit(url).path == path, wait_until="load")
