"""The round clock in a browser (issue 19): the server's time is frozen and
moved on by the test; a captain's phone whose own clock is five years out
still counts down with the room, warns in the last minute, follows the
organiser's pause, and still sends a result when the time is up; the room
lists the tables still playing and the projector shows the large countdown."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Table
from scoring.models import HandResult
from tests.e2e.captain_phone import choose
from tests.e2e.conftest import PHONE, TIMEOUT_MS, drive_menu
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
)

pytestmark = pytest.mark.usefixtures("quick_polling")

# The phone's own idea of the time: years away from the server's.
PHONE_TIME = datetime.datetime(2031, 5, 4, 3, 0, 0)


def new_page(browser, live_server, **options) -> Page:
    context = browser.new_context(
        base_url=live_server.url, **{"viewport": PHONE, "locale": "en-GB", **options}
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


def follows(phone: Page, note: str) -> None:
    """The phone's clock, stopped by the test, moved on a second at a time
    until its clock says `note`: the phone asks for news every second of its
    own time, and an ask the phone sent before the room's change (still on
    its way, or answered "nothing new" as the clock moved) is followed by the
    next one. CI once moved it on 2 s in one go and the page never asked
    again. Ten seconds of the phone's time at most: more is a page that does
    not follow."""
    said = phone.locator(".clock [data-clock-note]")
    for _ in range(9):
        phone.clock.run_for(1_000)
        try:
            expect(said).to_have_text(note, timeout=2_000)
            return
        except AssertionError:
            continue
    phone.clock.run_for(1_000)
    expect(said).to_have_text(note)


@pytest.mark.e2e
def test_the_round_clock_on_a_wrong_phone_the_room_and_the_projector(
    browser, live_server, server_clock
) -> None:
    club = ClubFactory()
    olive(club)
    # Two tables; 2 hands a round at 5 minutes a hand: 10 minutes.
    drive = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=2, clock_minutes=5
    )
    key = Table.objects.get(drive=drive, number=1).captain_key

    phone = new_page(browser, live_server)
    phone.clock.install(time=PHONE_TIME)
    phone.goto(f"/t/{key}/")
    # The phone's time stops half a minute on (however long the page took).
    phone.clock.pause_at(PHONE_TIME + datetime.timedelta(seconds=30))
    clock = phone.locator(".clock")
    time_left = clock.locator("[data-clock-time]")
    expect(time_left).to_have_text(re.compile(r"^(9:[3-5]\d|10:00)$"))
    expect(clock).to_contain_text("Round 1")

    # Nine minutes on, for the server and the phone alike: the last minute.
    server_clock.advance(540)
    phone.clock.run_for(540_000)
    expect(time_left).to_have_text(re.compile(r"^(0:[3-5]\d|1:00)$"))
    expect(clock.locator("[data-clock-note]")).to_have_text("Last minute")
    expect(clock).to_have_class(re.compile(r"\bclock-warning\b"))

    # The organiser pauses the clock from the room, reached by a click.
    organiser = new_page(browser, live_server)
    organiser.goto(f"/drives/{drive.pk}/")
    log_in(organiser)
    drive_menu(organiser).get_by_role("link", name="Room", exact=True).first.click()
    room_clock = organiser.locator(".room-clock")
    expect(room_clock.locator("[data-clock-time]")).to_have_text(re.compile(r"^[01]:"))
    organiser.get_by_role("button", name="Pause").click()
    expect(organiser.locator("ul.messages")).to_contain_text("The clock is paused.")
    expect(room_clock.locator("[data-clock-note]")).to_have_text("Paused")

    # The phone asks for news (its timers run on its own clock) and follows.
    follows(phone, "Paused")
    expect(phone.locator(".clock [data-clock-time]")).to_have_text("1:00")

    # Resumed, and a minute later the time is up.
    organiser.get_by_role("button", name="Resume").click()
    expect(organiser.locator("ul.messages")).to_contain_text("running again")
    server_clock.advance(60)
    follows(phone, "Time is up")
    expect(phone.locator(".clock")).to_have_class(re.compile(r"\bclock-up\b"))
    expect(
        organiser.get_by_text("Time is up. Still playing: tables 1 and 2.")
    ).to_be_visible()

    # Entry is never blocked: table 2's captain (a phone with a right clock) sends.
    second = new_page(browser, live_server)
    second.goto(f"/t/{Table.objects.get(drive=drive, number=2).captain_key}/")
    expect(second.locator(".clock [data-clock-note]")).to_have_text("Time is up")
    choose(second, 9)
    second.get_by_role("button", name="Send").click()
    expect(second.locator(".hand-no")).to_contain_text("Hand 2")
    choose(second, 5)
    second.get_by_role("button", name="Send").click()
    expect(second.locator(".captain-big")).to_have_text("Waiting for table 1.")
    assert HandResult.objects.filter(table__drive=drive, table__number=2).count() == 2
    expect(organiser.get_by_text("Time is up. Still playing: table 1.")).to_be_visible()

    # The projector, reached by a click, in a window of its own (the Room
    # stays in this one): the large countdown, at time-up.
    with organiser.expect_popup() as opened:
        organiser.get_by_role("link", name="Projector page").click()
    projector = opened.value
    projector.set_viewport_size({"width": 1280, "height": 720})
    expect(organiser.get_by_role("link", name="Projector page")).to_be_visible()
    big = projector.locator(".clock-big")
    expect(big.locator("[data-clock-time]")).to_have_text("0:00")
    expect(big.locator("[data-clock-note]")).to_have_text("Time is up")
    # An extension shows on the projector at its next ask, without a reload.
    from drive import clock_services

    written(
        projector,
        lambda: clock_services.clock_change(
            drive=drive, action="extend", minutes=2, by="olive"
        ),
    )
    # Its next ask comes up to 5 s on (projector.html, every 5s), and its
    # answer then has the usual time (8 s in all left the answer 3 s).
    expect(big.locator("[data-clock-time]")).to_have_text(
        re.compile(r"^(2:00|1:5\d)$"), timeout=5_000 + TIMEOUT_MS
    )
