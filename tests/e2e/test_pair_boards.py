"""A rubber drive of fixed pairs read by pairs on a 360 px phone and on the
projector (scoring.pair_lines): one line for each pair, both numbers and both
partners' names, ranked by score, every line inside the screen and the
numbers clear of the names."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from drive.models import Entry
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    olive,
    rubber_drive,
)
from tests.factories import enter_tricks as enter

pytestmark = pytest.mark.e2e

NAMES = [
    "Anna Nowak",
    "Jan Kowalski",
    "Katarzyna Wiśniewska-Zielińska",
    "Piotr Wójcik",
    "Maria Kamińska",
    "Tomasz Lewandowski",
    "Agnieszka Dąbrowska",
    "Krzysztof Zieliński",
]

# Each projector line's number and name boxes, and whether they overlap.
PROJECTOR_LINES = """() => [...document.querySelectorAll(
    '#projector ol.projector-board li')].map((li) => {
  const no = li.querySelector('.no').getBoundingClientRect();
  const name = li.querySelector('.name').getBoundingClientRect();
  return {text: li.innerText.replace(/\\s+/g, ' '), clear: no.right <= name.left,
          inside: li.getBoundingClientRect().right <= window.innerWidth};
})"""


def pair_drive():
    club = ClubFactory()
    organiser = olive(club)
    drive = rubber_drive(club)
    for entry, name in zip(
        Entry.objects.filter(drive=drive).order_by("number"), NAMES, strict=True
    ):
        entry.player.name = name
        entry.player.save()
    enter(drive, organiser, 1, [11, 8, 2, 10, 3, 7])
    enter(drive, organiser, 2, [12])
    return drive_services.public_link_set(drive=drive, shared=True)


def pair_names() -> list[str]:
    return [f"{NAMES[i]} & {NAMES[i + 1]}" for i in range(0, 8, 2)]


def test_the_public_board_on_a_small_phone_has_a_line_per_pair(phone) -> None:
    drive = pair_drive()
    page: Page = phone()
    page.goto(f"/p/{drive.public_key}/")
    rows = page.locator("#overall table.standings tbody tr")
    expect(rows).to_have_count(4)
    texts = rows.all_inner_texts()
    for names in pair_names():
        assert sum(names in text for text in texts) == 1, (names, texts)
    totals = [int(text.split()[-1]) for text in texts]
    assert totals == sorted(totals, reverse=True) and totals[0] > totals[-1]
    assert [text.split()[0] for text in texts] == ["1", "2", "3", "4"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    keep_screenshot(page, "pairs-public-360")


def test_the_leaderboard_on_a_small_phone_has_a_line_per_pair(phone) -> None:
    drive = pair_drive()
    page: Page = phone()
    page.goto(f"/drives/{drive.pk}/leaderboard/")
    log_in(page)
    rows = page.locator("#overall table.standings tbody tr")
    expect(rows).to_have_count(4)
    texts = rows.all_inner_texts()
    for names in pair_names():
        assert sum(names in text for text in texts) == 1, (names, texts)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    keep_screenshot(page, "pairs-leaderboard-360")


def test_the_projector_has_a_line_per_pair(phone) -> None:
    drive = pair_drive()
    page: Page = phone(viewport={"width": 1280, "height": 800})
    page.goto(f"/drives/{drive.pk}/projector/")
    log_in(page)
    expect(page.locator("#projector ol.projector-board li")).to_have_count(4)
    page.wait_for_function(
        "() => document.querySelector('#projector ol.projector-board').fitted"
    )
    lines = page.evaluate(PROJECTOR_LINES)
    for names in pair_names():
        assert sum(names in line["text"] for line in lines) == 1, (names, lines)
    assert all(line["clear"] and line["inside"] for line in lines), lines
    assert [line["text"].split()[0] for line in lines] == ["1", "2", "3", "4"]
    keep_screenshot(page, "pairs-projector")
