"""The prize rows' "kind" select on a 360 px phone: every prize's words show
whole in the closed select, in every language. The long choices ("Place: 1st,
2nd… overall or in a group", "Losowanie dla osób bez nagrody") lost their
ends; the choices are the prizes' short names, their explanation is in the
list's help above the rows."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import SMALL_PHONE, keep_screenshot, slow_cpu
from tests.e2e.sign_in import log_in
from tests.e2e.waits import settled
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    prediction_drive,
)

pytestmark = pytest.mark.e2e

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")

# Each choice of the first row's prize select wider than the closed select's
# room (its text as drawn in the select's font, and the arrow's 1.5em).
CUT = """() => {
  const pen = document.createElement('canvas').getContext('2d');
  const kind = document.querySelector('.prize-rows tbody tr td.kind select');
  const style = getComputedStyle(kind);
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = kind.clientWidth - parseFloat(style.paddingLeft)
    - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
  return [...kind.options].map(o => o.text)
    .filter(words => pen.measureText(words).width > room);
}"""


# What CUT measured with: the select's width, its font, the viewport's.
MEASURES = """() => {
  const kind = document.querySelector('.prize-rows tbody tr td.kind select');
  const style = getComputedStyle(kind);
  return {select: kind.clientWidth, font: style.font, view: innerWidth,
          wrap: kind.closest('.prize-rows-wrap').clientWidth,
          sheets: [...document.styleSheets].map(s => s.cssRules.length)};
}"""


@pytest.mark.parametrize("game", ["progressive", "predictions"])
def test_every_prize_choice_is_whole_on_a_small_phone(phone, game) -> None:
    """Prediction whist's choice of most hands won is its own ("Exact
    predictions", the prize "Most predictions made exactly")."""
    club = ClubFactory()
    olive(club)
    if game == "predictions":
        drive = prediction_drive(club)
    else:
        drive = drive_with_players(players=16, club=club, start=False)
    page = phone(viewport=SMALL_PHONE)
    # A slow phone's CPU: twice on a loaded CI machine one language's page
    # measured every choice cut, "(brak)" included: Chromium had left the
    # rows undrawn (aa3440de), which a slow CPU shows here.
    slow_cpu(page)
    page.goto(f"/drives/{drive.pk}/prizes/edit/")
    log_in(page)
    cut = {}
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": page.url}]
        )
        page.goto(f"/drives/{drive.pk}/prizes/edit/")
        assert page.locator("html").get_attribute("lang") == language
        keep_screenshot(page, f"prize-kinds-{game}-{language}")
        said = settled(page, lambda: page.evaluate(CUT))
        if said:
            cut[language] = [said, page.evaluate(MEASURES)]
    assert cut == {}, cut
