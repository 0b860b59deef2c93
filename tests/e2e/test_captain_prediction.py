"""A captain at a prediction whist table of five, on a phone 360 px wide: a
deal entered player by player, the last player's barred number greyed out
with its reason, the tricks' sum checked by the server before Send, the
points after it; the same without JavaScript, and offline."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from drive.models import Drive
from scoring.models import HandResult, ResultStatus
from tests.e2e.captain_phone import (
    assert_finger_sized,
    shoot,
)
from tests.e2e.conftest import SMALL_PHONE, larger_text, link, zoomed
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.waits import handed_over
from tests.factories import ClubFactory
from tests.scoring.prediction_captain import POINTS, five_player_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

BARRED = "Not 2: the predictions would add up to 10, and someone must fail."
# Deal 1 at a table of five: seat 1 deals, seats 2, 3, 4, 5 and then 1 predict.
ORDER = (1, 2, 3, 4, 0)  # the seats (0 up) in the order of predicting
SAID = ("2", "2", "Wist", "4", "1")  # their predictions, in that order
TAKEN = ("3", "2", "0", "4", "1")  # their tricks, in that order


def player(page: Page, place: int) -> Locator:
    """The place-th fieldset of the entry (0 to 4: predictions in the order of
    predicting; 5 to 9: tricks, in the same order)."""
    return page.locator("#wist-form fieldset.wist-player").nth(place)


def choose(page: Page, place: int, label: str, *, wait: bool = True) -> None:
    """Tap `label` for one player; with JavaScript, wait for the server's form
    to come back with it chosen (its answer to this tap's check, not only the
    tap itself: the next tap then starts from the server's form, as a person's
    does; taps overtaking each other have a test of their own)."""
    choice = player(page, place).get_by_label(label, exact=True)
    if not wait:
        choice.click()
        return
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith("/check/")
    ):
        choice.click()
    expect(player(page, place).get_by_label(label, exact=True)).to_be_checked()


def results(drive: Drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("hand", "predictions", "tricks", "status")
    )


def assert_large_type(page: Page) -> None:
    """Numbers to tap and the players' names are read at arm's length."""
    sizes = page.evaluate(
        """() => ({
          pill: parseFloat(getComputedStyle(document.querySelector("label.pill:not(.word)")).fontSize),
          legend: parseFloat(getComputedStyle(document.querySelector(".wist-player legend")).fontSize),
          status: parseFloat(getComputedStyle(document.querySelector(".wist-status")).fontSize),
        })"""
    )
    assert sizes["pill"] >= 22 and sizes["legend"] >= 20 and sizes["status"] >= 20, (
        sizes
    )


def test_a_captain_enters_a_deal_at_a_table_of_five_on_a_small_phone(
    phone,
) -> None:
    drive = five_player_drive(ClubFactory())
    page = phone()
    page.goto(link(drive))
    expect(page.locator(".hand-no")).to_contain_text("Deal 1 of 8")
    expect(page.locator(".hand-no small")).to_have_text("Game 1 · deal 1 of 16 tonight")
    expect(page.locator(".wist-kind")).to_have_text("Hearts trumps")
    expect(page.locator(".wist-dealer")).to_contain_text("Dealer: seat 1, ")
    expect(page.locator("ol.wist-order li")).to_have_count(5)
    expect(page.locator("ol.wist-order li").last).to_contain_text("seat 1")
    expect(page.get_by_role("button", name="Send")).to_be_disabled()
    expect(page.get_by_role("button", name="Check")).to_have_count(0)  # htmx checks
    # Eleven choices (Wist, 1 to 10) a player, five players, predictions and tricks.
    assert_finger_sized(page, "deal", at_least=110)
    assert_large_type(page)

    for place, said in enumerate(SAID[:4]):
        choose(page, place, said)
    last = player(page, 4)
    expect(last.get_by_label("2", exact=True)).to_be_disabled()
    expect(last.locator("label.pill.barred")).to_have_text("2")
    expect(last.locator(".barred-reason")).to_have_text(BARRED)
    expect(last.get_by_label("1", exact=True)).to_be_enabled()
    expect(page.locator('[data-slot="predictions-status"]')).to_have_text(
        "1 prediction to enter."
    )
    assert_fits_phone(page)
    shoot(page, "captain-wist-barred-360")
    choose(page, 4, SAID[4])
    expect(page.locator('[data-slot="predictions-status"]')).to_have_text(
        "The predictions add up to 9, with 10 tricks to take."
    )

    # The tricks: one short, and the server says so before anything is sent.
    for place, taken in enumerate(TAKEN[:4]):
        choose(page, 5 + place, taken)
    status = page.locator('[data-slot="tricks-status"]')
    expect(status).to_have_text(
        "The tricks add up to 9 of 10 so far; 1 player to enter."
    )
    choose(page, 9, "0")
    expect(status).to_have_text(
        "The tricks add up to 9, 1 short: they must add up to 10."
    )
    expect(page.get_by_role("button", name="Send")).to_be_disabled()
    shoot(page, "captain-wist-sum-360")
    choose(page, 9, TAKEN[4])
    expect(status).to_have_text("The tricks add up to 10.")
    send = page.get_by_role("button", name="Send")
    expect(send).to_be_enabled()
    check = page.locator("table.wist-check td.points")
    expect(check).to_have_text([str(POINTS[seat]) for seat in ORDER])
    assert_fits_phone(page)
    shoot(page, "captain-wist-ready-360")
    assert results(drive) == []

    # Sent from the foot of the page over a slow line, on a short screen (the
    # browser's bars showing): the entry folds away, and the "Sending…" box is
    # brought into view rather than left above the screen.
    held = []
    page.route("**/result/", lambda route: held.append(route))  # held until released
    short = {"width": SMALL_PHONE["width"], "height": 480}
    page.set_viewport_size(short)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > short["height"]
    send.evaluate("button => { for (let i = 0; i < 3; i++) button.click(); }")
    queue = page.locator("#captain-queue")
    expect(queue.get_by_role("heading")).to_have_text("Sending\u2026")
    expect(page.locator("#wist-form")).to_be_hidden()
    expect(queue).to_be_in_viewport()
    top = page.evaluate(
        "document.getElementById('captain-queue').getBoundingClientRect().top"
    )
    assert 0 <= top < short["height"], top
    shoot(page, "captain-wist-sending-360")
    # "Sending…" shows as the send starts: its request may reach the route a
    # moment later on a busy machine.
    handed_over(page, lambda: held, "the send, held by the route")
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/result/")
    page.set_viewport_size(SMALL_PHONE)

    # Sent: the points of the deal and the game's totals, then deal 2.
    expect(page.locator("#captain-notice")).to_have_text(
        "Deal 1 of game 1 is in: predictions 1, 2, 2, Wist, 4; tricks 1, 3, 2, 0, 4."
    )
    score = page.locator(".wist-score")
    expect(score.locator("h2")).to_have_text("Deal 1 of game 1 is in")
    expect(score.locator("td.points")).to_have_text([str(p) for p in POINTS])
    expect(score.locator("td.total")).to_have_text([str(p) for p in POINTS])
    expect(page.locator(".hand-no")).to_contain_text("Deal 2 of 8")
    expect(page.locator(".wist-kind")).to_have_text("Diamonds trumps")
    expect(page.locator(".wist-dealer")).to_contain_text("Dealer: seat 2, ")
    assert_fits_phone(page)
    shoot(page, "captain-wist-points-360")
    assert results(drive) == [
        (1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED),
    ]


def test_without_javascript_check_and_send_work_by_whole_pages(
    phone,
) -> None:
    drive = five_player_drive(ClubFactory())
    page = phone(java_script_enabled=False)
    page.goto(link(drive))
    send = page.get_by_role("button", name="Send")
    expect(send).to_be_disabled()
    for place, said in enumerate(SAID[:4]):
        choose(page, place, said, wait=False)
    page.get_by_role("button", name="Check").click()
    last = player(page, 4)
    expect(last.get_by_label("2", exact=True)).to_be_disabled()
    expect(last.locator(".barred-reason")).to_have_text(BARRED)
    expect(player(page, 0).get_by_label("2", exact=True)).to_be_checked()
    assert_finger_sized(page, "without JavaScript", at_least=110)
    assert_large_type(page)
    shoot(page, "captain-wist-nojs-barred-360")
    choose(page, 4, SAID[4], wait=False)
    for place, taken in enumerate(TAKEN):
        choose(page, 5 + place, taken, wait=False)
    page.get_by_role("button", name="Check").click()
    expect(page.locator('[data-slot="tricks-status"]')).to_have_text(
        "The tricks add up to 10."
    )
    expect(send).to_be_enabled()
    send.click()
    expect(page.locator("ul.messages")).to_contain_text(
        "Deal 1 of game 1 is in: predictions"
    )
    expect(page.locator(".wist-score td.total")).to_have_text([str(p) for p in POINTS])
    expect(page.locator(".hand-no")).to_contain_text("Deal 2 of 8")
    assert results(drive) == [
        (1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED),
    ]


def test_a_deal_survives_a_reload_and_a_dropped_connection_and_arrives_once(
    phone,
) -> None:
    drive = five_player_drive(ClubFactory())
    page = phone()
    page.goto(link(drive))
    for place, said in enumerate(SAID):
        choose(page, place, said)
    for place, taken in enumerate(TAKEN[:4]):
        choose(page, 5 + place, taken)
    # The phone reloads (a locked screen, a slip of the thumb): nothing is lost.
    page.reload()
    for place, said in enumerate(SAID):
        expect(player(page, place).get_by_label(said, exact=True)).to_be_checked()
    expect(player(page, 8).get_by_label(TAKEN[3], exact=True)).to_be_checked()
    expect(page.locator('[data-slot="tricks-status"]')).to_have_text(
        "The tricks add up to 9 of 10 so far; 1 player to enter."
    )
    # The hall's Wi-Fi drops before the last tap: the check cannot be made,
    # Send stays usable and keeps the deal on the phone until it can go.
    page.context.set_offline(True)
    choose(page, 9, TAKEN[4], wait=False)
    send = page.get_by_role("button", name="Send")
    expect(send).to_be_enabled()
    expect(page.locator("#captain-notice")).to_contain_text("could not be checked")
    send.click()
    queue = page.locator("#captain-queue")
    expect(queue).to_contain_text("Not sent yet")
    expect(queue).to_contain_text("Game 1, deal 1")
    assert results(drive) == []
    page.context.set_offline(False)
    expect(page.locator(".hand-no")).to_contain_text("Deal 2 of 8")
    expect(queue).to_be_hidden()
    expect(page.locator(".wist-score td.total")).to_have_text([str(p) for p in POINTS])
    assert results(drive) == [
        (1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED),
    ]
    # Deal 2 starts clean: the draft of deal 1 is gone.
    expect(page.locator("#wist-form input:checked")).to_have_count(0)
    assert re.fullmatch(r".*/t/[^/]+/", page.url)


def test_the_points_tables_fit_a_phone_at_twice_the_text_size(phone, live_server):
    """200 % zoom on a 360 px phone is a page 180 CSS pixels wide: the deal's
    points and the game's fit (their boxes would scroll them); the page does
    not scroll sideways."""
    from tests.scoring.captain_phone import table_of
    from tests.scoring.prediction_captain import PREDICTIONS, TRICKS, submit

    drive = five_player_drive(ClubFactory())
    submit(table_of(drive), 1, PREDICTIONS, TRICKS)
    page = phone(**zoomed(200))
    page.goto(link(drive))
    expect(page.locator(".wist-score")).to_contain_text("Deal 1 of game 1 is in")
    assert_fits_phone(page)
    for place, label in enumerate(("1", "1", "1", "1", "Wist")):
        choose(page, place, label)
    for place in range(5, 10):
        choose(page, place, "2")
    expect(page.locator("table.wist-check")).to_be_visible()
    assert_fits_phone(page)
    shoot(page, "captain-wist-zoom")


@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_points_tables_fit_their_boxes_in_large_type(phone, language) -> None:
    """At 175 % text the game's points (four figures across under "Partita",
    "Whist") and the deal's check ("Deklaracja") were wider than their boxes,
    which scrolled sideways; at 200 % too. At 100, 175 and 200 %, by the text
    size and by the page zoom, with long names: both fit their boxes, their
    headings and figures split no word, and the page fits the screen."""
    from django.utils import translation

    from tests.e2e.captain_phone import LONG_NAMES, name_the_players_at
    from tests.e2e.words_fit import SPLIT_WORDS
    from tests.scoring.captain_phone import table_of
    from tests.scoring.prediction_captain import PREDICTIONS, TRICKS, submit

    drive = five_player_drive(ClubFactory(language=language))
    name_the_players_at(drive, 1, (*LONG_NAMES, "Giulia Rossi"))
    submit(table_of(drive), 1, PREDICTIONS, TRICKS)
    with translation.override(language):
        wist = translation.gettext("Wist")
    page = phone(bypass_csp=True)
    page.goto(link(drive))
    expect(page.locator(".wist-score")).to_be_visible()
    for place, label in enumerate(("1", "1", "1", "1", wist)):
        choose(page, place, label)
    for place in range(5, 10):
        choose(page, place, "2")
    expect(page.locator("table.wist-check")).to_be_visible()
    found = {}
    for way in ("text", "zoom"):
        for percent in (100, 175, 200):
            if way == "text":
                larger_text(page, percent)
            else:
                larger_text(page, 100)
                page.set_viewport_size(zoomed(percent)["viewport"])
            faults = page.locator(".wist-scroll").evaluate_all(
                "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b =>"
                " `${b.firstElementChild.className} ${b.scrollWidth}px in ${b.clientWidth}px`)"
            )
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > page.viewport_size["width"]:
                faults.append(f"the page {width}px wide")
            faults += page.evaluate(
                SPLIT_WORDS, "table.wist-table thead th, table.wist-table td"
            )
            if faults:
                found[f"{way} {percent} %"] = faults
            shoot(page, f"captain-wist-{language}-{way}-{percent}")
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_a_tap_overtaken_by_an_older_check_is_put_back(phone) -> None:
    """On a slow line the answer to one tap's check can land just after the
    next tap: the form it brings lacks that tap. The phone puts the tap back
    from its draft and asks again, so no tap is lost."""
    drive = five_player_drive(ClubFactory())
    page = phone()
    page.goto(link(drive))
    choose(page, 0, SAID[0])
    # The form as the server answered the first tap: the second not in it.
    stale = page.locator("#wist-form").evaluate("form => form.outerHTML")
    choose(page, 1, SAID[1])
    expect(page.locator('[data-slot="predictions-status"]')).to_have_text(
        "3 predictions to enter."
    )
    # That older answer lands now, over the form with both taps.
    page.evaluate(
        "html => htmx.swap('#wist-form', html, {swapStyle: 'outerHTML'})", stale
    )
    expect(player(page, 1).get_by_label(SAID[1], exact=True)).to_be_checked()
    expect(page.locator('[data-slot="predictions-status"]')).to_have_text(
        "3 predictions to enter."
    )
