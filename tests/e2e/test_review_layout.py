"""A reviewer's round of the site in Polish, Russian, Romanian and Italian on a
360 px phone and a 1920 x 1080 projector:

- the projector's columns use the screen's width: a long name ("Maria Teresa
  Bianchi-Colombo") on one line where the screen has room;
- a side's label (N-S, E-W and the languages' own) is never split at its
  hyphen, on the captain's phone at every step nor in the hand tables' headers;
- the standings' rank column is headed by a short word where the word is long
  ("Pos." for "Posizione"), the whole word kept for a screen reader and a
  mouse (abbr title);
- the captain's seats: a long name wraps beside its entry number, not under it;
  the new drive's choices are not cut off; the door's tick boxes stay in line
  with their words when the form shows an error.

Set E2E_SCREENSHOTS=/some/dir to keep a picture of each page.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.forms import DriveForm
from drive.models import Table
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    enter_tricks,
    olive,
    play_round,
    rubber_drive,
)

pytestmark = pytest.mark.e2e

ALL_LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
PROJECTOR = {"width": 1920, "height": 1080}
LONG_NAMES = (
    "Maria Teresa Bianchi-Colombo",
    "Alexandru-Mihai Constantinescu",
    "Zofia Nowakowska-Wiśniewska",
    "Giovanni Battista Esposito",
    "Ekaterina Aleksandrovna Sokolova",
    "Francesca Romano De Santis",
    "Krzysztof Brzęczyszczykiewicz",
    "Ioana Gabriela Dumitrescu",
    "Anna Maria Ferrari-Ricci",
    "Vladimir Konstantinovich Orlov",
    "Małgorzata Szczepańska-Kowalczyk",
    "Luca Bianchi",
)


def club_of(language: str):
    club = ClubFactory(name="Klub Wisła", language=language)
    olive(club)
    return club


def named_drive(club, players: int, **settings):
    """A drive in play whose players have long names, its first round played."""
    drive = drive_with_players(players=players, club=club, start=False, **settings)
    for entry, name in zip(
        drive.entries.order_by("number"), LONG_NAMES * 4, strict=False
    ):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    drive_services.drive_start(drive=drive)
    drive_services.public_link_set(drive=drive, shared=True)
    drive.refresh_from_db()
    return drive


def context(browser, live_server, viewport, language: str | None = None):
    options = {"base_url": live_server.url, "viewport": viewport}
    if language:
        options["locale"] = language
    made = browser.new_context(**options)
    made.set_default_timeout(TIMEOUT_MS)
    return made


def logged_in(browser, live_server, viewport) -> Page:
    page = context(browser, live_server, viewport).new_page()
    log_in(page)
    return page


def captain_link(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


# --- 1. the projector -----------------------------------------------------------

# Each shown name's lines, as the browser laid its text out.
NAME_LINES = """() => [...document.querySelectorAll('#projector ol.projector-board li:not([hidden]) .name')]
  .map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top)));
    const box = cell.getBoundingClientRect();
    return {name: cell.textContent, lines: rows.size, right: box.right, bottom: box.bottom};
  })"""


@pytest.mark.parametrize("language", ["it", "ro"])
@pytest.mark.parametrize("players", [12, 24])
def test_the_projector_puts_each_name_on_one_line(
    browser, live_server, language, players
) -> None:
    drive = named_drive(club_of(language), players, hands=4)
    play_round(drive)
    page = logged_in(browser, live_server, PROJECTOR)
    page.goto(f"/drives/{drive.pk}/projector/")
    expect(page.locator("#projector ol.projector-board li")).to_have_count(players)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    keep_screenshot(page, f"review-projector-{language}-{players}")
    cells = page.evaluate(NAME_LINES)
    assert len(cells) == players, cells
    assert [c for c in cells if c["lines"] != 1] == [], cells
    # Every line on the screen, and the type as large as the hall needs.
    assert max(c["bottom"] for c in cells) <= PROJECTOR["height"], cells
    assert max(c["right"] for c in cells) <= PROJECTOR["width"], cells
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector("
        "'#projector ol.projector-board')).fontSize)"
    )
    assert size >= 1.3 * 18, size


# --- 2. the sides' labels -------------------------------------------------------

# Each side's label (in the page's language) that the browser laid out over two
# lines, with the words around it.
SIDES_BROKEN = """(sides) => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.getClientRects().length) continue;
    for (const side of sides) {
      for (let at = node.data.indexOf(side); at >= 0; at = node.data.indexOf(side, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + side.length);
        const rows = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (rows.size > 1) found.push(`${side} in "${parent.innerText.trim().slice(0, 60)}"`);
      }
    }
  }
  return [...new Set(found)];
}"""


def side_labels(language: str) -> list[str]:
    with translation.override(language):
        return [translation.gettext("N-S"), translation.gettext("E-W")]


@pytest.mark.parametrize("language", ALL_LANGUAGES)
def test_no_side_is_split_at_its_hyphen_on_a_phone(
    browser, live_server, language
) -> None:
    club = club_of(language)
    # Odd tricks with honours, an opponent confirming; total tricks; rubbers.
    odd = named_drive(club, 8, hands=4, count_honours=True, opponent_confirms=True)
    total = named_drive(club, 8, hands=4, scoring_rule="total")
    play_round(total)
    rubbers = rubber_drive(club=club, hands=8, hands_per_round=4)
    enter_tricks(rubbers, None, table=1, tricks=[9, 10])
    sides = side_labels(language)
    found: dict[str, list[str]] = {}

    def check(page: Page, name: str) -> None:
        keep_screenshot(page, f"review-sides-{language}-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
        if broken := page.evaluate(SIDES_BROKEN, sides):
            found[name] = broken

    phone = context(browser, live_server, SMALL_PHONE, language).new_page()
    phone.goto(captain_link(odd))
    check(phone, "captain-who-won")
    phone.locator('.step-first button[value="NS"]').click()
    expect(phone.locator(".step-odd")).to_be_visible()
    check(phone, "captain-odd-tricks")
    phone.locator('.step-odd button[value="3"]').click()
    expect(phone.locator(".step-honours")).to_be_visible()
    check(phone, "captain-honours")
    phone.locator(".step-honours button.pick").nth(1).click()
    expect(phone.locator("form.step-check")).to_be_visible()
    phone.locator("details.revoke summary").click()
    check(phone, "captain-check")
    phone.locator("form.step-check button[data-send]").click()
    expect(phone.locator("section.confirm-pending")).to_be_visible()
    check(phone, "captain-confirm")
    phone.goto(captain_link(total))
    check(phone, "captain-total-tricks")
    phone.goto(captain_link(rubbers))
    check(phone, "captain-rubber")
    phone.context.close()

    page = logged_in(browser, live_server, SMALL_PHONE)
    for name, url in {
        "hands": f"/drives/{total.pk}/hands/",
        "hand": f"/drives/{total.pk}/hands/1/table/1/",
        "scores": f"/drives/{total.pk}/scores/",
        "rubber-hands": f"/drives/{rubbers.pk}/hands/",
        "room": f"/drives/{rubbers.pk}/room/",
    }.items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language
        check(page, name)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


# --- 3. the rank column's heading -----------------------------------------------

# Each shown rank heading: its text, its lines and width as laid out, its
# abbreviation's lines squeezed (its table given 1 px: each column as narrow
# as the browser ever makes it), and its whole word for a screen reader and
# in its title.
RANK_HEADINGS = """() => [...document.querySelectorAll('table.standings thead th:first-child')]
  .filter((th) => th.getClientRects().length)
  .map((th) => {
    const range = document.createRange();
    const lines = (node) => {
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top))).size;
    };
    const shown = lines(th);
    const width = range.getBoundingClientRect().width;
    const abbr = th.querySelector('abbr');
    const table = th.closest('table');
    table.style.width = table.style.maxWidth = '1px';
    const squeezed = abbr && lines(abbr);
    table.style.width = table.style.maxWidth = '';
    return {text: th.innerText.trim(), lines: shown, squeezed, width,
            label: th.getAttribute('aria-label'), title: abbr && abbr.title};
  })"""


@pytest.mark.parametrize(
    ("language", "heading"),
    [("it", "Pos."), ("pl", "M-ce"), ("ru", "Место"), ("ro", "Loc")],
)
@pytest.mark.parametrize("way", ["text", "zoom"])
def test_the_rank_column_has_a_short_heading_on_a_phone(
    browser, live_server, language, heading, way
) -> None:
    """On a 360 px phone, and in large type (the text, or the page zoomed,
    at 200 %): the short heading on one line, Polish "M-ce" never broken at
    its hyphen, and the page no wider than the screen."""
    drive = named_drive(club_of(language), 8, hands=4)
    play_round(drive)
    with translation.override(language):
        full = translation.gettext("Rank")
    # The page zoomed to 200 %: half as many CSS pixels, each two on the screen.
    half = {k: v // 2 for k, v in SMALL_PHONE.items()}
    if way == "zoom":
        options = {"viewport": half, "device_scale_factor": 2}
    else:
        options = {"viewport": SMALL_PHONE, "bypass_csp": True}
    made = browser.new_context(base_url=live_server.url, **options)
    made.set_default_timeout(TIMEOUT_MS)
    page = made.new_page()
    log_in(page)
    for name, url in {
        "leaderboard": f"/drives/{drive.pk}/leaderboard/",
        "public": f"/p/{drive.public_key}/",
    }.items():
        for size in (100, 200):
            if way == "zoom":
                page.set_viewport_size(SMALL_PHONE if size == 100 else half)
            page.goto(url)
            assert page.locator("html").get_attribute("lang") == language
            if way == "text" and size == 200:
                larger_text(page, 200)
            where = (name, size, way)
            keep_screenshot(page, f"review-rank-{language}-{name}-{size}-{way}")
            cells = page.evaluate(RANK_HEADINGS)
            assert cells, where
            # The heading's words no wider than Russian "Место" (60 px at the
            # usual size), the longest kept whole; "Posizione" and "Miejsce"
            # are wider.
            most = 62 * (2 if way == "text" and size == 200 else 1)
            for cell in cells:
                assert cell["text"] == heading, (where, cell)
                assert cell["lines"] == 1, (where, cell)
                assert cell["width"] <= most, (where, cell)
                if heading != full:
                    # Never broken, however narrow ("M-" over "ce").
                    assert cell["squeezed"] == 1, (where, cell)
                    assert cell["title"] == full and cell["label"] == full, (
                        where,
                        cell,
                    )
                else:
                    assert cell["title"] is None and cell["label"] is None, (
                        where,
                        cell,
                    )
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= page.viewport_size["width"], (where, width)
    made.close()


# --- 4. the captain's seats, the new drive's choices, the door's tick boxes -------


# Each seat's name, and whether each of its lines starts right of its entry number.
SEAT_NAMES = """() => [...document.querySelectorAll('.captain-seats dd')]
  .filter((dd) => dd.querySelector('.no'))
  .map((dd) => {
    const number = dd.querySelector('.no').getBoundingClientRect();
    const range = document.createRange();
    const name = [...dd.childNodes].filter((n) => n !== dd.querySelector('.no'));
    range.setStartBefore(name[0]);
    range.setEndAfter(name[name.length - 1]);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return {name: dd.innerText, lines: new Set(rects.map((r) => Math.round(r.top))).size,
            left: Math.min(...rects.map((r) => r.left)), number: number.right};
  })"""


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_long_name_wraps_beside_its_entry_number(
    browser, live_server, language
) -> None:
    drive = named_drive(club_of(language), 8, hands=4)
    phone = context(browser, live_server, SMALL_PHONE, language).new_page()
    phone.goto(captain_link(drive))
    keep_screenshot(phone, f"review-seats-{language}")
    seats = phone.evaluate(SEAT_NAMES)
    assert len(seats) == 4, seats
    assert any(seat["lines"] > 1 for seat in seats), seats  # a long name wraps
    for seat in seats:
        assert seat["left"] >= seat["number"], seat


# Each select on the page with a choice wider than its box can show (its
# words would be cut off), measured in the select's own type.
CUT_CHOICES = """() => {
  const out = [];
  const probe = document.createElement('span');
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  document.body.appendChild(probe);
  for (const select of document.querySelectorAll('main select')) {
    if (!select.getClientRects().length) continue;
    const style = getComputedStyle(select);
    probe.style.font = style.font;
    // The arrow takes about 20 px at the right of the box.
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 20;
    for (const option of select.options) {
      probe.textContent = option.text;
      if (probe.getBoundingClientRect().width > room) out.push(`${select.name}: ${option.text}`);
    }
  }
  probe.remove();
  for (const label of document.querySelectorAll('main label')) {
    if (label.getClientRects().length && label.scrollWidth > label.clientWidth + 1)
      out.push(`label: ${label.innerText}`);
  }
  return out;
}"""


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_new_drives_choices_are_not_cut_off_on_a_phone(
    browser, live_server, language
) -> None:
    club_of(language)
    page = logged_in(browser, live_server, SMALL_PHONE)
    page.goto("/drives/new/")
    assert page.locator("html").get_attribute("lang") == language
    keep_screenshot(page, f"review-new-drive-{language}")
    assert page.evaluate(CUT_CHOICES) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The long choices are radio buttons, each named by its whole words.
    with translation.override(language):
        rubber = str(dict(DriveForm().fields["format"].choices)["rubber"])
    choice = page.get_by_role("radio", name=rubber, exact=True)
    expect(choice).to_be_visible()
    choice.check()
    expect(choice).to_be_checked()


# Whether each tick box of the door's form stands level with the boxes of its
# row, and the whole form's error has a row of its own.
OUT_OF_LINE = """() => {
  const form = document.querySelector('form.register');
  const out = [];
  const fields = [...form.querySelectorAll(':scope > .field, :scope > fieldset.field')]
    .filter((f) => f.getClientRects().length);
  const boxes = fields.filter((f) => !f.classList.contains('check'))
    .map((f) => [f, f.querySelector(':scope > input:not([type=checkbox]), :scope > select')])
    .filter(([, box]) => box);
  for (const field of fields.filter((f) => f.classList.contains('check'))) {
    const tick = field.querySelector('input[type=checkbox]').getBoundingClientRect();
    const middle = (tick.top + tick.bottom) / 2;
    const own = field.getBoundingClientRect();
    for (const [other, box] of boxes) {
      const row = other.getBoundingClientRect();
      if (row.bottom <= own.top || row.top >= own.bottom) continue;  // another row
      const b = box.getBoundingClientRect();
      if (middle < b.top || middle > b.bottom)
        out.push(`${field.innerText.trim()} beside ${box.name}: ${Math.round(middle)} not in ${Math.round(b.top)}-${Math.round(b.bottom)}`);
    }
  }
  const errors = form.querySelector(':scope > .errors');
  if (errors) {
    const e = errors.getBoundingClientRect();
    for (const field of fields) {
      const f = field.getBoundingClientRect();
      if (f.top < e.bottom && f.bottom > e.top) out.push(`the error beside ${field.innerText.trim().slice(0, 30)}`);
    }
  }
  const ringed = [...form.querySelectorAll('.has-error input[type=checkbox]')]
    .filter((box) => getComputedStyle(box).outlineStyle !== 'none');
  if (ringed.length) out.push('a tick box ringed in red');
  return out;
}"""


@pytest.mark.parametrize("language", ["pl", "it"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_doors_tick_boxes_stay_in_line_when_the_form_shows_an_error(
    browser, live_server, language, width
) -> None:
    club = club_of(language)
    door = drive_with_players(players=4, club=club, start=False, hands=4)
    pairs = drive_with_players(
        players=4, club=club, start=False, hands=4, format="partners"
    )
    page = logged_in(browser, live_server, {"width": width, "height": 740})
    form = page.locator("form.register")
    found = {}

    def check(name: str) -> None:
        keep_screenshot(page, f"review-door-{language}-{width}-{name}")
        if faults := page.evaluate(OUT_OF_LINE):
            found[name] = faults

    page.goto(f"/drives/{door.pk}/entries/")
    check("empty")
    # No name: the whole form's error.
    form.locator("button.primary[type=submit]").click()
    form.locator(".errors").wait_for()
    check("no-name")
    # A table past the last: the Stays box's error.
    page.fill("#id_name", "Anna Nowa")
    form.locator("input[name=stays]").check()
    page.fill("#id_stays_table", "999")
    form.evaluate("f => f.noValidate = true")
    form.locator("button.primary[type=submit]").click()
    form.locator(".stays.has-error").wait_for()
    check("stays-table")
    # A pair without the partner's name: the partner's box's error.
    page.goto(f"/drives/{pairs.pk}/entries/")
    page.fill("#id_name", "Anna Nowa")
    form.locator("button.primary[type=submit]").click()
    form.locator(".has-error #id_partner_name").wait_for()
    check("no-partner")
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
