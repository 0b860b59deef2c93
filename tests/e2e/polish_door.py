"""The door of a Polish club for the browser tests of the door: its roster,
an open drive (with its volunteer ola), a long list registered in advance, the
door's page opened in a tab of its own (Polish) and a laptop's screen zoomed
to 200 %."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drive.models import Drive
from players.models import Player
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import ClubFactory, DriveFactory, MembershipFactory, UserFactory

ROSTER = ["Anna Wiśniewska", "Barbara Wiśniewska", "Ольга Федорова", "Jan Kowalski"]


# A laptop's 1366 x 768 screen with the page zoomed to 200 %.
LAPTOP_AT_200 = {
    "viewport": {"width": 683, "height": 384},
    "device_scale_factor": 2,
}


def polish_door() -> Drive:
    club = ClubFactory(language="pl", currency="PLN", time_zone="Europe/Warsaw")
    MembershipFactory(club=club, user=UserFactory(username="ola", password=PASSWORD))
    for name in ROSTER:
        Player.objects.create(club=club, name=name)
    return DriveFactory(
        club=club,
        state="open",
        entry_fee="10",
        group_a_label="Panie",
        group_b_label="Panowie",
    )


def open_door(browser, live_server, drive: Drive, **options) -> Page:
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", **options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"/drives/{drive.pk}/entries/")
    log_in(page, "ola")
    expect(page.locator("#id_name")).to_be_visible()
    return page


def long_door(entries: int = 40) -> Drive:
    """The Polish door with `entries` players registered in advance, none here yet."""
    from drive import services

    drive = polish_door()
    for number in range(1, entries + 1):
        services.entry_register(
            drive=drive, name=f"Gracz Numer {number:02d}", checked_in=False
        )
    return drive
