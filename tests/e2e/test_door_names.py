"""The door in a Polish club, as a volunteer in large type meets it: a surname
typed without its accents, a Russian name typed in Latin letters and a slip
are asked about (never added as second cards), a walk-in is added, and every
button beside an entry says what it did. Keyboard only on a laptop at 200 %
zoom; taps on a 360 px phone without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Entry
from players.models import Player
from tests.e2e.conftest import SMALL_PHONE, keep_screenshot
from tests.e2e.polish_door import (
    LAPTOP_AT_200,
    ROSTER,
    long_door,
    open_door,
    polish_door,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def said(page: Page, words: str) -> None:
    expect(page.locator(".messages")).to_contain_text(words)


def test_the_door_by_keyboard_at_200_percent(browser, live_server) -> None:
    drive = polish_door()
    page = open_door(browser, live_server, drive, **LAPTOP_AT_200)
    name = page.locator("#id_name")
    expect(name).to_be_focused()

    # A surname without its accents: which Wiśniewska is it? Tab, Enter.
    page.keyboard.type("Wisniewska")
    page.keyboard.press("Enter")
    question = page.get_by_text("Na liście graczy nikt nie nazywa się „Wisniewska”.")
    expect(question).to_be_in_viewport()
    expect(page.get_by_text("Czy to ktoś z nich? Dotknij nazwiska:")).to_be_visible()
    keep_screenshot(page, "door-asks-200")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Anna Wiśniewska")).to_be_focused()
    page.keyboard.press("Enter")
    said(page, "Anna Wiśniewska ma numer 1, grupa Panie.")
    expect(name).to_be_focused()

    # The Russian roster name typed in Latin letters.
    page.keyboard.type("Fedorova")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Ольга Федорова")).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    said(page, "Ольга Федорова ma numer 2")
    expect(name).to_be_focused()

    # A slip of the finger, and someone new of that name after all.
    page.keyboard.type("Kowalsky")
    page.keyboard.press("Enter")
    new = page.get_by_role("button", name="Dodaj „Kowalsky” jako nową osobę")
    expect(new).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Jan Kowalski")).to_be_focused()
    page.keyboard.press("Tab")
    expect(new).to_be_focused()
    page.keyboard.press("Enter")
    said(page, "Kowalsky ma numer 3")
    expect(name).to_be_focused()

    # A walk-in like nobody on the roster goes straight in.
    page.keyboard.type("Zdzisław Zawada")
    page.keyboard.press("Enter")
    said(page, "Zdzisław Zawada ma numer 4")
    assert Entry.objects.filter(drive=drive).count() == 4
    assert Player.objects.filter(club=drive.club).count() == len(ROSTER) + 2

    # The wrong person checked in, and undone; the fee taken: each says so.
    row = page.locator("#entry-3")
    row.get_by_role("button", name="Cofnij obecność").click()
    said(page, "Kowalsky (nr 3): obecność cofnięta.")
    # Said again at the row, which stays where it was on the screen.
    expect(row.locator(".said")).to_contain_text("Kowalsky (nr 3): obecność cofnięta.")
    expect(row.locator(".said")).to_be_in_viewport()
    page.locator("#entry-1").get_by_role("button", name="Oznacz jako zapłacone").click()
    said(page, "Anna Wiśniewska (nr 1): zapłacono 10,00")
    keep_screenshot(page, "door-paid-200")


def test_the_door_on_a_phone_without_javascript(browser, live_server) -> None:
    drive = polish_door()
    page = open_door(
        browser, live_server, drive, viewport=SMALL_PHONE, java_script_enabled=False
    )
    page.locator("#id_name").fill("stefanescu wisn")
    page.locator("#id_name").press("Enter")
    # Nobody is both: a name like no one's is added straight away.
    said(page, "stefanescu wisn ma numer 1")
    page.locator("#id_name").fill("wiśn")
    page.locator("#id_name").press("Enter")
    buttons = page.locator(".suggestions button")
    expect(buttons).to_have_text(
        [
            re.compile("Anna Wiśniewska"),
            re.compile("Barbara Wiśniewska"),
            re.compile("Dodaj"),
        ]
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    keep_screenshot(page, "door-asks-phone-nojs")
    page.get_by_role("button", name="Barbara Wiśniewska").click()
    said(page, "Barbara Wiśniewska ma numer 2")
    page.locator("#entry-2").get_by_role("button", name="Cofnij obecność").click()
    said(page, "Barbara Wiśniewska (nr 2): obecność cofnięta.")
    page.locator("#entry-2").get_by_role("button", name="Potwierdź obecność").click()
    said(page, "Barbara Wiśniewska (nr 2): obecność potwierdzona.")


# --- a long list: the volunteer keeps their place ----------------------------------


def scroll_y(page: Page) -> float:
    return page.evaluate("window.scrollY")


def test_one_registered_in_advance_is_checked_in_by_typing_their_name(
    browser, live_server
) -> None:
    drive = long_door()
    anna = Player.objects.get(club=drive.club, name="Anna Wiśniewska")
    from drive import services

    booked = services.entry_register(drive=drive, player=anna, checked_in=False)
    page = open_door(browser, live_server, drive, **LAPTOP_AT_200)
    page.keyboard.type("anna wiśniewska")
    page.keyboard.press("Enter")
    said(page, f"Anna Wiśniewska był(a) już zapisany(-a) z numerem {booked.number}:")
    expect(page.locator(".messages")).to_be_in_viewport()
    expect(page.locator("#id_name")).to_be_focused()
    booked.refresh_from_db()
    assert booked.checked_in
    assert drive.entries.count() == 41
    keep_screenshot(page, "door-arrival-200")


def press_in_place(page: Page, number: int, button: str, words: str) -> None:
    """Press a row's button: the row says what it did, where it was, and the
    page has not moved (it once came back at its top)."""
    row = page.locator(f"#entry-{number}")
    target = row.get_by_role("button", name=button, exact=True)
    target.scroll_into_view_if_needed()
    before = scroll_y(page)
    target.click()
    expect(row).to_contain_text(words)
    expect(row.locator(".said, .ask")).to_be_in_viewport()
    # The browser may shift the page a little to keep what is on the screen
    # steady as the row changes height; never back to the top.
    assert abs(scroll_y(page) - before) < 200, (number, before, scroll_y(page))


def test_row_buttons_keep_the_place_at_200_percent(browser, live_server) -> None:
    drive = long_door()
    page = open_door(browser, live_server, drive, **LAPTOP_AT_200)
    page.locator("#entry-30").scroll_into_view_if_needed()
    assert scroll_y(page) > 1000, scroll_y(page)
    tables = page.locator("#headcount .tile").nth(2)
    expect(tables).to_contain_text("0")
    # Four checked in make a table: the head count says so, in place.
    for number in (30, 31, 32, 33):
        press_in_place(
            page,
            number,
            "Potwierdź obecność",
            f"Gracz Numer {number} (nr {number}): obecność potwierdzona.",
        )
    expect(tables).to_contain_text("1")
    # The fee is on the button before it is pressed.
    press_in_place(
        page,
        30,
        "Oznacz jako zapłacone: 10,00\u00a0zł",
        "Gracz Numer 30 (nr 30): zapłacono 10,00\u00a0zł.",
    )
    expect(page.locator("#entry-30")).to_contain_text("Zapłacono 10,00\u00a0zł")
    keep_screenshot(page, "door-row-paid-200")
    # Remove asks in the row, and the count of entries follows.
    press_in_place(page, 33, "Usuń", "Usunąć z tego turnieju: Gracz Numer 33 (nr 33)?")
    press_in_place(
        page, 33, "Tak, usuń", "Gracz Numer 33 (nr 33): usunięto z tego turnieju."
    )
    expect(page.locator("#entries-title")).to_contain_text("39")
    expect(tables).to_contain_text("0")


def test_row_buttons_come_back_to_the_row_without_javascript(
    browser, live_server
) -> None:
    drive = long_door()
    page = open_door(
        browser, live_server, drive, viewport=SMALL_PHONE, java_script_enabled=False
    )
    row = page.locator("#entry-30")
    row.get_by_role("button", name="Potwierdź obecność").click()
    expect(row).to_contain_text("Gracz Numer 30 (nr 30): obecność potwierdzona.")
    expect(row.locator(".said")).to_be_in_viewport()
    assert page.url.endswith("#entry-30")
    keep_screenshot(page, "door-row-phone-nojs")
    # Remove: asked first, in the row; nothing goes until "Tak, usuń".
    row.get_by_role("button", name="Usuń", exact=True).click()
    expect(row).to_contain_text("Usunąć z tego turnieju: Gracz Numer 30 (nr 30)?")
    expect(row.get_by_role("button", name="Tak, usuń")).to_be_in_viewport()
    assert drive.entries.filter(number=30).exists()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width
    row.get_by_role("button", name="Tak, usuń").click()
    expect(row).to_contain_text("Gracz Numer 30 (nr 30): usunięto z tego turnieju.")
    expect(row).to_be_in_viewport()
    assert not drive.entries.filter(number=30).exists()
