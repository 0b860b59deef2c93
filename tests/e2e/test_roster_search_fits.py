"""The roster's search box tells what it searches by in a line of its own,
whole in every language on a 360 px phone, at the usual text size and with
the page zoomed to 150 %. It was the box's placeholder: the Polish "Imię i
nazwisko, e-mail lub telefon" showed as "…lub telefo" (the clear button took
the last letters' room), and at 150 % every language but English lost its
end ("Nume, e-mail sau te"). A line wraps; a placeholder cannot."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, zoomed
from tests.e2e.sign_in import log_in
from tests.factories import ClubFactory, olive

pytestmark = pytest.mark.e2e

HINTS = {
    "en-gb": "Name, email or phone",
    "pl": "Imię i nazwisko, e-mail, telefon",
    "ru": "Имя, эл. почта или телефон",
    "ro": "Nume, e-mail sau telefon",
    "it": "Nome, email o telefono",
}

FITS = """() => {
  const box = document.querySelector('#q');
  const hint = document.getElementById(box.getAttribute('aria-describedby'));
  const width = document.documentElement.clientWidth;
  return [box.placeholder, hint.innerText, hint.scrollWidth <= hint.clientWidth,
          hint.getBoundingClientRect().right <= width];
}"""


@pytest.mark.parametrize("zoom", [100, 150])
def test_the_roster_search_hint_is_whole_on_a_phone_in_every_language(
    browser, live_server, zoom
) -> None:
    club = ClubFactory(name="Klub Wisła", language="pl")
    olive(club)
    options = {"viewport": SMALL_PHONE} if zoom == 100 else zoomed(zoom)
    context = browser.new_context(base_url=live_server.url, **options)
    try:
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        log_in(page)
        cut = {}
        for language, hint in HINTS.items():
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": live_server.url}]
            )
            page.goto("/players/")
            assert page.locator("html").get_attribute("lang") == language
            keep_screenshot(page, f"roster-search-{language}-{zoom}")
            placeholder, said, whole, inside = page.evaluate(FITS)
            if (placeholder, said, whole, inside) != ("", hint, True, True):
                cut[language] = (placeholder, said, whole, inside)
        assert cut == {}, cut
    finally:
        context.close()
