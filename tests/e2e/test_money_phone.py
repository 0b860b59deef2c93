"""The money page on a 360 px phone, in every language and at twice the text
size (the text enlarged, or the page zoomed): the payers and the evening's
other lines were a table that scrolled sideways inside its box, its "Metodă"
(payment method) heading cut at the screen's edge until scrolled to. Now each
payer and each line is a card, one line per value with its column's name
beside it, and the page never scrolls sideways: every name of a value is on
the screen."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import expect

from drive import money_services
from drive.models import Entry, MoneyLine
from tests.e2e.conftest import (
    SMALL_PHONE,
    TIMEOUT_MS,
    keep_screenshot,
    larger_text,
    zoomed,
)
from tests.e2e.sign_in import log_in
from tests.factories import drive_with_players, olive

pytestmark = pytest.mark.e2e

PAYER_LABELS = ("No.", "Name", "Fee", "Paid", "Method", "Note")
LINE_LABELS = ("Kind", "What for", "Amount", "By")

# The words of `labels` that no heading or cell label of the table shows whole
# on the screen, and any table box that scrolls sideways.
OFF_SCREEN = """
([table, labels]) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && el.checkVisibility()
      && box.left >= -0.5 && box.right <= width + 0.5;
  };
  const words = document.querySelectorAll(`${table} th, ${table} .cell-label`);
  for (const label of labels)
    if (![...words].some((el) => el.innerText.trim() === label && shown(el)))
      found.push(`"${label}" is not on the screen`);
  for (const el of document.querySelectorAll(`${table} .cell-value`))
    if (el.innerText.trim() && !shown(el))
      found.push(`"${el.innerText.trim()}" is not on the screen`);
  for (const box of document.querySelectorAll('.scroll-x'))
    if (box.scrollWidth > box.clientWidth)
      found.push(`a table scrolls ${box.scrollWidth - box.clientWidth}px sideways`);
  return found;
}
"""


def money_evening():
    """A drive of eight with one payer (card, a note) and one raffle line."""
    drive = drive_with_players(players=8, start=False)
    olive(drive.club)
    money_services.fee_set(drive=drive, fee="2.50")
    money_services.entry_pay(
        entry=Entry.objects.get(drive=drive, number=1),
        method="card",
        note="Paid for her sister too, next week",
    )
    money_services.money_line_add(
        drive=drive, kind="income", amount="10.05", note="Raffle"
    )
    return drive


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("way", ("plain", "text 200 %", "zoom 200 %"))
@pytest.mark.parametrize("language", ("en-gb", "pl", "ru", "ro", "it"))
def test_the_money_page_fits_a_small_phone_in_every_language(
    browser, live_server, language, way
):
    drive = money_evening()
    line = MoneyLine.objects.get(drive=drive)
    with translation.override(language):
        payer_labels = [translation.gettext(w) for w in PAYER_LABELS]
        line_labels = [translation.gettext(w) for w in LINE_LABELS]
    context = browser.new_context(
        base_url=live_server.url,
        bypass_csp=True,
        **(zoomed(200) if way.startswith("zoom") else {"viewport": SMALL_PHONE}),
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies(
        [
            {
                "name": settings.LANGUAGE_COOKIE_NAME,
                "value": language,
                "url": live_server.url,
            }
        ]
    )
    try:
        page = context.new_page()
        log_in(page)
        page.goto(f"/drives/{drive.pk}/money/")
        assert page.locator("html").get_attribute("lang") == language
        if way.startswith("text"):
            larger_text(page, 200)
        keep_screenshot(page, f"money-{language}-{way.split()[0]}")
        width, screen = page.evaluate(
            "[document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert width <= screen, f"the page is {width}px wide in {screen}px"
        off = page.evaluate(OFF_SCREEN, ["table.money", payer_labels])
        off += page.evaluate(OFF_SCREEN, ["table.money-lines", line_labels])
        assert off == [], off
        # Each value is named: a card's lines say what they are.
        expect(page.locator("#pay-1 .cell-label")).to_have_text(payer_labels)
        expect(page.locator(f"#line-{line.pk} .cell-label")).to_have_text(line_labels)
    finally:
        context.close()
