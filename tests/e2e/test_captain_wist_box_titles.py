"""The title of each player's box on a prediction whist captain's phone.

A box was titled with the player's name, seat and role in one legend
("4 Cristina Hâncu locul 1 · împarte"), too wide for a 360 px phone with a
name at arm's-length size (20 px and more) in any language: its seat and
role dropped to a second line inside the box, some boxes' titles on one line
and some on two. Now the box's title is the player (their place in the
order and their name: one line, but for a name too wide for it alone), and
the seat and role ("locul 1 · împarte", "posto 2 · ha detto 3") a line of
their own under it, one line on a 360 px phone in all five languages, which
breaks, where it must in large type, only after its " · "."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive.models import Table
from printing.demo_names import player_names
from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text
from tests.e2e.large_type import LANGUAGES
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT
from tests.factories import ClubFactory, PlayerFactory
from tests.predictions import play_deals, prediction_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


# Each box's title (its legend) and its seat line as the lines they are laid
# out in: the words of each line, the order's pill left out (it is a box of
# its own beside the name).
TITLES = r"""() => {
  const lines = (el) => {
    const rows = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.order')) continue;
      const re = /\S+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        for (const r of range.getClientRects()) {
          if (!r.width) continue;
          let row = rows.find((x) => Math.abs(x.top - r.top) < 4);
          if (!row) rows.push(row = {top: r.top, words: []});
          row.words.push(m[0]);
        }
      }
    }
    return rows.sort((a, b) => a.top - b.top).map((x) => x.words.join(' '));
  };
  return [...document.querySelectorAll('fieldset.wist-player')].map((box) => ({
    title: lines(box.querySelector('legend')),
    seat: box.querySelector('.seat-label').closest('legend')
      ? [] : lines(box.querySelector('.seat-label').parentElement),
    said: box.querySelector('legend').innerText.replace(/\s+/g, ' ').trim(),
    fits: (() => {
      const legend = box.querySelector('legend');
      const probe = legend.cloneNode(true);
      probe.style.whiteSpace = 'nowrap';
      probe.style.position = 'absolute';
      probe.style.maxWidth = 'none';
      box.appendChild(probe);
      const wide = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(box);
      return wide <= box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    })(),
  }));
}"""


def club_drive(language: str):
    """A prediction whist drive of the language's demo players (table 1 and
    2 of four), its first deal in at table 2: the tricks' boxes say what each
    player predicted there."""
    drive = prediction_drive(ClubFactory(language=language), players=8, games=1)
    names = player_names(language, 8)
    for entry, name in zip(drive.entries.order_by("number"), names, strict=True):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    play_deals(drive, tables=[2], hands=[1])
    return drive


def captain(drive, number: int) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_box_title_is_one_line_on_a_phone(phone, language) -> None:
    drive = club_drive(language)
    page = phone()
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator("fieldset.wist-player").first).to_be_visible()
        assert page.locator("html").get_attribute("lang") == language
        shoot(page, f"wist-box-titles-{language}-{number}")
        for box in page.evaluate(TITLES):
            # The title is one line wherever it fits one; a title wider than
            # the line ("2 Adriana Brâncoveanu", and any title holding the
            # seat) breaks between its words (test_captain_long_names).
            if len(box["title"]) != 1 and box["fits"]:
                found.append(f"table {number}: title in lines {box['title']}")
            if len(box["seat"]) != 1:
                found.append(
                    f"table {number}: seat in lines {box['seat']} ({box['said']})"
                )
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seat_line_breaks_only_at_its_dot_in_large_type(phone, language) -> None:
    """With the text at 200 % a seat line may take two lines: then "locul 1"
    and "împarte" stay whole, the dot ends the first ("locul 1 ·"), and
    nothing passes the screen."""
    drive = club_drive(language)
    page = phone(bypass_csp=True)
    found = []
    for number in (1, 2):
        page.goto(captain(drive, number))
        expect(page.locator("fieldset.wist-player").first).to_be_visible()
        larger_text(page, 200)
        shoot(page, f"wist-box-titles-200-{language}-{number}")
        found += overflow(page)
        found += page.evaluate(SPLIT, ["fieldset.wist-player .wist-seat", []])
        for box in page.evaluate(TITLES):
            for line in box["seat"][:-1]:
                if not line.endswith("·"):
                    found.append(f"table {number}: seat line parted {box['seat']}")
    assert found == [], "\n".join(found)
