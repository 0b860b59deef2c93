"""Long Russian names on the hall's pages, on a 360 x 740 phone in large type
(its text at 200 %, and its page zoomed to 200 %): the MC's page at the
prize-giving (each winner called, and the "Not here" button under them),
the seating's card of each table and the key of the results' race.

"Мария Александровна" read "Александров|на" in the winners' list and on its
button, and "Григорий Рождественский" "Рождественск|ий" on the seating's
card: a name breaks between its words; only a word longer than its line
may break (long_names.CUT_NAMES), and nothing passes its box or the screen.
The results' race, drawn for large type (scoring.charts.Size.for_large_type),
cut the same name at its picture's edge ("Рождественс").
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive import services as drive_services
from prizes import giving, giving_services
from prizes import selectors as prize_selectors
from tests.e2e.charts import keep_part
from tests.e2e.conftest import keep_screenshot, larger_text
from tests.e2e.large_type import large_type, named_in
from tests.e2e.long_names import CUT_NAMES, LONGEST
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
    varied_tricks,
)

pytestmark = pytest.mark.e2e

WINNERS = ".giving-winners li"
NOT_HERE = ".giving-not-here li"
# Eight players: whoever wins, or leads the race, has a long word in their name.
LONG_WORDS = (
    "Мария Александровна",
    "Григорий Рождественский",
    "Анна Александровна",
    "Борис Рождественский",
    "Ольга Преображенская",
    "Вячеслав Вознесенский",
    "Антонина Александровна",
    "Константин Рождественский",
)
SEATS = ".table-card .seats dd"


def long_named(drive) -> None:
    """`drive`'s eight players given LONG_WORDS' names, in entry order."""
    entries = drive.entries.order_by("number")
    for entry, name in zip(entries, LONG_WORDS, strict=True):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)


def opened(page, url: str, way: str) -> None:
    page.goto(url)
    expect(page.locator("main")).to_be_visible()
    if way == "text":
        larger_text(page, 200)


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_each_winner_called_keeps_the_words_of_their_name_whole(
    browser, live_server, way
) -> None:
    club = ClubFactory(language="ru")
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    long_named(drive)
    drive = play_drive(drive, tricks=varied_tricks)
    awards = giving.giving_order(prize_selectors.drive_prizes(drive=drive).awards)
    drive = giving_services.prize_giving_start(drive=drive)
    page = large_type(browser, live_server, way, "ru", width=360)
    found, names = {}, set()
    for step in range(len(awards)):
        giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=step
        )
        opened(page, f"/drives/{drive.pk}/prize-giving/", way)
        expect(page.locator(".giving-now")).to_be_visible()
        names |= set(page.locator(WINNERS).all_inner_texts())
        keep_screenshot(page, f"hall-long-names-ru-{way}-giving-{step}")
        faults = overflow(page) + page.evaluate(CUT_NAMES, [WINNERS, LONGEST])
        faults += page.evaluate(CUT_NAMES, [f"{WINNERS} button", LONGEST])
        if faults:
            found[step] = faults
    assert any("Александровна" in name for name in names), names
    # A winner marked not here: the list of those, each with its Undo button.
    page.locator(f"{WINNERS} button").first.click()
    expect(page.locator(NOT_HERE).first).to_be_visible()
    if way == "text":
        larger_text(page, 200)
    keep_screenshot(page, f"hall-long-names-ru-{way}-giving-not-here")
    faults = overflow(page) + page.evaluate(CUT_NAMES, [NOT_HERE, LONGEST])
    # Its title's last word kept its colon ("отсутствующие" over ":").
    faults += page.evaluate(SPLIT, ["main p.note", []])
    if faults:
        found["not here"] = faults
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_each_seat_on_the_seating_cards_keeps_the_words_of_its_name_whole(
    browser, live_server, way
) -> None:
    club = ClubFactory(language="ru")
    olive(club)
    drive = named_in(drive_with_players(players=10, club=club), "ru")
    play_round(drive)
    page = large_type(browser, live_server, way, "ru", width=360)
    opened(page, f"/drives/{drive.pk}/seating/", way)
    expect(page.locator(SEATS).first).to_be_visible()
    keep_screenshot(page, f"hall-long-names-ru-{way}-seating")
    assert "Рождественский" in " ".join(page.locator(SEATS).all_inner_texts())
    faults = overflow(page) + page.evaluate(CUT_NAMES, [SEATS, LONGEST])
    assert faults == [], "\n".join(faults)


# Each word of the race's picture shown (the one drawn for large type, at
# 200 %) that passes the picture's edges, and the words of its key.
RACE_WORDS = """() => {
  const svg = [...document.querySelectorAll('#race svg[role=img]')]
    .find((svg) => svg.getBoundingClientRect().width > 0);
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')];
  const out = texts.filter((t) => {
    const r = t.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5;
  }).map((t) => t.textContent);
  return {large: svg.classList.contains('chart-large'), out,
          words: texts.map((t) => t.textContent).join(' ')};
}"""


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_the_races_key_keeps_a_long_name_whole_in_large_type(
    browser, live_server, way
) -> None:
    club = ClubFactory(language="ru")
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=4)
    long_named(drive)
    drive = play_drive(drive, tricks=varied_tricks)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    page = large_type(browser, live_server, way, "ru", logged_in=False, width=360)
    opened(page, f"/p/{drive.public_key}/results/", way)
    page.locator("#race").scroll_into_view_if_needed()
    keep_part(page, "#race", f"hall-long-names-ru-{way}-race")
    found = page.evaluate(RACE_WORDS)
    assert found["large"], found
    assert "Рождественский" in found["words"].split(), found
    assert found["out"] == [], found
