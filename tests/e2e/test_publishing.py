"""Publishing a finished drive in a real browser, on a 360 px phone without JavaScript:
the drive's link to the website's settings, the address and key saved, the
button, and the drive saying where it was published; the website is a
stand-in (tests/printing/test_publishing_client.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from printing.models import Publication
from tests.e2e.conftest import keep_screenshot
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_drive,
)
from tests.printing.publishing_site import PUBLIC, Website, closed_port

pytestmark = pytest.mark.e2e


@pytest.fixture
def website():
    site = Website()
    yield site
    site.close()


@pytest.mark.django_db(transaction=True)
def test_publish_a_finished_drive_from_the_drive_page(
    small_phone_without_javascript: Page, live_server, website
):
    page = small_phone_without_javascript
    drive = play_drive(drive_with_players(players=8, hands=4))
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/")
    log_in(page)
    page.goto(f"/drives/{drive.pk}/")
    page.get_by_role("link", name="Publish to the club's website").click()
    expect(page.locator("#publish-status")).to_have_text("Not yet published.")
    page.get_by_role(
        "link",
        name="Give the club's website address and key, to publish the results there",
    ).click()
    expect(
        page.get_by_role("heading", name="The club's website", exact=True)
    ).to_be_visible()
    assert_fits_phone(page)
    # First a website out of reach: the drive waits, saying why.
    page.get_by_label("The club's website").fill(closed_port())
    page.get_by_label("Publishing key").fill("wdp_the-key")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("The club's website is saved.")).to_be_visible()
    page.goto(f"/drives/{drive.pk}/publish/")
    page.get_by_role("button", name="Publish to the club's website").click()
    expect(page.locator("#publish-status")).to_contain_text(
        "Not yet published: the website could not be reached"
    )
    assert_fits_phone(page)
    keep_screenshot(page, "publish-not-yet")
    # Then the right address: published, with the link to the results.
    page.goto("/club/website/")
    page.get_by_label("The club's website").fill(website.url)
    page.get_by_role("button", name="Save").click()
    page.goto(f"/drives/{drive.pk}/publish/")
    page.get_by_role("button", name="Publish to the club's website").click()
    expect(page.locator("#publish-status")).to_contain_text(f"to {website.url}")
    link = page.get_by_role("link", name="The results on the website")
    expect(link).to_have_attribute("href", PUBLIC)
    assert_fits_phone(page)
    keep_screenshot(page, "publish-done")
    assert website.received[0][0]["Authorization"] == "Bearer wdp_the-key"
    assert Publication.objects.get(drive=drive).public_url == PUBLIC


@pytest.mark.django_db(transaction=True)
def test_the_website_page_in_polish(small_phone_without_javascript: Page, live_server):
    page = small_phone_without_javascript
    drive = play_drive(drive_with_players(players=8, hands=4))
    drive.club.language = "pl"
    drive.club.save(update_fields=["language"])
    olive(drive.club)
    page.goto("/club/website/")
    # The login page already speaks the site's only club's language.
    expect(page.get_by_role("button", name="Zaloguj się")).to_be_visible()
    log_in(page)
    page.goto("/club/website/")
    expect(page.get_by_role("heading", name="Strona internetowa klubu")).to_be_visible()
    page.get_by_label("Nazwa nowego klucza").fill("Laptop w sali")
    page.get_by_role("button", name="Utwórz klucz").click()
    key = page.locator("#new-key").inner_text()
    assert key.startswith("wdp_")
    assert_fits_phone(page)
    keep_screenshot(page, "publish-keys-pl")
    page.goto(f"/drives/{drive.pk}/")
    page.get_by_role("link", name="Opublikuj na stronie klubu").click()
    expect(page.locator("#publish-status")).to_have_text("Jeszcze nie opublikowano.")
