"""The table captain's phone in large type: 175 % and 200 % on a 360 px phone,
by the phone's text size (the root's font enlarged) and by the page zoom.

After a round, the moves box says where each player of the table goes; its
words were broken anywhere ("Przybylsk|a", "Mieczysła|w", "Переход|ы",
"отдыхае|т"). The seats split a long Russian surname ("Рождественски|й").
When a send fails, the "Not sent yet" box chopped its words ("Ещё не
отправл|ено", "организато|ром", "Netrimi|s încă") and its "Try again now"
button ran past the screen (the page 422 px wide on a 360 px phone). Its
line for a hand ("Сдача 12: С-Ю 8, В-З 5") could break a side's label at its
hyphen ("С-" over "Ю").

Now, in each language: no word of the moves, the seats or that box is split
across lines, nothing passes the screen's edge or spills out of its box, and
the page never scrolls sideways; a side's label in the box is kept whole.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text, link, zoomed
from tests.e2e.large_type import NAMES, QUEUE, after_the_first_round, faults
from tests.e2e.words_fit import side_labels

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


# What is read on the page: the moves, the seats, and the "Not sent yet" box.
MOVES = ".moves h2, .moves li, .moves p"
SEATS = ".captain-seats dt, .captain-seats dd"


# A side's label in the words of `selector` that is not kept whole in a
# span.side (which the large type cannot break at its hyphen).
LOOSE_SIDES = """
([selector, sides]) => {
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.side')) continue;
      for (const side of sides)
        if (node.data.includes(side)) found.push(`"${side}" loose in "${box.innerText.trim()}"`);
    }
  }
  return found;
}
"""


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("percent", (175, 200))
@pytest.mark.parametrize("language", ("pl", "ru", "ro", "it", "en-gb"))
def test_large_type_splits_no_word_of_the_moves_the_seats_or_not_sent_yet(
    phone, language, percent, way
) -> None:
    drive, table = after_the_first_round(language)
    page = phone(bypass_csp=True) if way == "text" else phone(**zoomed(percent))
    page.goto(link(drive, table))
    expect(page.locator(".moves li.move-sits_out").first).to_be_visible()
    expect(page.locator(".captain-seats")).to_contain_text(NAMES[language][0])
    expect(page.locator(".moves")).to_contain_text(NAMES[language][1])
    if way == "text":
        larger_text(page, percent)
    name = f"large-type-{language}-{percent}-{way}"
    shoot(page, f"{name}-moves")
    found = faults(page, language, f"{MOVES}, {SEATS}")

    # A hand sent with the line down: the box says it is not sent yet, with
    # its help and "Try again now".
    page.locator("section.entry form.step-first button.pick").first.click()
    page.locator("section.entry form.step-odd button.pick").nth(1).click()
    page.context.set_offline(True)
    page.locator("[data-send]").click()
    expect(page.locator("#captain-queue [data-queue-retry]")).to_be_visible()
    expect(page.locator("#captain-queue .queue-items li")).to_have_count(1)
    shoot(page, f"{name}-not-sent")
    found += faults(page, language, QUEUE)
    found += page.evaluate(LOOSE_SIDES, ["#captain-queue li", side_labels(language)])
    page.context.set_offline(False)
    assert found == [], "\n".join(dict.fromkeys(found))
