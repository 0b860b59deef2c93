"""The bell in a hall (issue 36): the organiser presses "Ring the bell on the
projector" on a phone in the room, and the projector, at its next look, rings
(a tone made in the browser: AudioContext is stubbed here to count the strokes)
and shows the call to move in the club's words; and it rings by itself when
the round's time runs out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from drive import clock as round_clock
from drive import clock_services
from drive.models import Drive
from scoring import services as scoring_services
from tests.e2e.conftest import PHONE, keep_screenshot
from tests.e2e.contrast import assert_all_text_at_least_aaa
from tests.e2e.projector_screen import open_projector
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    ClubFactory,
    drive_with_players,
    olive,
    play_round,
)

pytestmark = pytest.mark.e2e

# The hall's laptop that shows the projector.
LAPTOP = {"width": 1280, "height": 800}
# Long enough for the projector's clock to be asked again (every 5 s).
POLL_MS = 15_000

# A stand-in for the Web Audio API: each oscillator started is one partial of
# one stroke of the bell.
FAKE_AUDIO = """
window.__tones = 0;
class FakeOscillator {
  constructor() { this.frequency = {value: 0}; this.type = 'sine'; }
  connect() {} stop() {}
  start() { window.__tones += 1; }
}
class FakeGain {
  constructor() { this.gain = {setValueAtTime() {}, exponentialRampToValueAtTime() {}}; }
  connect() {}
}
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return new FakeOscillator(); }
  createGain() { return new FakeGain(); }
  resume() { return Promise.resolve(); }
};
"""

# A stand-in for speech synthesis: each utterance the page speaks is kept,
# with its language, instead of being heard.
FAKE_SPEECH = """
window.__said = [];
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ''; }
};
Object.defineProperty(window, 'speechSynthesis', {
  configurable: true,
  value: {speak(u) { window.__said.push({text: u.text, lang: u.lang}); }, cancel() {}},
});
"""


def hall_drive(language: str = "en-gb") -> Drive:
    club = ClubFactory(name="Riverside Whist Club", language=language)
    olive(club)
    drive = drive_with_players(players=8, club=club, hands=4, clock_minutes=10)
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Hearts", group_b_label="Spades"
    )
    return drive


def projector_with_sound(browser, live_server, drive: Drive) -> Page:
    projector = open_projector(
        browser, live_server, drive, LAPTOP, init_script=FAKE_AUDIO
    )
    expect(projector.locator("#projector ol.projector-board li")).to_have_count(8)
    # Browsers play sound only after a tap: once, at the start of the evening.
    projector.get_by_role("button", name="Sound on").click()
    expect(projector.get_by_role("button", name="Sound on")).to_have_attribute(
        "aria-pressed", "true"
    )
    return projector


def tones(page: Page) -> int:
    return page.evaluate("window.__tones")


def test_the_room_rings_the_bell_and_the_projector_rings_with_the_call(
    browser, live_server
) -> None:
    drive = hall_drive()
    projector = projector_with_sound(browser, live_server, drive)
    shown = projector.locator("[data-bell-shown]")
    expect(shown).to_be_hidden()
    before = tones(projector)

    phone = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport=PHONE
    ).new_page()
    phone.goto(f"/drives/{drive.pk}/room/")
    log_in(phone)
    phone.get_by_role("button", name="Ring the bell on the projector").click()
    expect(phone.get_by_text("The bell rings on the projector.")).to_be_visible()

    expect(shown).to_be_visible(timeout=POLL_MS)
    expect(shown).to_have_text(
        "Losers move: Hearts up one table, Spades down one table. "
        "Winners stay: Hearts North, Spades to West."
    )
    expect(shown).to_have_attribute("data-rings", "1")
    keep_screenshot(projector, "projector-bell")
    assert projector.locator("[data-bell]").get_attribute("data-bell-rung") == "1"
    assert tones(projector) > before
    # The call over the board is read from the back of the hall too.
    assert_all_text_at_least_aaa(projector)

    # A second ring is heard too, once.
    phone.get_by_role("button", name="Ring the bell on the projector").click()
    expect(shown).to_have_attribute("data-rings", "2", timeout=POLL_MS)


def test_the_projector_rings_when_the_rounds_time_runs_out(
    browser, live_server
) -> None:
    drive = hall_drive()
    Drive.objects.filter(pk=drive.pk).update(
        clock_state=round_clock.RUNNING,
        clock_ends_at=timezone.now() + timedelta(seconds=8),
    )
    projector = projector_with_sound(browser, live_server, drive)
    shown = projector.locator("[data-bell-shown]")
    expect(projector.locator(".clock-up")).to_be_visible(timeout=POLL_MS)
    expect(shown).to_have_text(
        "Losers move: Hearts up one table, Spades down one table. "
        "Winners stay: Hearts North, Spades to West."
    )
    expect(shown).to_have_attribute("data-rings", "1")
    # Opening the projector after the time ran out rings nothing.
    projector.reload()
    expect(projector.locator(".clock-up")).to_be_visible()
    expect(projector.locator("[data-bell-shown]")).to_be_hidden()


def test_the_projector_rings_when_the_next_round_starts(browser, live_server) -> None:
    drive = hall_drive()
    projector = projector_with_sound(browser, live_server, drive)
    # Every table in: round 2 starts by itself.
    written(projector, lambda: play_round(drive))
    if drive.current_round == 1:
        written(
            projector,
            lambda: scoring_services.round_start_next(drive=drive, round_number=1),
        )
    drive.refresh_from_db()
    assert drive.current_round == 2
    shown = projector.locator("[data-bell-shown]")
    expect(shown).to_have_text("Round 2: play.", timeout=POLL_MS)
    expect(shown).to_have_attribute("data-rings", "1")


def test_the_projector_speaks_the_seats_in_words_and_shows_the_cards_letters(
    browser, live_server
) -> None:
    """A Polish hall: the call over the board keeps the cards' "na N", "na W";
    the speech (the box "Speak the calls" ticked) is given "na Północy", "na
    Zachód", which a speech engine does not spell out, in the page's language."""
    drive = hall_drive("pl")
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Panie", group_b_label="Panowie"
    )
    projector = open_projector(
        browser, live_server, drive, LAPTOP, init_script=FAKE_AUDIO + FAKE_SPEECH
    )
    expect(projector.locator("#projector ol.projector-board li")).to_have_count(8)
    projector.locator("[data-bell-sound]").click()
    projector.locator("[data-bell-speak]").check()

    written(projector, lambda: clock_services.bell_ring(drive=drive))
    shown = projector.locator("[data-bell-shown]")
    expect(shown).to_have_text(
        "Przechodzą przegrani: Panie o jeden stolik w górę, Panowie o jeden "
        "stolik w dół. Zwycięzcy zostają: Panie na N, Panowie przesiadają się "
        "na W.",
        timeout=POLL_MS,
    )
    keep_screenshot(projector, "projector-bell-pl")
    assert projector.evaluate("window.__said") == [
        {
            "text": "Przechodzą przegrani: Panie o jeden stolik w górę, Panowie o "
            "jeden stolik w dół. Zwycięzcy zostają: Panie na Północy, Panowie "
            "przesiadają się na Zachód.",
            "lang": "pl",
        }
    ]

    # The next round's start is read as it is shown.
    written(projector, lambda: play_round(drive))
    if drive.current_round == 1:
        written(
            projector,
            lambda: scoring_services.round_start_next(drive=drive, round_number=1),
        )
    expect(shown).to_have_text("Runda 2: gramy.", timeout=POLL_MS)
    said = projector.evaluate("window.__said")
    assert said[-1] == {"text": "Runda 2: gramy.", "lang": "pl"}
