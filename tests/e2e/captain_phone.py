"""Helpers the captains' phone tests share: a two-table drive (in a club's
language: drive_in), long names for the players at a table, the taps to a
hand's check (nine tricks for N-S), the results a table has, screenshots,
and the check that a page's controls are finger-sized (and that it fits the
phone: phone_fit)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from scoring.models import HandResult
from tests.e2e.conftest import PHONE
from tests.e2e.phone_fit import assert_fits_phone
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
)

# The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and
# Google's guidelines); the smallest phone is the conftest's SMALL_PHONE.
FINGER_PX = 44


@pytest.fixture
def phone_viewport() -> dict[str, int]:
    """The screen of a module that imports this fixture: PHONE (the conftest's
    default is the smallest phone)."""
    return PHONE


def two_table_drive(**settings) -> Drive:
    club = ClubFactory(name="Riverside Whist Club")
    olive(club)
    return drive_with_players(players=8, club=club, hands=2, **settings)


def choose(page: Page, ns_tricks: int) -> None:
    """Tap through the odd-tricks steps to the check of `ns_tricks` for N-S."""
    side, tricks = ("N-S", ns_tricks) if ns_tricks >= 7 else ("E-W", 13 - ns_tricks)
    page.get_by_role("button", name=re.compile(f"^{side}")).click()
    page.get_by_role("button", name=str(tricks - 6), exact=True).click()
    check = page.locator("table.check")
    # On the screen, not only in the page: the captain reads it before Send.
    expect(check).to_be_visible()
    expect(check.locator('[data-slot="ns-tricks"]')).to_have_text(str(ns_tricks))
    expect(check.locator('[data-slot="ew-tricks"]')).to_have_text(str(13 - ns_tricks))


def results(drive: Drive, table: int) -> list[tuple[int, int, str]]:
    return list(
        HandResult.objects.filter(table__drive=drive, table__number=table)
        .order_by("id")
        .values_list("hand", "ns_tricks", "status")
    )


def shoot(page: Page, name: str) -> None:
    """Keep a full-page PNG of `page` when E2E_SCREENSHOTS names a folder."""
    folder = os.environ.get("E2E_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


MEASURE_CONTROLS = """() =>
  Array.from(document.querySelectorAll("a[href], button, input, label[for]"))
    .filter((el) => el.type !== "hidden" && !el.disabled && el.checkVisibility())
    .map((el) => {
      const box = el.getBoundingClientRect();
      return {
        control: el.outerHTML.slice(0, 70),
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      };
    })
"""


def assert_finger_sized(page: Page, step: str, at_least: int = 1) -> None:
    """Every visible, enabled control of the page is at least FINGER_PX square."""
    controls = page.evaluate(MEASURE_CONTROLS)
    assert len(controls) >= at_least, (step, controls)
    small = [c for c in controls if c["width"] < FINGER_PX or c["height"] < FINGER_PX]
    assert not small, (step, small)
    assert_fits_phone(page)


# Long words of a captain's page: a Polish surname, a double-barrelled one (its
# hyphen a fair place to break) and a Russian patronymic.
LONG_NAMES = (
    "Anna Tomaszewska",
    "Zofia Wiśniewska-Kowalczyk",
    "Мария Александровна",
    "Ilja Orlov",
)


def name_the_players_at(drive, table: int, names) -> None:
    """The players seated at `table` in the first round take `names`."""
    from drive.models import SeatAssignment

    seats = SeatAssignment.objects.filter(
        round__drive=drive, round__number=1, table__number=table
    ).select_related("entry")
    assert seats.count() == len(names)
    for seat, name in zip(seats, names, strict=True):
        PlayerFactory._meta.model.objects.filter(pk=seat.entry.player_id).update(
            name=name
        )


def drive_in(language: str):
    """Two tables, a hand a round, the club speaking `language`."""
    return drive_with_players(players=8, club=ClubFactory(language=language), hands=2)


def tap_nine_tricks_for_north_south(page: Page) -> None:
    page.locator('button[name="won"][value="NS"]').click()
    page.locator('button[name="odd"][value="3"]').click()
    expect(page.locator('table.check [data-slot="ns-tricks"]')).to_have_text("9")
