"""Captains on their phones: a two-table drive entered from phones, double taps,
a slow and a dropped connection, a second phone that disagrees or gets there
first, and finger-sized controls on a small phone."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive, DriveState, Table
from scoring import captain as captain_services
from scoring import rules
from scoring import services as scoring_services
from scoring.models import HandResult, ResultStatus
from tests.e2e.conftest import PHONE, SMALL_PHONE, link, zoomed
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

PASSWORD = "Trumps-and-Tricks-2024"
OFFLINE = "No connection to the organiser just now"
# The smallest target a finger hits reliably (WCAG 2.5.5, Apple's and
# Google's guidelines); the smallest phone is the conftest's SMALL_PHONE.
FINGER_PX = 44


@pytest.fixture
def phone_viewport() -> dict[str, int]:
    return PHONE


def two_table_drive(**settings) -> Drive:
    club = ClubFactory(name="Riverside Whist Club")
    MembershipFactory(club=club, user=UserFactory(username="olive", password=PASSWORD))
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


def assert_fits_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def test_captains_enter_a_two_table_drive_and_five_taps_make_one_result(phone) -> None:
    drive = two_table_drive()
    first, second = phone(), phone()
    first.goto(link(drive, 1))
    expect(first.get_by_text("Table 1", exact=True)).to_be_visible()
    expect(first.locator(".hand-no")).to_contain_text("Hand 1")
    expect(first.locator(".trumps")).to_contain_text("Hearts")
    assert_fits_phone(first)
    shoot(first, "captain-hand")
    choose(first, 9)
    shoot(first, "captain-check")
    # Five fast taps on Send: the button is disabled from the first.
    first.get_by_role("button", name="Send").evaluate(
        "button => { for (let i = 0; i < 5; i++) button.click(); }"
    )
    expect(first.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(first.locator(".next-hand")).to_contain_text("Diamonds")
    shoot(first, "captain-waiting")
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]

    second.goto(link(drive, 2))
    choose(second, 4)
    second.get_by_role("button", name="Send").click()
    # The round is complete: the moves show on both phones, the first by itself.
    for page in (second, first):
        expect(page.locator(".moves")).to_contain_text("Moves after round 1")
        expect(page.locator(".moves li")).to_have_count(4)
        expect(page.locator(".hand-no")).to_contain_text("Hand 2")
        expect(page.locator(".trumps")).to_contain_text("Diamonds")
    move = first.locator(".moves li").first.inner_text()
    assert re.fullmatch(
        r".+ \(\d+\): table [12], (North|East|South|West)( \(stays\))?", move
    )
    shoot(first, "captain-moves")

    choose(first, 7)
    first.get_by_role("button", name="Send").click()
    choose(second, 13)
    second.get_by_role("button", name="Send").click()
    for page in (second, first):
        expect(page.get_by_text("The drive is over")).to_be_visible()
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert results(drive, 1) == [
        (1, 9, ResultStatus.CONFIRMED),
        (2, 7, ResultStatus.CONFIRMED),
    ]
    assert results(drive, 2) == [
        (1, 4, ResultStatus.CONFIRMED),
        (2, 13, ResultStatus.CONFIRMED),
    ]


def test_an_entry_made_offline_arrives_exactly_once(phone) -> None:
    drive = two_table_drive()
    page = phone()
    context = page.context
    page.goto(link(drive, 1))
    choose(page, 10)
    context.set_offline(True)
    page.get_by_role("button", name="Send").click()
    queue = page.locator("#captain-queue")
    expect(queue).to_contain_text("Not sent yet")
    expect(queue).to_contain_text("Hand 1: N-S 10, E-W 3")
    assert results(drive, 1) == []
    # The phone is put away while offline; the page is opened again later.
    page.close()
    context.set_offline(False)
    page = context.new_page()
    page.goto(link(drive, 1))
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(page.locator("#captain-queue")).to_be_hidden()
    assert results(drive, 1) == [(1, 10, ResultStatus.CONFIRMED)]

    # Offline again for the next entry; the connection comes back with the page open.
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 6)
    other.get_by_role("button", name="Send").click()
    expect(page.locator(".hand-no")).to_contain_text("Hand 2")
    context.set_offline(True)
    choose(page, 8)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-queue")).to_contain_text("Not sent yet")
    context.set_offline(False)
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert results(drive, 1) == [
        (1, 10, ResultStatus.CONFIRMED),
        (2, 8, ResultStatus.CONFIRMED),
    ]


def test_a_second_phones_conflicting_result_is_refused_and_shown_to_the_organiser(
    phone,
) -> None:
    drive = two_table_drive()
    first, second = phone(), phone()
    # The second phone sends before it hears of the first one's result (it would
    # otherwise move on by itself): its asks for news do not get through.
    second.route(re.compile(r"/news/"), lambda route: route.abort())
    first.goto(link(drive, 1))
    second.goto(link(drive, 1))
    choose(first, 9)
    choose(second, 5)
    first.get_by_role("button", name="Send").click()
    expect(first.locator(".captain-big")).to_have_text("Waiting for table 2.")
    second.get_by_role("button", name="Send").click()
    notice = second.locator("#captain-notice")
    expect(notice).to_contain_text("already has a result: N-S 9, E-W 4")
    expect(notice).to_contain_text("was not counted")
    assert results(drive, 1) == [
        (1, 9, ResultStatus.CONFIRMED),
        (1, 5, ResultStatus.CONFLICT),
    ]
    shoot(second, "captain-conflict")

    organiser = phone()
    organiser.goto(f"/drives/{drive.pk}/room/")
    organiser.get_by_label("User name").fill("olive")
    organiser.get_by_label("Password").fill(PASSWORD)
    organiser.get_by_role("button", name="Log in").click()
    conflict = organiser.get_by_role("region", name="Conflict at table 1, hand 1")
    expect(conflict).to_contain_text("Standing: N-S 9, E-W 4")
    expect(conflict).to_contain_text("Another phone sent N-S 5, E-W 8")
    expect(organiser.locator("#room-table-1 .badge")).to_have_text("conflict")
    assert_fits_phone(organiser)
    shoot(organiser, "room-conflict")
    conflict.get_by_role("button", name="Keep N-S 9").click()
    expect(organiser.locator("ul.messages")).to_contain_text("N-S 9, E-W 4 stands")
    expect(organiser.locator("#room-table-1 .badge")).to_have_text("confirmed")
    expect(organiser.locator("#room-table-1 .history")).to_contain_text(
        "settled by olive"
    )


# What the captain saw, noted by the page itself on every change of the page (so
# a message shown for a moment is caught too), kept across the page's reloads.
WATCH_QUEUE = """
(() => {
  const note = () => {
    const seen = document.body ? document.body.innerText : "";
    if (seen.includes("OFFLINE_TEXT")) sessionStorage.setItem("saw-offline", "1");
    if (seen.includes("Sending\\u2026")) sessionStorage.setItem("saw-sending", "1");
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();
""".replace("OFFLINE_TEXT", OFFLINE)


def saw(page: Page, what: str) -> bool:
    return page.evaluate(f"sessionStorage.getItem('saw-{what}') === '1'")


def test_a_slow_connection_says_sending_and_only_a_real_loss_says_offline(
    phone,
) -> None:
    drive = two_table_drive()
    page = phone()
    page.add_init_script(WATCH_QUEUE)
    held = []
    page.route("**/result/", lambda route: held.append(route))  # held until released
    page.goto(link(drive, 1))
    choose(page, 9)
    page.get_by_role("button", name="Send").click()
    queue = page.locator("#captain-queue")
    expect(queue).to_be_visible()
    expect(queue.get_by_role("heading")).to_have_text("Sending\u2026")
    expect(queue).to_contain_text("Hand 1: N-S 9, E-W 4")
    expect(page.get_by_text(OFFLINE)).to_be_hidden()
    shoot(page, "captain-sending")
    # A slow hall: the server's answer takes a second and a half to come back.
    page.wait_for_timeout(1500)
    expect(queue.get_by_role("heading")).to_have_text("Sending\u2026")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    expect(queue).to_be_hidden()
    assert saw(page, "sending")
    assert not saw(page, "offline"), "the offline message showed on a working line"
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]

    # A real loss of the connection does say so, and says it no more once sent.
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 4)
    other.context.set_offline(True)
    other.get_by_role("button", name="Send").click()
    queue = other.locator("#captain-queue")
    expect(queue.get_by_role("heading")).to_have_text("Not sent yet")
    expect(other.get_by_text(OFFLINE)).to_be_visible()
    expect(queue.get_by_role("button", name="Try again now")).to_be_visible()
    shoot(other, "captain-offline")
    assert results(drive, 2) == []
    other.context.set_offline(False)
    expect(other.locator(".moves")).to_contain_text("Moves after round 1")
    expect(queue).to_be_hidden()
    expect(other.get_by_text(OFFLINE)).to_be_hidden()
    assert results(drive, 2) == [(1, 4, ResultStatus.CONFIRMED)]


def test_a_send_that_went_in_just_before_the_line_dropped_says_so_on_the_page(
    phone,
) -> None:
    """The hand reaches the server and the line drops before the page can load
    again: the captain reads what went in, on this page, and never the
    browser's own "no internet" page; the page moves on once the line is back."""
    drive = two_table_drive()
    page = phone()
    page_url = link(drive, 1)
    down = []

    def the_page(route):
        if down:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(re.escape(page_url) + "$"), the_page)
    page.goto(page_url)
    choose(page, 9)
    down.append(True)  # the sent hand gets through; the page's load will not
    page.get_by_role("button", name="Send").click()
    notice = page.locator("#captain-notice")
    expect(notice).to_contain_text("Hand 1")
    expect(notice).to_contain_text("N-S 9, E-W 4")
    page.wait_for_timeout(1500)
    assert page.url.startswith("http"), page.url
    expect(notice).to_be_visible()
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]
    down.clear()  # the line is back: the page moves on by itself
    expect(page.locator(".captain-big")).to_have_text(
        "Waiting for table 2.", timeout=15_000
    )
    assert results(drive, 1) == [(1, 9, ResultStatus.CONFIRMED)]


def test_a_phone_left_on_a_hand_another_phone_entered_moves_on_and_says_so(
    phone,
) -> None:
    drive = two_table_drive()
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=2),
        hand=1,
        ns_tricks=6,
        idempotency_key="t" * 22,
    )
    left, used = phone(), phone()
    left.goto(link(drive, 1))
    used.goto(link(drive, 1))
    expect(left.get_by_role("heading", name="Who won hand 1?")).to_be_visible()
    choose(used, 8)
    used.get_by_role("button", name="Send").click()
    expect(used.locator(".hand-no")).to_contain_text("Hand 2")

    # The phone nobody touched notices by itself, moves on, and says what counts.
    notice = left.locator("#captain-notice")
    expect(notice).to_have_text("Hand 1 was recorded from another phone: N-S 8, E-W 5.")
    expect(left.get_by_role("heading", name="Who won hand 1?")).to_have_count(0)
    expect(left.locator(".moves")).to_contain_text("Moves after round 1")
    expect(left.locator(".hand-no")).to_contain_text("Hand 2")
    shoot(left, "captain-news")

    # Half-way through its own entry, the organiser gets hand 2 in first.
    choose(left, 10)
    expect(left.get_by_role("heading", name="Check hand 2")).to_be_visible()
    scoring_services.hand_result_submit(drive=drive, table=1, hand=2, ns_tricks=7)
    expect(notice).to_have_text("Hand 2 was recorded by the organiser: N-S 7, E-W 6.")
    expect(left.get_by_role("heading", name="Check hand 2")).to_have_count(0)
    expect(left.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert results(drive, 1) == [
        (1, 8, ResultStatus.CONFIRMED),
        (2, 7, ResultStatus.CONFIRMED),
    ]


def expect_check(page: Page, ns: int, ew: int, ns_score: int, ew_score: int) -> None:
    check = page.locator("table.check")
    for slot, value in (
        ("ns-tricks", ns),
        ("ew-tricks", ew),
        ("ns-score", ns_score),
        ("ew-score", ew_score),
    ):
        expect(check.locator(f'[data-slot="{slot}"]')).to_have_text(str(value))


def test_the_check_step_shows_the_servers_numbers_under_the_drives_rule(
    phone, monkeypatch
) -> None:
    total = two_table_drive(scoring_rule="total")
    odd = drive_with_players(players=8, club=total.club, hands=2)
    page = phone()
    page.goto(link(total, 1))
    page.get_by_role("button", name="8", exact=True).click()
    expect_check(page, 8, 5, 8, 5)
    page.goto(link(odd, 1))
    page.get_by_role("button", name=re.compile("^N-S")).click()
    page.get_by_role("button", name="2", exact=True).click()
    expect_check(page, 8, 5, 2, 0)
    page.get_by_role("link", name="Change").click()
    page.get_by_role("button", name=re.compile("^E-W")).click()
    page.get_by_role("button", name="3", exact=True).click()
    expect_check(page, 4, 9, 0, 3)
    # A phone without JavaScript gets the same numbers from the server.
    plain = phone(java_script_enabled=False)
    plain.goto(link(total, 1) + "?hand=1&ns=8")
    expect_check(plain, 8, 5, 8, 5)

    # Whatever the server's rule says is what the phone shows: it works out nothing.
    monkeypatch.setattr(
        rules, "deal_scores", lambda ns, scoring, *deal: (100 + ns, 200 + ns)
    )
    page.goto(link(total, 1))
    page.get_by_role("button", name="8", exact=True).click()
    expect_check(page, 8, 5, 108, 208)


def test_a_captain_enters_honours_and_opens_the_revoke_control_only_when_needed(
    phone,
) -> None:
    drive = two_table_drive(count_honours=True)  # hand 1: Hearts
    first = phone(viewport=SMALL_PHONE)
    first.goto(link(drive, 1))
    first.get_by_role("button", name=re.compile("^N-S")).click()
    first.get_by_role("button", name="2", exact=True).click()
    expect(first.get_by_role("heading", name="Honours in hand 1?")).to_be_visible()
    assert_finger_sized(first, "honours", at_least=6)
    shoot(first, "captain-honours")
    first.get_by_role("button", name="N-S held 3").click()
    # Two odd tricks and two for the honours, as the server worked them out.
    expect_check(first, 8, 5, 4, 0)
    expect(first.locator(".deal-words")).to_have_text("honours: N-S held 3")
    expect(first.get_by_role("button", name="N-S revoked")).to_be_hidden()
    first.get_by_role("button", name="Send").click()
    expect(first.locator(".waiting .done")).to_have_text(
        "Hand 1 is in: N-S 8 tricks, E-W 5; honours: N-S held 3."
    )

    second = phone(viewport=SMALL_PHONE)
    second.goto(link(drive, 2))
    second.get_by_role("button", name=re.compile("^E-W")).click()
    second.get_by_role("button", name="3", exact=True).click()
    second.get_by_role("button", name="No honours").click()
    expect_check(second, 4, 9, 0, 3)
    expect(second.locator(".deal-words")).to_be_hidden()
    second.get_by_text("Revoke?").click()
    assert_finger_sized(second, "revoke", at_least=6)
    second.get_by_role("button", name="N-S revoked").click()
    # Three of N-S's tricks pass to E-W: six odd tricks.
    expect_check(second, 4, 9, 0, 6)
    expect(second.locator(".deal-words")).to_have_text("N-S revoked")
    shoot(second, "captain-revoke")
    second.get_by_role("button", name="Send").click()
    expect(second.locator(".moves")).to_contain_text("Moves after round 1")
    assert list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("table__number")
        .values_list("ns_tricks", "honours", "revoke")
    ) == [(8, "NS3", ""), (4, "", "NS")]


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


def test_every_control_on_the_captains_page_is_finger_sized_on_a_small_phone(
    phone,
) -> None:
    drive = two_table_drive(opponent_confirms=True)
    drive.public_key = "shared-leaderboard-key-02"
    drive.save(update_fields=["public_key"])
    page = phone(viewport=SMALL_PHONE)
    page.goto(link(drive, 1))
    assert_finger_sized(page, "who won", at_least=2)
    page.get_by_role("button", name=re.compile("^N-S")).click()
    expect(page.get_by_role("link", name="Back")).to_be_visible()
    assert_finger_sized(page, "odd tricks", at_least=8)
    shoot(page, "captain-odd-tricks-360")
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.get_by_role("heading", name="Check hand 1")).to_be_visible()
    assert_finger_sized(page, "check", at_least=2)

    # Offline: the queue's own button.
    page.context.set_offline(True)
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("button", name="Try again now")).to_be_visible()
    assert_finger_sized(page, "not sent yet", at_least=1)
    page.context.set_offline(False)

    # The opponent's check, then waiting for the room, the moves and the end.
    expect(page.get_by_role("button", name="Yes, that is right")).to_be_visible()
    # The opponent sees what they are confirming.
    expect(page.locator("table.check")).to_be_visible()
    expect(page.locator('table.check [data-slot="ns-tricks"]')).to_have_text("9")
    assert_finger_sized(page, "opponent confirms", at_least=2)
    page.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".captain-big")).to_have_text("Waiting for table 2.")
    assert_finger_sized(page, "waiting", at_least=0)
    other = phone()
    other.goto(link(drive, 2))
    choose(other, 5)
    other.get_by_role("button", name="Send").click()
    other.get_by_role("button", name="Yes, that is right").click()
    expect(page.locator(".moves")).to_contain_text("Moves after round 1")
    assert_finger_sized(page, "moves", at_least=2)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=2, ns_tricks=7)
    scoring_services.hand_result_submit(drive=drive, table=2, hand=2, ns_tricks=7)
    # A fresh phone: the old page's own news may reload it as the drive ends,
    # which would abort a navigation started on it at that moment.
    page = phone()
    page.goto(link(drive, 1))
    expect(page.get_by_role("link", name="See the results")).to_be_visible()
    assert_finger_sized(page, "finished", at_least=1)

    # Total tricks, and the steps as a phone without JavaScript gets them.
    total = drive_with_players(players=8, club=drive.club, scoring_rule="total")
    page.goto(link(total, 1))
    assert_finger_sized(page, "total tricks", at_least=14)
    odd = drive_with_players(players=8, club=drive.club)
    plain = phone(viewport=SMALL_PHONE, java_script_enabled=False)
    for query in ("", "?hand=1&won=EW", "?hand=1&won=EW&odd=2"):
        plain.goto(link(odd, 1) + query)
        assert_finger_sized(plain, f"without JavaScript {query}", at_least=2)


def test_a_rubber_table_shows_the_game_and_says_when_a_hand_wins_it(phone) -> None:
    # English short whist: a game is 5 points.
    drive = drive_with_players(
        players=8,
        club=ClubFactory(),
        format="rubber",
        hands=24,
        hands_per_round=12,
        trump_sequence="Hearts, Diamonds, Spades, Clubs",
    )
    page = phone(viewport=SMALL_PHONE)
    page.goto(link(drive, 1))
    score = page.locator(".rubber-score")
    expect(score.locator("h2")).to_have_text("Rubber 1")
    expect(score.locator(".rubber-game td")).to_have_text(["0", "0"])
    choose(page, 10)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-notice")).to_have_text("Hand 1 is in: N-S 10, E-W 3.")
    expect(score.locator(".rubber-game td")).to_have_text(["4", "0"])
    expect(score.locator(".rubber-news")).to_have_text(
        "Last hand: N-S 4 for tricks: 4-0"
    )
    expect(page.locator(".hand-no")).to_contain_text("Hand 2")

    choose(page, 9)
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#captain-notice")).to_have_text(
        "Hand 2 is in: N-S 9, E-W 4. Game to N-S, 7-0."
    )
    expect(score.locator(".rubber-won")).to_have_text("Game to N-S, 7-0")
    expect(score.locator(".rubber-game td")).to_have_text(["0", "0"])
    expect(score.locator(".rubber-games td")).to_have_text(["1", "0"])
    expect(score.locator(".rubber-values td")).to_have_text(["3", "0"])
    assert_finger_sized(page, "rubber", at_least=2)
    shoot(page, "captain-rubber-game")


def test_the_captains_page_fits_a_phone_at_twice_the_text_size(phone) -> None:
    """200 % zoom on a 360 px phone is a page 180 CSS pixels wide: the hand and
    its trumps wrap, long names break, and the page does not scroll sideways."""
    drive = two_table_drive()
    page = phone(**zoomed(200))
    page.goto(link(drive, 2))
    expect(page.locator(".hand-no")).to_contain_text("Hand 1")
    assert_fits_phone(page)
    choose(page, 9)
    assert_fits_phone(page)
    page.get_by_text("Revoke?").click()  # the rare step, folded under the check
    expect(page.get_by_role("button", name="E-W revoked")).to_be_visible()
    assert_fits_phone(page)
    shoot(page, "captain-check-zoom")


@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_public_board_fits_a_phone_at_twice_the_text_size(phone, language) -> None:
    """A player's phone at 200 % zoom (180 CSS pixels) reads the shared board
    without the page scrolling sideways, and every standings table fits its
    box: the headings ("Imię i nazwisko") pushed the totals' column half out
    of it, so a 15 read as "1"."""
    drive = drive_with_players(players=8, club=ClubFactory(language=language), hands=2)
    scoring_services.hand_results_submit(
        drive=drive,
        entries=[
            scoring_services.ResultEntry(table=table, hand=1, ns_tricks=7 + table)
            for table in (1, 2)
        ],
        by=None,
    )
    drive.public_key = "shared-leaderboard-key-04"
    drive.save(update_fields=["public_key"])
    page = phone(**zoomed(200))
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("table.standings").first).to_be_visible()
    assert_fits_phone(page)
    boxes = page.locator(".scroll-x:has(table.standings)")
    assert boxes.count() >= 1
    wide = boxes.evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1)"
        ".map(b => [b.scrollWidth, b.clientWidth])"
    )
    assert wide == []
    # The boards' tabs are finger-sized (26 px tall before).
    tabs = page.locator(".tabs a").evaluate_all(
        "as => as.map(a => a.getBoundingClientRect().height)"
    )
    assert len(tabs) >= 2 and min(tabs) >= FINGER_PX, tabs
    shoot(page, f"public-board-zoom-{language}")


def test_the_room_fits_a_phone_at_twice_the_text_size(phone) -> None:
    """The organiser's room on a 360 px phone at 200 % zoom (180 CSS pixels),
    with two results to settle and the round times opened: the table cards
    narrow to the screen, and the page does not scroll sideways (313 px before)."""
    drive = two_table_drive()
    for key, tricks in (("a" * 22, 7), ("b" * 22, 9)):
        captain_services.captain_result_submit(
            table=Table.objects.get(drive=drive, number=1),
            hand=1,
            ns_tricks=tricks,
            idempotency_key=key,
        )
    page = phone(**zoomed(200))
    page.goto(f"/drives/{drive.pk}/room/")
    page.get_by_label("User name").fill("olive")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Two results to settle at table 1")).to_be_visible()
    expect(page.locator("#room-table-2")).to_be_visible()
    assert_fits_phone(page)
    page.locator("details.round-times summary").click()
    expect(page.locator("details.round-times table")).to_be_visible()
    assert_fits_phone(page)
    shoot(page, "room-zoom")


@pytest.mark.parametrize("language", ("pl", "ru"))
def test_the_organisers_pages_fit_a_phone_at_twice_the_text_size(
    phone, language
) -> None:
    """At 200 % zoom (180 CSS pixels) in Polish and Russian: the door's
    unbalanced groups ("Niezrównoważone:"), its Register button
    ("Зарегистрировать"), a prediction table's points and a rubber table's
    games in the room all stay inside the screen."""
    from tests.factories import rubber_drive
    from tests.predictions import play_deals, prediction_drive

    club = ClubFactory(language=language)
    MembershipFactory(club=club, user=UserFactory(username="olive", password=PASSWORD))
    door = drive_with_players(players=9, club=club, start=False, hands=4)
    wist = prediction_drive(club, players=9, games=2)
    play_deals(wist, tables=[1], hands=[1, 2])
    rubbers = rubber_drive(club)
    page = phone(**zoomed(200))
    page.goto("/login/")
    page.fill("input[name=username]", "olive")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/drives/"))
    too_wide = {}
    for name, url in (
        ("door", f"/drives/{door.pk}/entries/"),
        ("prediction room", f"/drives/{wist.pk}/room/"),
        ("rubber room", f"/drives/{rubbers.pk}/room/"),
    ):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 180:
            too_wide[name] = (
                width,
                # What sticks out, for the failure's message.
                page.evaluate(
                    "[...document.querySelectorAll('main *')]"
                    ".filter(e => e.getBoundingClientRect().right > 181 && !e.children.length)"
                    ".slice(0, 4).map(e => e.tagName + ': ' + e.innerText.slice(0, 30))"
                ),
            )
    assert too_wide == {}


def test_a_long_name_leaves_the_public_boards_totals_on_a_small_phone(phone) -> None:
    """One long name on a 360 px phone: the name breaks, and every total of
    the shared board stays on the screen (it was pushed to the edge, clipped)."""
    drive = two_table_drive()
    entry = drive.entries.get(number=1)
    entry.player.name = "Gwendolyn Featherstonehaugh-Smythe-Cholmondeley"
    entry.player.save()
    drive.public_key = "shared-leaderboard-key-04"
    drive.save(update_fields=["public_key"])
    page = phone(viewport=SMALL_PHONE)
    page.goto(f"/p/{drive.public_key}/")
    expect(page.locator("table.standings").first).to_be_visible()
    assert_fits_phone(page)
    width = page.viewport_size["width"]
    totals = page.locator("table.standings td.total")
    assert totals.count() >= 8
    for i in range(totals.count()):
        box = totals.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, box
