"""One person who helps to run a Polish and a Russian club of one site, in the
browser: chosen after logging in, named at the top of every page, changed with
Change club, followed by a link into the other club; on a 360 px phone
without JavaScript, and with it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from players.models import Role
from tests.e2e.conftest import keep_screenshot
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)

pytestmark = pytest.mark.e2e

PASSWORD = "Lipa-2025-kwiecien"


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
    page.goto("/login/")
    page.fill("#id_username", "anna")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/club/")
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
    # Change club, in the header, fits the phone and leads back to the choice.
    change = header.locator(".club-change")
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
