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
from playwright.sync_api import Page, expect

from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text, link, zoomed
from tests.e2e.test_accessibility import overflow
from tests.e2e.test_layout import overflow as spills_out
from tests.e2e.test_layout import side_labels
from tests.e2e.test_phone_layout import SPLIT_WORDS
from tests.factories import ClubFactory, PlayerFactory, drive_with_players, play_round

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

# Ten players of a club in each language, their longest words first: the first
# sits at the table in the second round (and is in its moves if it stays), the
# second sits that round out (the moves' word for it: "pauzuje", "отдыхает").
NAMES = {
    "pl": (
        "Mieczysław Przybylski",
        "Helena Przybylska",
        "Agnieszka Michalska",
        "Zbigniew Adamczyk",
        "Zofia Nowakowska-Wiśniewska",
        "Władysław Nowicki",
        "Stanisław Kozłowski",
        "Joanna Rutkowska",
        "Irena Tomaszewska",
        "Dorota Jasińska",
    ),
    "ru": (
        "Григорий Рождественский",
        "Дарья Фёдорова",
        "Борис Вознесенский",
        "Антонина Николаева",
        "Мария Александровна",
        "Алла Покровская",
        "Вячеслав Кузнецов",
        "Евгений Киселёв",
        "Раиса Васильева",
        "Андрей Королёв",
    ),
    "ro": (
        "Adriana Brâncoveanu",
        "Monica Ștefănescu",
        "Viorica Dumitrescu",
        "Alexandru Diaconu",
        "Nicolae Bălănescu",
        "Doina Constantin",
        "Horațiu Manole",
        "Rodica Moldovan",
        "Florin Iordache",
        "Camelia Căpraru",
    ),
    "it": (
        "Alessandro Longo",
        "Giuseppina Galli",
        "Francesco D'Angelo",
        "Valentina Fontana",
        "Salvatore Rinaldi",
        "Michele Palumbo",
        "Carmela Romano",
        "Loredana Ferri",
        "Claudio Fabbri",
        "Luciano Farina",
    ),
    "en-gb": (
        "Georgiana Fotheringham",
        "Bartholomew Worthington",
        "Christopher Attenborough",
        "Elizabeth Featherstone",
        "Margaret Hetherington",
        "Jonathan Whitmore",
        "Penelope Ashworth",
        "Frederick Cavendish",
        "Rosamund Pemberton",
        "Theodore Blackwood",
    ),
}

# What is read on the page: the moves, the seats, and the "Not sent yet" box.
MOVES = ".moves h2, .moves li, .moves p"
SEATS = ".captain-seats dt, .captain-seats dd"
QUEUE = "#captain-queue h2, #captain-queue li, #captain-queue p, #captain-queue button"

# Each element of a box (`selector`) that passes the box's edges or the
# screen's: a button sticking out of its box counts even inside the screen.
SPILLS = """
(selector) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const box of document.querySelectorAll(selector)) {
    const outer = box.getBoundingClientRect();
    if (!outer.width) continue;
    if (outer.left < -0.5 || outer.right > width + 0.5)
      found.push(`${selector} from ${Math.round(outer.left)} to ${Math.round(outer.right)}px of ${width}px`);
    for (const el of box.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5)
        found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 30)}" from ${Math.round(r.left)} to ${Math.round(r.right)}px, out of ${selector} (${Math.round(outer.left)} to ${Math.round(outer.right)}px)`);
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth)
        found.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 30)}" holds ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
  }
  return found;
}
"""


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


def seated(drive, number: int) -> dict[int, int | None]:
    """Each entry's table number in round `number` (None: sits out)."""
    from drive.models import SeatAssignment

    return dict(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=number
        ).values_list("entry_id", "table__number")
    )


def after_the_first_round(language: str):
    """A progressive drive of ten players in `language` (two tables, two sit
    out) with its first round in; returns it and a table one of whose players
    sits the next round out. The longest name is at that table now (it stays
    there, if anyone does), the next is the one who sits out."""
    drive = drive_with_players(players=10, club=ClubFactory(language=language))
    play_round(drive)
    assert drive.current_round == 2
    first, second = seated(drive, 1), seated(drive, 2)
    out = [entry for entry, number in second.items() if number is None]
    table = next(first[entry] for entry in out if first.get(entry))
    at = [entry for entry, number in first.items() if number == table]
    stays = [entry for entry in at if second.get(entry) == table]
    comes = [entry for entry, number in second.items() if number == table]
    named = [(stays or comes)[0], next(entry for entry in out if entry in at)]
    players = {entry.pk: entry.player_id for entry in drive.entries.all()}
    named = list(dict.fromkeys(named + at + comes + list(players)))
    for entry, name in zip(named, NAMES[language], strict=True):
        PlayerFactory._meta.model.objects.filter(pk=players[entry]).update(name=name)
    return drive, table


def faults(page: Page, language: str, selectors: str) -> list[str]:
    """Whatever passes the screen or its box, a side's label broken at its
    hyphen ("С-" over "Ю"), and every word split across lines."""
    found = overflow(page) + spills_out(page, side_labels(language))
    for box in (".moves", ".captain-seats", "#captain-queue"):
        found += page.evaluate(SPILLS, box)
    found += page.evaluate(SPLIT_WORDS, selectors)
    return found


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
