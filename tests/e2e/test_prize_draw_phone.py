"""The prizes page's "who won the cut?" form on a 360 px phone zoomed to
200 % (a 180 px page): the page does not scroll sideways, each contender's
name stays inside its choice box and the panel, and no word of "Record the
cut" nor of the note above the names is split ("Zapisz losowani/e kartą", "Записать жеребьё/вку"). A long
name ("Zofia Nowakowska-Wiśniewska") ran out of its box: the page was 197 px
wide in Polish, 234 in Russian."""

from __future__ import annotations

import pytest

from players.models import Player
from tests.e2e.conftest import keep_screenshot, zoomed
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.e2e.waits import settled
from tests.e2e.words_fit import SPLIT_WORDS
from tests.factories import ClubFactory, olive
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = pytest.mark.e2e

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")

# The two contenders' names: a long surname with a hyphen, and one word
# longer than the choice box's line.
NAMES = ("Zofia Nowakowska-Wiśniewska", "Рождественская-Преображенская")

# Each element inside the draw form that passes the form's edges, and each
# choice whose text holds more than its box shows.
SPILLS = """() => {
  const found = [];
  for (const form of document.querySelectorAll('form.draw')) {
    const outer = form.getBoundingClientRect();
    for (const el of form.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5)
        found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 40)}" from ${Math.round(r.left)} to ${Math.round(r.right)} of ${Math.round(outer.left)} to ${Math.round(outer.right)}`);
    }
    for (const label of form.querySelectorAll('label.choice')) {
      const box = label.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(label);
      for (const r of range.getClientRects())
        if (r.width && r.right > box.right + 0.5)
          found.push(`"${label.innerText.trim().slice(0, 40)}" runs to ${Math.round(r.right)} of ${Math.round(box.right)}`);
    }
  }
  return [...new Set(found)];
}"""


def test_the_cut_form_fits_a_phone_at_200_percent(phone) -> None:
    club = ClubFactory()
    olive(club)
    set_order(club, "draw")
    drive, seats = finished_tie(club)
    entries = {e.number: e for e in drive.entries.select_related("player")}
    for number, name in zip((seats["S"], seats["W"]), NAMES, strict=True):
        Player.objects.filter(pk=entries[number].player_id).update(name=name)
    page = phone(**zoomed(200))
    page.goto(f"/drives/{drive.pk}/prizes/")
    log_in(page)
    found = {}
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": page.url}]
        )
        page.goto(f"/drives/{drive.pk}/prizes/")
        assert page.locator("html").get_attribute("lang") == language
        assert page.locator("form.draw label.choice").count() >= 2
        keep_screenshot(page, f"prize-draw-200-{language}")
        said = settled(
            page,
            lambda: (
                overflow(page)
                + page.evaluate(SPILLS)
                + page.evaluate(
                    SPLIT_WORDS, "form.draw legend, form.draw .note, form.draw button"
                )
            ),
        )
        if said:
            found[language] = said
    assert found == {}, found
