"""The check every page shown on a phone passes, the organiser's as the
captain's: the page never scrolls sideways."""

from __future__ import annotations

from playwright.sync_api import Page


def assert_fits_phone(page: Page) -> None:
    """The page never scrolls sideways: wide tables scroll inside their own box."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"
