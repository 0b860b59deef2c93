"""The roster's search box on a 360 px phone holds its own hint whole in every
language: the Polish "Imię i nazwisko, e-mail lub telefon" showed as
"…lub telefo", the box's clear button taking the last letters' room. Typing
the hint into the box shows whether it fits: the box then scrolls sideways
when it does not."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.test_organiser_drive import PASSWORD
from tests.e2e.test_phone_layout import logged_in
from tests.factories import ClubFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.e2e

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")

FITS = """() => {
  const box = document.querySelector('#q');
  return [box.placeholder, box.scrollWidth, box.clientWidth];
}"""


def test_the_roster_search_hint_fits_a_phone_in_every_language(
    browser, live_server
) -> None:
    club = ClubFactory(name="Klub Wisła", language="pl")
    MembershipFactory(club=club, user=UserFactory(username="olive", password=PASSWORD))
    page = logged_in(browser, live_server, SMALL_PHONE)
    too_long = {}
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        page.goto("/players/")
        assert page.locator("html").get_attribute("lang") == language
        hint = page.locator("#q").get_attribute("placeholder")
        page.locator("#q").fill(hint)
        keep_screenshot(page, f"roster-search-{language}")
        said, wide, room = page.evaluate(FITS)
        if wide > room:
            too_long[language] = (said, wide, room)
    assert too_long == {}, too_long
