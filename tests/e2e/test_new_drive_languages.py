"""Tonight's drive set up in minutes, in the club's language (DESIGN.md
section 1): the new drive's form on a 360 px phone without JavaScript and on
a laptop zoomed to 200 %, its choices said in plain words, a mistake told at
its field with everything else kept; and a movement that would leave the
registered players behind refused once the door is open."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from drive.models import Drive
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LOG_IN = {"ru": "Войти", "pl": "Zaloguj się", "ro": "Autentificare", "it": "Accedi"}
# A laptop's 1280 x 800 screen zoomed to 200 %.
LAPTOP_AT_200 = {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2}


def club_of(language: str):
    club = ClubFactory(language=language)
    MembershipFactory(club=club, user=UserFactory(username="olga", password=PASSWORD))
    return club


def logged_in(browser, live_server, language: str, path: str, **options) -> Page:
    context = browser.new_context(base_url=live_server.url, **options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(path)
    expect(page.get_by_role("button", name=LOG_IN[language])).to_be_visible()
    log_in(page, "olga")
    return page


@pytest.mark.parametrize(
    ("language", "options"),
    [
        ("ru", {"viewport": SMALL_PHONE, "java_script_enabled": False}),
        ("pl", LAPTOP_AT_200),
    ],
)
def test_a_mistake_on_the_new_drive_form_is_told_at_its_field(
    browser, live_server, language, options
) -> None:
    club_of(language)
    page = logged_in(browser, live_server, language, "/drives/new/", **options)
    words = {
        "ru": ("Дамы", "Среднее по залу: каждая", "Дайте каждой группе название"),
        "pl": ("Panie", "Średnia sali: każde", "Nadaj każdej grupie nazwę"),
    }[language]
    default_a, compensation, name_it = words
    expect(page.locator("#id_group_a_label")).to_have_value(default_a)
    expect(page.get_by_text(compensation)).to_be_visible()
    assert overflow(page) == []
    page.locator("#id_name").fill("Вечер пятницы" if language == "ru" else "Piątek")
    page.locator("#id_hands").fill("25")
    page.locator("#id_hands_per_round").select_option("4")
    page.locator("#id_group_a_label").fill("   ")
    page.locator("form.stack button.primary").click()
    # The page opens again at its top: the mistakes are listed there, each
    # a link to its field, far down a phone's screens.
    summary = page.locator("form.stack .errors[role=alert]")
    expect(summary).to_be_in_viewport()
    expect(summary.locator("a")).to_have_count(2)
    summary.locator("a[href='#id_group_a_label']").click()
    expect(page.locator("#id_group_a_label")).to_be_in_viewport()
    expect(page.get_by_text(name_it)).to_be_visible()
    # The hands field's own message (the club's name, "Club 1258", also
    # holds "25").
    expect(page.locator("p.error", has_text=re.compile(r"^25 "))).to_be_visible()
    # What was typed stays.
    expect(page.locator("#id_name")).to_have_value(
        "Вечер пятницы" if language == "ru" else "Piątek"
    )
    expect(page.locator("#id_hands_per_round")).to_have_value("4")
    assert overflow(page) == []
    keep_screenshot(page, f"new-drive-mistake-{language}")
    assert not Drive.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ro", "Jucătorii sunt deja înscriși în perechi"),
        ("it", "I giocatori sono già iscritti a coppie"),
    ],
)
def test_after_registration_a_movement_registering_alone_is_refused(
    browser, live_server, language, words
) -> None:
    club = club_of(language)
    drive = drive_with_players(players=8, start=False, club=club, format="partners")
    page = logged_in(
        browser,
        live_server,
        language,
        f"/drives/{drive.pk}/edit/",
        viewport=SMALL_PHONE,
        java_script_enabled=False,
    )
    format_field = page.locator("[name=format]").first
    if format_field.evaluate("el => el.tagName") == "SELECT":
        format_field.select_option("progressive")
    else:
        page.locator("input[name=format][value=progressive]").check()
    page.locator("form.stack button.primary").click()
    expect(
        page.locator("form.stack .errors a[href='#id_format_label']")
    ).to_be_in_viewport()
    keep_screenshot(page, f"edit-movement-refused-top-{language}")
    expect(page.get_by_text(words)).to_be_visible()
    assert overflow(page) == []
    keep_screenshot(page, f"edit-movement-refused-{language}")
    drive.refresh_from_db()
    assert drive.format == "partners"
