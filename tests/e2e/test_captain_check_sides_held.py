"""The captain's check names the sides in full over its figures, "Tricks:
North–South 9, East–West 4; 3 odd tricks to North–South". At twice the
text size a narrow phone put the number at the start of the next line,
Russian «Восток–Запад» over «4; 3 взятки сверх шести», which reads as a
list of numbers: the side's name moved to its own line whole and its number
was left behind. Now the number, and its «;», are held to the name's last
word («Запад 4;»), which still breaks after its dash where the line is
narrower than the name, at every width, as the captain's page writes it
(captain.js say()) and as the server does (deals.sides).

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.e2e.captain_phone import drive_in, shoot, tap_nine_tricks_for_north_south
from tests.e2e.conftest import link, zoomed
from tests.e2e.held_lines import broken_at_widths

pytestmark = [pytest.mark.e2e]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
CHECK = "form.step-check .check-said"


def name_and_number(language: str) -> str:
    """The last word of each side's full name, the number after it and the
    mark after the number ("Запад 4;": a line broke before the «;» too)."""
    with translation.override(language):
        names = [gettext("North–South"), gettext("East–West")]
    tails = "|".join(re.escape(name.rsplit("–", 1)[-1]) for name in names)
    return rf"(?:{tails})\s+\d+[,;]?"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_side_named_in_full_keeps_its_number_on_its_line(phone, language) -> None:
    drive = drive_in(language)
    page = phone(**zoomed(200))
    page.goto(link(drive, 1))
    tap_nine_tricks_for_north_south(page)
    pattern = name_and_number(language)
    # The check as captain.js writes it, after the taps.
    said = page.locator(CHECK)
    assert re.search(pattern, said.inner_text()), said.inner_text()
    shoot(page, f"captain-check-sides-{language}")
    found = broken_at_widths(page, CHECK, pattern)
    # The check as the server writes it: a phone without JavaScript, its
    # taps sent as the page's links send them.
    plain = phone(java_script_enabled=False, **zoomed(200))
    plain.goto(link(drive, 1) + "?hand=1&won=NS&odd=3")
    assert re.search(pattern, plain.locator(CHECK).inner_text())
    found += broken_at_widths(plain, CHECK, pattern)
    assert found == [], found
