"""Captains on the hall's Wi-Fi, in the clubs' languages: what each phone at
a table says when two phones send different results for one hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import services as scoring_services
from scoring.models import HandResult, ResultStatus
from tests.e2e.conftest import link
from tests.e2e.waits import written
from tests.factories import ClubFactory, drive_with_players

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]


def choose(page: Page, ns_tricks: int) -> None:
    """Tap through the odd-tricks steps to the check of `ns_tricks` for N-S
    (by the buttons' values: the words are the page's language)."""
    won, odd = ("NS", ns_tricks - 6) if ns_tricks >= 7 else ("EW", 7 - ns_tricks)
    page.locator(f'button[name="won"][value="{won}"]').click()
    page.locator(f'button[name="odd"][value="{odd}"]').click()
    expect(page.locator("table.check")).to_be_visible()


def test_both_phones_at_a_table_read_what_the_other_sent_while_it_is_settled(
    phone,
) -> None:
    drive = drive_with_players(players=8, club=ClubFactory(language="ru"), hands=2)
    first, second = phone(), phone()
    # The second phone sends before it hears of the first one's result.
    second.route(re.compile(r"/news/"), lambda route: route.abort())
    first.goto(link(drive, 1))
    second.goto(link(drive, 1))
    choose(first, 9)
    choose(second, 5)
    first.locator("[data-send]").click()
    expect(first.locator(".captain-big").first).to_have_text("Ждём: стол 2.")
    second.locator("[data-send]").click()
    expect(second.locator("#captain-notice")).to_contain_text("Ваш (С-Ю 5, В-З 8)")
    # The first phone's page updates by itself; each lists both results.
    for page in (first, second):
        expect(page.locator(".waiting")).to_contain_text(
            "По сдаче 1 пришли разные результаты; организатор их разбирает:"
        )
        expect(page.locator("ul.disputed li")).to_have_text(
            ["С-Ю 9, В-З 4", "С-Ю 5, В-З 8"]
        )
    assert list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("ns_tricks", "status")
    ) == [(9, ResultStatus.CONFIRMED), (5, ResultStatus.CONFLICT)]


def test_a_hand_the_organiser_corrects_while_the_phone_waits_says_so(phone) -> None:
    drive = drive_with_players(players=8, club=ClubFactory(language="pl"), hands=2)
    page = phone()
    page.goto(link(drive, 1))
    choose(page, 9)
    page.locator("[data-send]").click()
    done = page.locator(".waiting .done")
    expect(done).to_have_text("Rozdanie 1 zapisane, lewy: N-S 9, E-W 4.")
    # The organiser types the same numbers again: nothing to say. The page has
    # asked since and put the answer in place: the answer to a second ask, whose
    # request left after the first answer, is shown before a third leaves.
    written(
        page,
        lambda: scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=9
        ),
    )
    page_url = link(drive, 1)

    def the_pages_ask(response) -> bool:
        return response.request.headers.get("hx-request") == "true" and (
            response.url.endswith(page_url)
        )

    for _ in range(3):
        with page.expect_response(the_pages_ask):
            pass
    expect(done).to_have_text("Rozdanie 1 zapisane, lewy: N-S 9, E-W 4.")
    # The organiser corrects it: the page, updating itself, says who changed it.
    written(
        page,
        lambda: scoring_services.hand_result_submit(
            drive=drive, table=1, hand=1, ns_tricks=3
        ),
    )
    expect(done).to_have_text(
        "Rozdanie 1 zapisane tak, jak poprawił je organizator, lewy: N-S 3, E-W 10."
    )


def test_a_correction_of_an_earlier_hand_leaves_the_captain_at_the_check(
    phone,
) -> None:
    drive = drive_with_players(players=8, club=ClubFactory(language="ru"), hands=3)
    for table in (1, 2):
        scoring_services.hand_result_submit(
            drive=drive, table=table, hand=1, ns_tricks=7
        )
    page = phone()
    page.goto(link(drive, 1))
    choose(page, 10)
    check = page.locator("table.check")
    # The organiser corrects hand 1 at this table: the page loads again ...
    with page.expect_navigation():
        written(
            page,
            lambda: scoring_services.hand_result_submit(
                drive=drive, table=1, hand=1, ns_tricks=4
            ),
        )
    # ... and still shows the check the captain was about to send.
    expect(page.get_by_role("heading", name="Проверить сдачу 2")).to_be_visible()
    expect(check).to_be_visible()
    expect(check.locator('[data-slot="ns-tricks"]')).to_have_text("10")
    expect(check.locator('[data-slot="ew-tricks"]')).to_have_text("3")
    page.locator("[data-send]").click()
    expect(page.locator(".waiting .done")).to_have_text(
        "Сдача 2 принята, взятки: С-Ю 10, В-З 3."
    )
    assert list(
        HandResult.objects.filter(
            table__drive=drive, table__number=1, hand=2
        ).values_list("ns_tricks", "status")
    ) == [(10, ResultStatus.CONFIRMED)]
