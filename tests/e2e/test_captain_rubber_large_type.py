"""A Russian club's rubber hand on the captain's phone at twice the text size
(360 px phone, the phone's text size and the page zoom): the honours step and
the folded revoke step keep each word whole inside its button ("Ренонс обеих
сторон (сдача аннулирована)" never leaves its ")" on a line of its own)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.captain_phone import shoot
from tests.e2e.conftest import larger_text, link, zoomed
from tests.e2e.large_type import faults
from tests.factories import ClubFactory, rubber_drive

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("quick_polling")]

HONOURS = ".pick-honours button.pick"
REVOKE = ".pick-revoke button.pick"


@pytest.mark.parametrize("way", ("text", "zoom"))
def test_a_russian_rubber_hands_honours_and_revoke_fit_at_200(phone, way) -> None:
    drive = rubber_drive(
        ClubFactory(language="ru"), rubber_preset="russian", count_honours=True
    )
    page = phone(bypass_csp=True) if way == "text" else phone(**zoomed(200))
    page.goto(link(drive, 1))
    if way == "text":
        larger_text(page, 200)
    page.locator('button[name="won"][value="NS"]').click()
    page.locator('button[name="odd"][value="2"]').click()
    expect(page.locator(HONOURS).first).to_be_visible()
    found = faults(page, "ru", HONOURS)
    page.locator(f'{HONOURS}[value="NS3"]').click()
    page.get_by_text("Ренонс?").click()
    both = page.locator(f'{REVOKE}[value="both"]')
    expect(both).to_have_text("Ренонс обеих сторон (сдача аннулирована)")
    shoot(page, f"captain-rubber-revoke-ru-200-{way}")
    found += faults(page, "ru", REVOKE)
    assert found == [], "\n".join(dict.fromkeys(found))
