"""Large type (the phone's text or its page at 200 %) in the hall, for the
browser tests that share it: a tab so on the smallest phone (large_type), or
a 360 px phone by either way (large_type_phone) and a page read on it in each
language (each_language), each language's long names (NAMES, named_in), a
drive after its first round with them at a table (after_the_first_round),
what passes the screen or a box of the captain's page or splits a word
(faults), and the door's form measured (DOOR)."""

from __future__ import annotations

from collections.abc import Iterator

from playwright.sync_api import Page

from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, larger_text, zoomed
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import SPLIT_WORDS, side_labels
from tests.e2e.words_fit import overflow as spills_out
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    play_round,
)

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


# What is read of the captain's "Not sent yet" box.
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


# The smallest phone.
SMALLEST = {"width": 320, "height": 640}


def named_in(drive, language: str):
    """`drive` with its players given `language`'s long names, in entry order."""
    for entry, name in zip(
        drive.entries.order_by("number"), NAMES[language], strict=False
    ):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    return drive


def large_type(
    browser,
    live_server,
    way: str,
    language: str,
    *,
    logged_in: bool = True,
    width: int = SMALLEST["width"],
) -> Page:
    """A tab (logged in, if asked) on the 320 px phone with its text at 200 %
    (the root's font, added after each page's load) or its page zoomed to 200 %."""
    if way == "text":
        options = {
            "viewport": {"width": width, "height": SMALLEST["height"]},
            "bypass_csp": True,
        }
    else:
        options = {
            "viewport": {"width": width // 2, "height": SMALLEST["height"] // 2},
            "device_scale_factor": 2,
        }
    context = browser.new_context(base_url=live_server.url, locale=language, **options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    if not logged_in:
        return page
    log_in(page)
    return page


# The bottom of the door's name box and of its Register button, the screen's
# height, and each group choice whose words are cut (a select's chosen words
# wider than its box).
DOOR = r"""
() => {
  const form = document.querySelector('form.register');
  const name = form.querySelector('#id_name').getBoundingClientRect();
  const button = form.querySelector('button.primary').getBoundingClientRect();
  const cut = [];
  for (const select of form.querySelectorAll('select')) {
    const probe = document.createElement('span');
    const style = getComputedStyle(select);
    probe.style.font = style.font;
    probe.style.whiteSpace = 'nowrap';
    probe.style.position = 'absolute';
    for (const option of select.options) {
      probe.textContent = option.text;
      document.body.appendChild(probe);
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      if (probe.getBoundingClientRect().width > room) cut.push(option.text);
      probe.remove();
    }
  }
  for (const label of form.querySelectorAll('label')) {
    if (label.scrollWidth > label.clientWidth + 1) cut.push(label.innerText.trim());
  }
  // A word split over two lines ("Зарегистрирова|ть"): more lines than words.
  for (const el of form.querySelectorAll('button.primary, label[for=id_name], .group-choice label > span')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    const words = el.innerText.trim().split(/\s+/).length;
    if (lines > words) cut.push(`${el.innerText.trim()} in ${lines} lines`);
  }
  return {name: name.bottom + scrollY, button: button.bottom + scrollY, height: innerHeight, cut};
}
"""


# The languages, and the two ways a phone enlarges its text (conftest.py).
LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
WAYS = ("zoom", "text")


def large_type_phone(
    phone, way: str, percent: int = 200, width: int = SMALL_PHONE["width"]
) -> Page:
    """A new 360 px phone (conftest's `phone` fixture; `width` px, the
    smallest's SMALLEST["width"], if asked) ready for `way`: its page zoomed
    to `percent` %, or its text to be enlarged (each_language, larger_text)."""
    screen = {**SMALL_PHONE, "width": width}
    if way == "zoom":
        zoom = zoomed(percent)
        scale = zoom["device_scale_factor"]
        return phone(
            **{**zoom, "viewport": {**zoom["viewport"], "width": round(width / scale)}}
        )
    return phone(viewport=screen, bypass_csp=True)


def each_language(
    page: Page, url: str, way: str, *, cookie_url: str, percent: int = 200
) -> Iterator[str]:
    """`page` at `url` in each language in turn (the language cookie set for
    `cookie_url`, the page's text enlarged when that is the `way`), each
    language yielded once the page says it is in it."""
    for language in LANGUAGES:
        page.context.add_cookies(
            [{"name": "django_language", "value": language, "url": cookie_url}]
        )
        page.goto(url)
        if way == "text":
            larger_text(page, percent)
        assert page.locator("html").get_attribute("lang") == language
        yield language
