"""The first visit from a Polish browser (issue 31): the set-up page in Polish,
its language switch, and the club made with the browser's language, time zone
and currency, welcomed in Polish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from players.models import Club
from tests.e2e.conftest import PHONE, TIMEOUT_MS
from tests.e2e.sign_in import PASSWORD


@pytest.fixture
def polish_page(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", viewport=PHONE
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.e2e
def test_a_polish_browser_sets_up_a_polish_club(polish_page: Page) -> None:
    page = polish_page
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/setup/$"))
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.get_by_role("heading", name="Witaj")).to_be_visible()
    expect(page.get_by_label("Język klubu")).to_have_value("pl")
    expect(page.get_by_label("Strefa czasowa")).to_have_value("Europe/Warsaw")
    expect(page.get_by_label("Waluta")).to_have_value("PLN")
    # Another club language offers its own time zone and currency.
    page.get_by_label("Język klubu").select_option("it")
    expect(page.get_by_label("Strefa czasowa")).to_have_value("Europe/Rome")
    expect(page.get_by_label("Waluta")).to_have_value("EUR")
    page.get_by_label("Język klubu").select_option("pl")
    expect(page.get_by_label("Strefa czasowa")).to_have_value("Europe/Warsaw")
    expect(page.get_by_label("Waluta")).to_have_value("PLN")

    # The switch at the foot of the page works before the club exists too.
    page.get_by_role("button", name="Italiano").click()
    expect(page).to_have_url(re.compile(r"/setup/$"))
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("button", name="Crea il mio club")).to_be_visible()
    page.get_by_role("button", name="Polski").click()
    expect(page.locator("html")).to_have_attribute("lang", "pl")

    page.get_by_label("Nazwa klubu").fill("Klub Wista Kraków")
    page.get_by_label("Twoja nazwa użytkownika").fill("ola")
    page.get_by_label("Hasło", exact=True).fill(PASSWORD)
    page.get_by_label("Powtórz hasło").fill(PASSWORD)
    page.get_by_role("button", name="Utwórz mój klub").click()
    expect(page.get_by_role("heading", name="Turnieje", exact=True)).to_be_visible()
    expect(
        page.get_by_text(
            "Witaj. Utworzono: „Klub Wista Kraków”. Najpierw wpisz graczy na listę graczy (albo zaimportuj ich z arkusza kalkulacyjnego), potem dodaj pierwszy turniej."
        )
    ).to_be_visible()
    club = Club.objects.get()
    assert (club.language, club.time_zone, club.currency) == (
        "pl",
        "Europe/Warsaw",
        "PLN",
    )
