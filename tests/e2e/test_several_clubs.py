"""One person who helps to run a Polish and a Russian club of one site, in the
browser: chosen after logging in, named at the top of every page, changed with
Change club, followed by a link into the other club; on a 360 px phone
without JavaScript, and with it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from players.models import Role
from tests.e2e.conftest import keep_screenshot, site_menu
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)

pytestmark = pytest.mark.e2e


@pytest.fixture
def clubs(transactional_db):
    trefl = ClubFactory(name="Klub Wista „Trefl”", language="pl", currency="PLN")
    piki = ClubFactory(name="Клуб виста «Пики»", language="ru", currency="RUB")
    user = UserFactory(username="anna")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    MembershipFactory(club=piki, user=user, role=Role.ASSISTANT)
    drive = drive_with_players(players=8, club=trefl, start=False, name="Piątkowy")
    return trefl, piki, drive


@pytest.mark.parametrize("tab", ["page", "small_phone_without_javascript"])
def test_choosing_changing_and_following_a_link(clubs, tab, request):
    page = request.getfixturevalue(tab)
    trefl, piki, drive = clubs
    log_in(page, "anna", lands_on="/club/")
    page.click(f"button[value='{piki.pk}']")
    page.wait_for_url("**/drives/")
    header = page.locator(".site-header")
    expect(header.locator(".brand")).to_have_text(piki.name)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    # The Polish club's drive is not on the Russian club's list...
    expect(page.locator("main")).not_to_contain_text("Piątkowy")
    # ...but its bookmark opens it, in Polish, saying so.
    page.goto(f"/drives/{drive.pk}/")
    expect(header.locator(".brand")).to_have_text(trefl.name)
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.locator(".messages")).to_contain_text("Pracujesz teraz w klubie")
    # Change club, in the header's menu, fits the phone and leads back to the choice.
    change = site_menu(page).locator(".club-change")
    expect(change).to_have_text("Zmień klub")
    box = change.bounding_box()
    assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
    assert (
        page.evaluate("document.documentElement.scrollWidth")
        <= (page.viewport_size["width"])
    )
    keep_screenshot(page, f"several-clubs-{tab}")
    change.click()
    page.wait_for_url("**/club/")
    expect(page.locator(".club-choice [aria-current=true]")).to_have_text(trefl.name)


# --- two tabs of one person, each on another club -------------------------------------


@pytest.fixture
def organiser_of_both(transactional_db):
    """Anna organises both clubs; a drive of the Russian one is in play."""
    trefl = ClubFactory(name="Klub Wista „Trefl”", language="pl", currency="PLN")
    piki = ClubFactory(name="Клуб виста «Пики»", language="ru", currency="RUB")
    user = UserFactory(username="anna")
    user.set_password(PASSWORD)
    user.save()
    MembershipFactory(club=trefl, user=user, role=Role.ORGANISER)
    MembershipFactory(club=piki, user=user, role=Role.ORGANISER)
    drive = drive_with_players(players=8, club=piki, name="Пятничный")
    return trefl, piki, drive


def _two_tabs(browser, live_server, javascript: bool):
    """Two tabs of one browser (one session), logged in as Anna, working in
    Trefl."""
    context = browser.new_context(
        base_url=live_server.url,
        locale="en-GB",
        viewport={"width": 390, "height": 844},
        java_script_enabled=javascript,
    )
    context.set_default_timeout(10_000)
    first = context.new_page()
    log_in(first, "anna", lands_on="/club/")
    return first, context.new_page()


def _choose(tab, club) -> None:
    tab.goto("/club/")
    tab.click(f"button[value='{club.pk}']")
    tab.wait_for_url("**/drives/")
    expect(tab.locator(".site-header .brand")).to_have_text(club.name)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_player_added_in_a_tab_of_the_other_club_is_refused(
    organiser_of_both, browser, live_server, javascript
):
    """Tab 1 shows Trefl's roster and its form; tab 2 changes to Piki; the
    form of tab 1, sent, writes nothing into Piki: it says so, and goes on in
    Trefl."""
    from players.models import Player

    trefl, piki, _drive = organiser_of_both
    tab1, tab2 = _two_tabs(browser, live_server, javascript)
    _choose(tab1, trefl)
    tab1.goto("/players/")
    tab1.fill("#id_name", "Zofia Nowak")
    _choose(tab2, piki)
    tab1.click("form:has(#id_name) button[type=submit]")
    expect(tab1.locator("h1")).to_have_text("Ничего не сохранено")
    expect(tab1.locator("main")).to_contain_text(
        f"Эта форма была для клуба «{trefl.name}», а теперь вы работаете в клубе "
        f"«{piki.name}». Ничего не сохранено."
    )
    keep_screenshot(tab1, f"stale-form-refused-{'js' if javascript else 'no-js'}")
    assert not Player.objects.filter(name="Zofia Nowak").exists()
    tab1.get_by_role("button", name=f"Работать в клубе «{trefl.name}»").click()
    tab1.wait_for_url("**/players/")
    expect(tab1.locator("html")).to_have_attribute("lang", "pl")
    tab1.fill("#id_name", "Zofia Nowak")
    tab1.click("form:has(#id_name) button[type=submit]")
    expect(tab1.locator(".messages")).to_contain_text("Zofia Nowak")
    assert Player.objects.get(name="Zofia Nowak").club == trefl


def test_a_room_refreshing_itself_without_javascript_moves_no_other_tab(
    organiser_of_both, browser, live_server
):
    """Tab 1, without JavaScript, shows Piki's room, which reloads itself every
    20 seconds (<meta http-equiv="refresh">); tab 2 works in Trefl. The reload
    shows Piki's room again and leaves tab 2's club alone."""
    trefl, piki, drive = organiser_of_both
    tab1, tab2 = _two_tabs(browser, live_server, javascript=False)
    _choose(tab1, trefl)
    tab1.goto(f"/drives/{drive.pk}/room/")
    expect(tab1.locator(".site-header .brand")).to_have_text(piki.name)
    _choose(tab2, trefl)
    with tab1.expect_request(f"**/drives/{drive.pk}/room/", timeout=40_000) as asked:
        pass
    refresh = asked.value
    assert refresh.is_navigation_request()
    # The browser says the page asked for itself, not the person.
    assert "sec-fetch-user" not in refresh.all_headers()
    tab1.wait_for_load_state()
    expect(tab1.locator(".site-header .brand")).to_have_text(piki.name)
    expect(tab1.locator(".messages")).to_have_count(0)
    keep_screenshot(tab1, "room-refreshed-of-the-other-club")
    tab2.reload()
    expect(tab2.locator(".site-header .brand")).to_have_text(trefl.name)
    tab2.goto("/drives/")
    expect(tab2.locator(".site-header .brand")).to_have_text(trefl.name)


@pytest.mark.usefixtures("quick_polling")
def test_with_javascript_the_room_polls_and_a_click_still_moves(
    organiser_of_both, browser, live_server
):
    """With JavaScript, Piki's room asks for news by itself (htmx) and leaves
    the other tab's club alone; the person's own click on a link into Piki
    (followed by htmx, with no Sec-Fetch-User of its own) takes them there."""
    trefl, piki, drive = organiser_of_both
    tab1, tab2 = _two_tabs(browser, live_server, javascript=True)
    tab1.goto(f"/drives/{drive.pk}/room/")
    expect(tab1.locator(".site-header .brand")).to_have_text(piki.name)
    _choose(tab2, trefl)
    with tab1.expect_request(f"**/drives/{drive.pk}/room/") as asked:
        pass
    assert asked.value.header_value("hx-request") == "true"
    tab1.wait_for_load_state("networkidle")
    tab2.goto("/drives/")
    expect(tab2.locator(".site-header .brand")).to_have_text(trefl.name)
    tab2.goto(f"/drives/{drive.pk}/room/")
    expect(tab2.locator(".site-header .brand")).to_have_text(piki.name)
    _choose(tab2, trefl)
    overview = f"a[href='/drives/{drive.pk}/']"
    # On a phone the drive's menu is folded: unfold it first.
    tab1.locator(f"details:has({overview}) > summary").click()
    tab1.locator(overview).first.click()
    tab1.wait_for_url(f"**/drives/{drive.pk}/")
    expect(tab1.locator(".messages")).to_contain_text("Теперь вы работаете в клубе")
    tab2.goto("/drives/")
    expect(tab2.locator(".site-header .brand")).to_have_text(piki.name)


# --- two clubs' drives of one name, in the browser ---------------------------------


def test_two_clubs_drives_of_one_name_are_told_apart_in_tabs_and_downloads(
    organiser_of_both, browser, live_server
):
    """Both clubs hold a "Wigilia": each tab's title names its club, and the
    workbooks saved from each are named by their club, so the second does not
    replace the first in the downloads folder."""
    trefl, piki, _ = organiser_of_both
    first, second = _two_tabs(browser, live_server, javascript=True)
    saved = []
    for tab, club in ((first, trefl), (second, piki)):
        drive = drive_with_players(players=8, club=club, name="Wigilia")
        tab.goto(f"/drives/{drive.pk}/")
        assert tab.title() == f"Wigilia · {club.name}"
        with tab.expect_download() as download:
            tab.locator(f"a[href='/drives/{drive.pk}/export.xlsx']").first.click()
        saved.append(download.value.suggested_filename)
    assert saved == [
        "klub-wista-trefl-wigilia-2026-11-27.xlsx",
        "клуб-виста-пики-wigilia-2026-11-27.xlsx",
    ]
    first.context.close()
