"""The door at a busy moment: each button of an entry's row is one request
and one answer, on a hall's slow Wi-Fi as anywhere. The row's answer once came
as a redirect, and the volunteer's laptop asked again for the page it named
(two round trips for every check-in, payment and question); now the answer is
the page, and htmx takes the row, the head count and the messages out of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services
from players.models import Player
from tests.e2e.conftest import keep_screenshot
from tests.e2e.polish_door import LAPTOP_AT_200, long_door, open_door

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def asked(page: Page) -> list[str]:
    """The requests the page makes from now on, other than for files."""
    made: list[str] = []

    def note(request) -> None:
        if request.resource_type in ("document", "xhr", "fetch"):
            made.append(f"{request.method} {request.url.split('/', 3)[3]}")

    page.on("request", note)
    return made


def test_each_row_button_is_one_request(browser, live_server) -> None:
    drive = long_door(entries=12)
    page = open_door(browser, live_server, drive, **LAPTOP_AT_200)
    made = asked(page)
    tiles = page.locator("#headcount .tile")
    for number in (5, 6, 7, 8):
        entry = drive.entries.get(number=number)
        row = page.locator(f"#entry-{number}")
        made.clear()
        row.get_by_role("button", name="Potwierdź obecność", exact=True).click()
        expect(row).to_contain_text(
            f"Gracz Numer {number:02d} (nr {number}): obecność potwierdzona."
        )
        assert made == [f"POST drives/{drive.pk}/entries/{entry.pk}/"], made
    # The head count came with the same answer: four make a table.
    expect(tiles.nth(2)).to_contain_text("1")

    row = page.locator("#entry-5")
    made.clear()
    row.get_by_role("button", name="Oznacz jako zapłacone: 10,00 zł").click()
    expect(row).to_contain_text("Gracz Numer 05 (nr 5): zapłacono 10,00 zł.")
    assert len(made) == 1, made

    # "Remove" asks at the row, in one answer too; "No" keeps them.
    row = page.locator("#entry-9")
    made.clear()
    row.get_by_role("button", name="Usuń", exact=True).click()
    expect(row.locator(".ask")).to_be_visible()
    assert len(made) == 1, made
    keep_screenshot(page, "door-remove-asks")
    row.get_by_role("button", name="Tak, usuń").click()
    expect(row).to_contain_text("Gracz Numer 09 (nr 9): usunięto z tego turnieju.")
    assert drive.entries.count() == 11


def test_each_arrival_by_the_name_box_is_one_request(browser, live_server) -> None:
    drive = long_door(entries=12)
    booked = {
        name: services.entry_register(
            drive=drive,
            player=Player.objects.get(club=drive.club, name=name),
            checked_in=False,
        )
        for name in ("Anna Wiśniewska", "Barbara Wiśniewska")
    }
    page = open_door(browser, live_server, drive, **LAPTOP_AT_200)
    door = page.url
    made = asked(page)
    name = page.locator("#id_name")

    # The whole name typed: checked in, in one answer, the box ready again.
    name.fill("anna wiśniewska")
    name.press("Enter")
    expect(page.locator(".messages")).to_contain_text(
        "Anna Wiśniewska był(a) już zapisany(-a) z numerem 13: obecność potwierdzona."
    )
    assert made == [f"POST drives/{drive.pk}/entries/"], made
    expect(name).to_be_focused()
    expect(name).to_have_value("")

    # The surname alone: asked (one answer), then the check-in tapped (one).
    made.clear()
    name.fill("Wisniewska")
    name.press("Enter")
    check_in = page.get_by_role(
        "button", name="Potwierdź obecność: Barbara Wiśniewska (nr 14)"
    )
    expect(check_in).to_be_visible()
    assert len(made) == 1, made
    made.clear()
    check_in.click()
    expect(page.locator(".messages")).to_contain_text(
        "Barbara Wiśniewska był(a) już zapisany(-a) z numerem 14"
    )
    entry = booked["Barbara Wiśniewska"]
    assert made == [f"POST drives/{drive.pk}/entries/{entry.pk}/"], made
    expect(name).to_be_focused()
    # The address shown is the door's, not the button's (which takes no GET):
    # a reload shows the door.
    assert page.url == door, page.url
    page.reload()
    expect(name).to_be_visible()

    # Someone new at the door: one answer too.
    made.clear()
    name.fill("Zdzisław Zawada")
    name.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Zdzisław Zawada ma numer 15")
    assert len(made) == 1, made
    entry = drive.entries.get(number=13)
    entry.refresh_from_db()
    assert entry.checked_in
