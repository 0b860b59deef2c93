"""What a page shows when an htmx request for a part of it is refused or
fails: still one page, never a page inside the page (one_page), and the
page a proxy answers with when the server is down (PROXY_PAGE)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def one_page(page: Page) -> None:
    """One header, one footer, one first heading: no page inside the page."""
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator("footer.site-footer")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.get_by_text("Page not found")).to_have_count(0)
    expect(page.get_by_label("Password")).to_have_count(0)


# A proxy's page for a server that does not answer (nginx's 502).
PROXY_PAGE = "<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>"
