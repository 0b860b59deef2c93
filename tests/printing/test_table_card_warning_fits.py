"""Every line of a table card is printed, in every format and language, with
and without the wrong-address warning (a card printed from the organiser's
own computer's address, 127.0.0.1, whose QR code no phone in the hall can
open), in large print and as usual one to a page.

A large-print prediction drive's card printed so in Russian, Romanian or
Italian left its scoring and sit-out lines off (printed.cramped): the warning,
too long for the room beside the code in the middle, went over the card's
rules in bold, and the number at its smallest (48 pt) and the code at its
smallest (40 mm) still left the Russian 52 pt short. The code now goes to
the right edge with the warning in the wider room on its left, and the
number and the code give up room as before, never under their limits.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from reportlab.lib.units import mm

from printing import posters
from tests.printing.printed import needs_pdftotext, pages, pdf_text
from tests.printing.table_card_fits import (
    FORMATS,
    HALL,
    LANGUAGES,
    OWN,
    drive_of,
    name_groups,
    one_line,
    render_cards,
)

pytestmark = [pytest.mark.django_db, needs_pdftotext]


def _bare(text: str) -> str:
    return "".join(text.split())


def _lines(card) -> list[str]:
    """What a person at the table must find on the card, each whole."""
    lines = [card.link_caption, *card.instructions]
    lines.append(card.deals or card.trumps_text)
    if card.unreachable:
        lines.append(card.address_caption)
    return [one_line(line) for line in lines]


@pytest.mark.parametrize("format", FORMATS)
def test_every_line_of_every_card_is_printed(club, tmp_path, drawn, format):
    drive = drive_of(club, format)
    missing, cramped = [], []
    for language in LANGUAGES:
        name_groups(drive, language)
        for edition in ("large", "standard"):
            for base in (HALL, OWN):
                drawn["codes"].clear()
                drawn["numbers"].clear()
                printed = render_cards(drive, language, base, edition=edition)
                where = (
                    f"{language} {edition} {'own address' if base == OWN else 'hall'}"
                )
                if printed.cramped:
                    cramped.append(where)
                texts = [
                    p for p in pages(pdf_text(printed.data, tmp_path)) if p.strip()
                ]
                cards = drawn["cards"]
                assert len(texts) == len(cards) > 0, where
                assert all(card.unreachable for card in cards) == (base == OWN)
                for card, text in zip(cards, texts, strict=True):
                    # The big number, read in among the lines beside the code.
                    flat = one_line(
                        "\n".join(
                            line
                            for line in text.splitlines()
                            if line.strip() != str(card.table)
                        )
                    )
                    with translation.override(language):
                        lines = _lines(card)
                    missing += [
                        f"{where}, table {card.table}: {line[:60]!r}"
                        for line in lines
                        if line not in flat
                    ]
                    if _bare(card.url) not in _bare(text):
                        missing.append(f"{where}, table {card.table}: the link")
                # Within posters.py's limits: the number, then the code.
                assert min(drawn["numbers"]) >= posters.SMALLEST_NUMBER - 0.01, where
                assert min(drawn["codes"]) >= posters.SMALLEST_QR_MM * mm - 0.01, where
    assert cramped == []
    assert missing == []
