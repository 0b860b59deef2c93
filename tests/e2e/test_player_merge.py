"""Merging two players in a Polish club, as the secretary meets it on a
360 px phone: from the player's page, the other row offered with its
drives, what will happen, confirm; both drives then on one history. Without
JavaScript, with the page zoomed to 200 %; and two players of one drive
refused, saying which."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Page, expect

from drive.models import Entry
from players.models import Player
from tests.e2e.conftest import SMALL_PHONE, TIMEOUT_MS, keep_screenshot, zoomed
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import ClubFactory, MembershipFactory, UserFactory, play_drive
from tests.prizes.fixtures import two_hand_drive

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def polish_club():
    club = ClubFactory(language="pl", currency="PLN", time_zone="Europe/Warsaw")
    MembershipFactory(club=club, user=UserFactory(username="ola", password=PASSWORD))
    return club


def played(club, players: list[Player], day: int, name: str):
    drive = two_hand_drive(
        club, players=players, date=datetime.date(2026, 3, day), seed=day
    )
    drive.name = name
    drive.save(update_fields=["name"])
    return play_drive(drive, tricks=lambda deal: 8)


def logged_in(browser, live_server, path: str, **options) -> Page:
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", **options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(path)
    expect(page.get_by_role("button", name="Zaloguj")).to_be_visible()
    log_in(page, "ola")
    return page


def fits(page: Page) -> None:
    assert overflow(page) == [], overflow(page)


def test_a_merge_on_a_phone_without_javascript_at_200_percent(
    browser, live_server
) -> None:
    club = polish_club()
    anna = Player.objects.create(club=club, name="Anna Wiśniewska", phone="600 100 200")
    typo = Player.objects.create(club=club, name="Anna Wisniewska", group="A")
    others = [Player.objects.create(club=club, name=f"Gracz {n}") for n in "BCD"]
    played(club, [anna, *others], 6, "Turniej marcowy")
    played(club, [typo, *others], 13, "Turniej wiosenny")
    played(club, [others[0], typo, *others[1:]], 20, "Turniej klubowy")
    page = logged_in(
        browser,
        live_server,
        f"/players/{anna.pk}/",
        java_script_enabled=False,
        **zoomed(200),
    )

    page.get_by_role("link", name="Połącz z innym graczem…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Połącz wpis „Anna Wiśniewska” z innym graczem"
    )
    expect(page.get_by_text("Anna Wiśniewska: 1 turniej, ostatni")).to_be_visible()
    other = page.get_by_role("button", name="Anna Wisniewska")
    expect(other).to_contain_text("2 turnieje, ostatni 20 mar 2026")
    fits(page)
    keep_screenshot(page, "merge-choose-pl-200")

    other.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Połączyć dwa wpisy z listy graczy?"
    )
    what = page.locator(".merge-what")
    expect(what).to_contain_text(
        "2 turnieje z wpisu „Anna Wisniewska” przechodzą do wpisu „Anna Wiśniewska”"
    )
    expect(what).to_contain_text("Turniej wiosenny, 13 mar 2026")
    expect(what).to_contain_text("Turniej klubowy, 20 mar 2026")
    # The kept player keeps their phone and takes the group preference.
    expect(what).to_contain_text("600 100 200")
    # Named as the club's drives name group A (this test's drives are the
    # factory's, in English), not "Grupa A".
    expect(what).to_contain_text("Grupa: Ladies (z wpisu „Anna Wisniewska”)")
    expect(page.get_by_text("Połączenia nie da się cofnąć.")).to_be_visible()
    fits(page)
    keep_screenshot(page, "merge-confirm-pl-200")

    page.get_by_role("button", name="Połącz i zachowaj wpis „Anna Wiśniewska”").click()
    expect(page.locator(".messages")).to_contain_text(
        "Połączono: Anna Wisniewska → Anna Wiśniewska; przeniesiono 2 turnieje."
    )
    expect(page.locator(".merged")).to_contain_text(
        "Wpis „Anna Wisniewska” dołączono do tego gracza"
    )
    expect(page.locator(".merged")).to_contain_text("(kto: ola)")
    fits(page)
    keep_screenshot(page, "merge-done-pl-200")
    assert not Player.objects.filter(pk=typo.pk).exists()
    assert Entry.objects.filter(player=anna).count() == 3

    page.goto(f"/players/{anna.pk}/history/")
    rows = page.locator("table.history tbody tr")
    expect(rows).to_have_count(3)
    keep_screenshot(page, "merge-history-pl-200")


def test_two_players_of_one_drive_are_refused_on_a_phone(browser, live_server) -> None:
    club = polish_club()
    olga = Player.objects.create(club=club, name="Ольга Федорова")
    twin = Player.objects.create(club=club, name="Федорова Ольга")
    others = [Player.objects.create(club=club, name=f"Gracz {n}") for n in "BC"]
    played(club, [olga, twin, *others], 6, "Turniej marcowy")
    page = logged_in(
        browser, live_server, f"/players/{olga.pk}/merge/", viewport=SMALL_PHONE
    )
    page.get_by_role("button", name="Федорова Ольга").click()
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text(
        "Ольга Федорова i Федорова Ольга mają zgłoszenia na ten sam turniej, "
        "Turniej marcowy (6 mar 2026)"
    )
    expect(refusal).to_contain_text("nie można ich połączyć")
    expect(page.get_by_role("button", name="Połącz i zachowaj wpis")).to_have_count(0)
    fits(page)
    keep_screenshot(page, "merge-refused-pl-360")
    page.get_by_role("link", name="Wybierz innego gracza").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Ольга Федорова")
    assert Player.objects.filter(pk__in=[olga.pk, twin.pk]).count() == 2
