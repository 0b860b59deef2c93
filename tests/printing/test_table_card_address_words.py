"""Beside (or under) a table card's QR codes, where phones go, in the words
a club would print: an instruction to the person holding the phone, in the
register of the card's other lines ("Na telefonie otwórz 192.168.1.20:8000";
Polish and Italian the familiar "you", as "zeskanuj" and "scansiona",
Russian and Romanian the polite, as "отсканируйте" and "scanați"). It said
"Telefony otwierają …" ("phones open …"), a word-for-word rendering of the
English, in each of the four. English keeps "Phones open …".

Printed on the card, one, two and four a page, in both editions, from the
hall's address with its Wi-Fi code (the card that says it on every layout)."""

from __future__ import annotations

import pytest

from tests.printing.printed import needs_pdftotext, pdf_text
from tests.printing.table_card_fits import HALL, drive_of, one_line, render_cards

pytestmark = [pytest.mark.django_db, needs_pdftotext]

HOST = "192.168.1.20:8000"
WORDS = {
    "pl": ("Na telefonie otwórz", "Telefony otwierają"),
    "ru": ("На телефоне откройте", "Телефоны открывают"),
    "ro": ("Pe telefon deschideți", "Telefoanele deschid"),
    "it": ("Sul telefono apri", "I telefoni aprono"),
    "en-gb": ("Phones open", None),
}
LAYOUTS = (
    {"per_page": 1, "edition": "standard"},
    {"per_page": 1, "edition": "large"},
    {"per_page": 2},
    {"per_page": 4},
)


def _pages(data: bytes, tmp_path) -> list[str]:
    """Each page's words in the order they are drawn, on one line."""
    pages = pdf_text(data, tmp_path, mode="-raw").split("\f")
    return [one_line(page) for page in pages if page.strip()]


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_card_tells_the_reader_to_open_the_address(club, tmp_path, language):
    drive = drive_of(club, "progressive")
    drive.wifi_name, drive.wifi_password = "Sala-Parafialna", "brydz2026"
    drive.save(update_fields=["wifi_name", "wifi_password"])
    said, stiff = WORDS[language]
    wrong = []
    for options in LAYOUTS:
        printed = render_cards(drive, language, HALL, **options)
        for number, page in enumerate(_pages(printed.data, tmp_path), start=1):
            where = f"{options}, page {number}"
            if f"{said} {HOST}" not in page:
                wrong.append(f"{where}: no {said!r}")
            if stiff and stiff in page:
                wrong.append(f"{where}: {stiff!r}")
    assert wrong == []
