"""Results by e-mail in a real browser: the preview, then the progress bar moving
batch by batch, the list, and Send again to the one the mail server refused."""

from __future__ import annotations

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

from printing.models import ResultMail
from tests.e2e.phone_fit import assert_fits_phone
from tests.e2e.sign_in import log_in
from tests.e2e.waits import handed_over
from tests.factories import (
    drive_with_players,
    olive,
    play_drive,
)
from tests.printing.failing_mail import FAILING

pytestmark = pytest.mark.e2e


@pytest.mark.django_db(transaction=True)
def test_send_results_with_a_progress_bar(page: Page, live_server, settings):
    drive = play_drive(drive_with_players(players=12, hands=4))
    for entry in drive.entries.select_related("player"):
        player = entry.player
        player.email = FAILING if entry.number == 5 else f"p{entry.number}@example.org"
        player.email_consent = True
        player.save()
    olive(drive.club)
    # Two players a request: six batches, so the bar has somewhere to move.
    settings.RESULTS_MAIL_BATCH = 2
    settings.EMAIL_BACKEND = "tests.printing.failing_mail.FailingBackend"
    url = f"/drives/{drive.pk}/results/mail/"

    # The third batch waits until the test has seen the bar part-way.
    posts: list[object] = []

    def hold_third(route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route)
        if len(posts) != 3:
            route.continue_()

    page.goto(url)
    log_in(page)
    page.goto(url)
    expect(page.get_by_role("heading", name="Preview")).to_be_visible()
    # From the club (its name at the site's address), to the first player.
    expect(page.locator("dd").first).to_contain_text(drive.club.name)
    expect(page.locator("dd").nth(1)).to_have_text("p1@example.org")
    assert mail.outbox == []
    page.route(f"**{url}", hold_third)
    page.get_by_role("button", name="Send results by e-mail").click()

    bar = page.locator("progress#mail-bar")
    status = page.get_by_role("status")
    expect(bar).to_have_attribute("value", "4")
    expect(bar).to_have_attribute("max", "12")
    expect(status).to_have_text(
        "Sending… 4 of 12 players done: 4 sent, 0 skipped, 0 failed."
    )
    assert_fits_phone(page)
    assert len(mail.outbox) == 4
    # The third batch's request may reach the route a moment after the page
    # shows the second's answer (Playwright hands it over while it waits).
    handed_over(page, lambda: len(posts) >= 3, "the third batch, held by the route")
    assert len(mail.outbox) == 4  # still held
    posts[2].continue_()

    expect(status).to_have_text(
        "Finished. 12 of 12 players done: 11 sent, 0 skipped, 1 failed."
    )
    expect(bar).to_have_attribute("value", "12")
    assert len(posts) == 6
    page.unroute(f"**{url}")
    assert len(mail.outbox) == 11
    failed_row = page.locator("#mail-row-5")
    expect(failed_row).to_contain_text("Failed")
    expect(failed_row).to_contain_text("ConnectionRefusedError")
    expect(page.locator("#mail-row-12")).to_contain_text("Sent")

    # The mail server takes it now.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    page.get_by_role("button", name="Send again to the 1 that failed").click()
    expect(status).to_have_text(
        "Finished. 1 of 1 player done: 1 sent, 0 skipped, 0 failed."
    )
    expect(page.locator("#mail-row-5")).to_contain_text("Sent")
    expect(
        page.get_by_role("button", name="Send again to the 1 that failed")
    ).to_have_count(0)
    assert len(mail.outbox) == 12
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [FAILING] + [f"p{n}@example.org" for n in range(1, 13) if n != 5]
    )
    assert ResultMail.objects.filter(drive=drive, status="sent").count() == 12
