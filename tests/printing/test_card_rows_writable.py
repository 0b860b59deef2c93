"""Score cards are written on at the table: a card whose rows two to a page
would be lower than 6 mm (24 hands on half an A4 page gave 4 mm) is printed
one to a page as usual, and still where the organiser asks for two (their
figures would be under 8 pt: printing.readable), which the print page says;
a short card stays two to a page; and the print page says so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from printing import card_pdf, documents
from printing.pdf import PAPERS
from scoring import cards
from tests.factories import drive_with_players
from tests.printing.printed import BASE, needs_pdftotext, plan
from tests.printing.slip_rows import MM, hand_rows

pytestmark = pytest.mark.django_db


def render(drive, kind="scorecards", **options) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),  # type: ignore[arg-type]
        base_url=BASE,
    )


def test_the_layout_keeps_rows_writable_unless_asked():
    a4 = PAPERS["a4"]
    long = cards.score_cards(plan(hands=24), filled=False)
    # Two to a page: rows of 4 mm, too low; one to a page: writable.
    assert card_pdf.row_height(long, a4, 2) < card_pdf.WRITABLE_ROW
    assert card_pdf.writable_per_page(long, a4, 2, card_pdf.STANDARD) == 1
    assert card_pdf.row_height(long, a4, 1) >= card_pdf.WRITABLE_ROW
    short = cards.score_cards(plan(hands=12), filled=False)
    assert card_pdf.writable_per_page(short, a4, 2, card_pdf.STANDARD) == 2
    assert card_pdf.writable_per_page(short, a4, 4, card_pdf.STANDARD) == 4


@needs_pdftotext
@pytest.mark.parametrize("kind", ["scorecards", "blank-cards"])
def test_a_24_hand_card_is_one_to_a_page_with_rows_to_write_in(kind, tmp_path):
    drive = drive_with_players(players=8, hands=24)
    usual = render(drive, kind, count=4)
    cards_printed = 8 if kind == "scorecards" else 4
    assert usual.pages == cards_printed
    tops = sorted(top for top, _size in hand_rows(usual.data, tmp_path))
    assert len(tops) == 24
    assert min(b - a for a, b in zip(tops, tops[1:], strict=False)) >= 6 * MM
    # Two to a page, asked for, would set the rows' figures under 8 pt: one
    # to a page still, and said (printing.documents.render).
    two = render(drive, kind, count=4, per_page=2)
    assert (two.pages, two.chosen_per_page, two.per_page) == (cards_printed, 2, 1)


def test_a_short_card_stays_two_to_a_page():
    drive = drive_with_players(players=8, hands=12)
    assert render(drive).pages == 4


def test_the_print_page_says_long_cards_come_one_to_a_page(organiser_client, club):
    drive = drive_with_players(players=8, hands=24, club=club)
    page = organiser_client.get(reverse("drive:detail", kwargs={"pk": drive.pk}))
    text = page.content.decode()
    assert "Score cards with many hands come one to a page" in text
    assert "lower than 6 mm" in text
