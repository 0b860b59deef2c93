"""The captain's phone with a screen reader and at twice the text size.

axe-core (bundled with axe-playwright-python; nothing is fetched) scans the
captain's page of each format at each step (the hand before entering, the
odd tricks, the check, the opponent's check, waiting) and the public board:
no violation of serious or critical impact. The trumps and the result are
read out in words: the accessible tree holds "Hearts", not only "♥", and the
check's table is named by its tricks in words. At 200 % text (the root's
font size doubled) on a 360 px phone, nothing runs past the screen's edge
and every control stays on it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.captain_phone import (
    LONG_NAMES,
    choose,
    name_the_players_at,
    shoot,
    two_table_drive,
)
from tests.e2e.conftest import larger_text, link, zoomed
from tests.e2e.screen_edge import overflow
from tests.e2e.words_fit import SPLIT_WORDS, side_labels
from tests.e2e.words_fit import overflow as words_overflow
from tests.factories import (
    ClubFactory,
    drive_with_players,
    enter_tricks,
    rubber_drive,
)
from tests.scoring.prediction_captain import five_player_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

SERIOUS = ("serious", "critical")


def serious_violations(page: Page) -> list[str]:
    """What axe-core finds of serious or critical impact on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(str(node["target"]) for node in v["nodes"][:4])
        for v in found
        if v["impact"] in SERIOUS
    ]


def scan(page: Page, step: str, faults: dict[str, list[str]]) -> None:
    if found := serious_violations(page):
        faults[step] = found


def test_the_captains_page_of_a_drive_passes_axe_at_every_step(phone) -> None:
    drive = two_table_drive(opponent_confirms=True)
    drive.public_key = "shared-leaderboard-key-a11y"
    drive.save(update_fields=["public_key"])
    page = phone()
    faults: dict[str, list[str]] = {}
    page.goto(link(drive, 1))
    expect(page.locator(".hand-no")).to_contain_text("Hand 1")
    # The trumps are read out as a word, the sign left to the eye.
    snapshot = page.locator(".hand-card").aria_snapshot()
    assert "Hearts" in snapshot and "♥" not in snapshot, snapshot
    scan(page, "hand", faults)
    page.get_by_role("button", name=re.compile("^N-S")).click()
    expect(page.get_by_role("link", name="Back")).to_be_visible()
    scan(page, "odd tricks", faults)
    page.get_by_role("button", name="3", exact=True).click()
    # The result in words names the check's table.
    said = "Tricks: North–South 9, East–West 4; 3 odd tricks to North–South"
    expect(page.get_by_role("table", name=said)).to_be_visible()
    scan(page, "check", faults)
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("button", name="Yes, that is right")).to_be_visible()
    expect(page.get_by_role("table", name=said)).to_be_visible()
    scan(page, "opponent's check", faults)
    page.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    scan(page, "waiting", faults)
    shoot(page, "a11y-captain-waiting")
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("table.standings").first).to_be_visible()
    scan(page, "public board", faults)
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())


def test_the_check_is_read_out_without_javascript_and_in_polish(phone) -> None:
    drive = drive_with_players(players=8, club=ClubFactory())
    # Made before any page is open: while a drive is made, SQLite's shared test
    # database refuses the captain's page's asks the tables it writes.
    polish_drive = drive_with_players(players=8, club=ClubFactory(language="pl"))
    plain = phone(java_script_enabled=False)
    plain.goto(link(drive, 1) + "?hand=1&won=EW&odd=2")
    said = "Tricks: North–South 5, East–West 8; 2 odd tricks to East–West"
    expect(plain.get_by_role("table", name=said)).to_be_visible()
    polish = phone()
    polish.goto(link(polish_drive, 1))
    snapshot = polish.locator(".hand-card").aria_snapshot()
    assert "kier" in snapshot.lower() and "♥" not in snapshot, snapshot
    polish.get_by_role("button", name=re.compile("^N-S")).click()
    polish.get_by_role("button", name="3", exact=True).click()
    expect(polish.locator("table.check caption")).to_contain_text("3 lewy ponad sześć")
    faults: dict[str, list[str]] = {}
    scan(polish, "polish check", faults)
    assert faults == {}, faults


def test_a_rubber_and_a_prediction_captain_pass_axe(phone) -> None:
    rubber = drive_with_players(
        players=8,
        club=ClubFactory(),
        format="rubber",
        hands=24,
        hands_per_round=12,
        trump_sequence="Hearts, Diamonds, Spades, Clubs",
    )
    # Made before any page is open: while a drive is made, SQLite's shared test
    # database refuses the captain's page's asks the tables it writes.
    wist = five_player_drive(ClubFactory())
    faults: dict[str, list[str]] = {}
    page = phone()
    page.goto(link(rubber, 1))
    expect(page.locator(".rubber-score")).to_be_visible()
    scan(page, "rubber hand", faults)
    choose(page, 10)
    scan(page, "rubber check", faults)
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".hand-no")).to_contain_text("Hand 2")
    scan(page, "rubber after sending", faults)

    page = phone()
    page.goto(link(wist, 1))
    expect(page.locator(".hand-no")).to_contain_text("Deal 1 of 8")
    snapshot = page.locator(".wist-card").aria_snapshot()
    assert "Hearts" in snapshot and "♥" not in snapshot, snapshot
    scan(page, "prediction deal", faults)
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())


def test_twice_the_text_on_a_small_phone_keeps_every_control_on_the_screen(
    phone,
) -> None:
    """The phone's text size at 200 %: the root font doubled on a 360 px
    screen (the page zoom, 180 CSS px, is tests/e2e/test_captain_phone_fit.py's)."""
    drive = two_table_drive(opponent_confirms=True)
    # Made before any page is open: while a drive is made, SQLite's shared test
    # database refuses the captain's page's asks the tables it writes.
    wist = five_player_drive(ClubFactory())
    page = phone(bypass_csp=True)
    faults: dict[str, list[str]] = {}

    def look(step: str) -> None:
        larger_text(page, 200)
        if found := overflow(page):
            faults[step] = found
        shoot(page, f"a11y-twice-{step}")

    page.goto(link(drive, 1))
    look("hand")
    page.get_by_role("button", name=re.compile("^N-S")).click()
    look("odd-tricks")
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.get_by_role("button", name="Send")).to_be_visible()
    look("check")
    page.get_by_text("Revoke?").click()
    look("revoke")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("button", name="Yes, that is right")).to_be_visible()
    look("opponent")
    page.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    look("waiting")
    page.goto(link(wist, 1))
    expect(page.locator(".hand-no")).to_contain_text("Deal 1 of 8")
    look("prediction")
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())


@pytest.mark.parametrize("language", ("ru", "pl"))
def test_twice_the_text_keeps_send_on_the_screen_in_long_words(phone, language) -> None:
    """At 200 % text a one-word button cannot wrap: Russian "Отправить" at
    the Send button's size, and "аннулирована" on a revoke button, were
    wider than the screen (the check step and its revoke step)."""
    from django.utils import translation

    drive = drive_with_players(players=8, club=ClubFactory(language=language), hands=2)
    with translation.override(language):
        send = translation.gettext("Send")
    page = phone(bypass_csp=True)
    page.goto(link(drive, 1))
    page.locator("section.entry form.step-first button.pick").first.click()
    page.locator("section.entry form.step-odd button.pick").nth(3).click()
    expect(page.get_by_role("button", name=send, exact=True)).to_be_visible()
    larger_text(page, 200)
    found = overflow(page)
    # The revoke step, folded under the check, in the same words.
    page.locator("details.revoke summary").click()
    found += overflow(page)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("pl", "ru"))
def test_twice_the_text_splits_no_word_of_a_rubber_table(phone, language, way) -> None:
    """A rubber drive's captain at 200 % on a 360 px phone, by the text size
    and by the page zoom: the game's table was fixed-width, its row headings
    broken anywhere ("Wygra|ne partie", "Выигр|ано партий"), and the seats'
    names too ("Tomaszewsk|a", "Александр|овна"). Now no word of the table or of
    the seats is split, nothing passes the screen's edge or spills out of its
    box, and the names are not shrunk to fit each its own box: all alike, at
    most a little under the page's own type (static/css/captain.css sets the
    seats no larger than keeps a 19-letter surname whole on a 360 px phone)."""
    drive = rubber_drive(ClubFactory(language=language), hands=8, hands_per_round=4)
    name_the_players_at(drive, 1, LONG_NAMES)
    enter_tricks(drive, None, table=1, tricks=[9, 10])
    page = phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))
    page.goto(link(drive, 1))
    expect(page.locator("table.rubber-table tr.rubber-values")).to_be_visible()
    if way == "text":
        larger_text(page, 200)
    shoot(page, f"a11y-twice-rubber-{language}-{way}")
    found = overflow(page) + words_overflow(page, side_labels(language))
    found += page.evaluate(
        SPLIT_WORDS,
        "table.rubber-table th, table.rubber-table td, .captain-seats dt, .captain-seats dd",
    )
    assert found == [], "\n".join(found)
    names = page.locator(".captain-seats .seat-name")
    assert sorted(names.all_inner_texts()) == sorted(LONG_NAMES)
    sizes = names.evaluate_all(
        "ns => ns.map(n => parseFloat(getComputedStyle(n).fontSize)"
        " / parseFloat(getComputedStyle(document.documentElement).fontSize))"
    )
    assert min(sizes) >= 0.85 and len(set(sizes)) == 1, sizes
