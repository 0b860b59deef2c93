"""The browser tests share one chromium per worker (tests/e2e/conftest.py,
_Chromium), closed after the last browser test before any other test runs.
Playwright's sync API keeps an asyncio loop running in the test's thread while
it is started: left running, Django's database calls would be refused
(SynchronousOnlyOperation) everywhere but for the browser tests' override.

Collected after tests/e2e (pytest runs the folders in order, and each xdist
worker takes its tests in that order), this fails in a whole run where the
browser was left started."""

from __future__ import annotations

import asyncio


def test_no_asyncio_loop_is_left_running_by_the_browser_tests():
    assert asyncio._get_running_loop() is None
