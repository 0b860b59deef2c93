"""A table card one to a page prints every line of its moves, in every
language and edition: where the words need more room than the page leaves
under the big table number, the number gives it up, as it does on a card
two or four to a page.

A Russian large-print card of a 22-player evening printed from the hall's
address left its last line off ("Кто остался без места, отдыхает…", with two
players sitting out every round); printed with the wrong-address warning it
also lost the move from table 1 and the table above the top one. Nothing
said so: one card a page has no fewer to print."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import documents
from tests.factories import drive_with_players, prediction_drive
from tests.printing.printed import needs_pdftotext, pages, pdf_text

pytestmark = [pytest.mark.django_db, needs_pdftotext]

HALL = "http://192.168.1.20:8000/"
OWN = "http://127.0.0.1:8000/"
LAST = {
    "ru": "Кто остался без места, отдыхает в этом туре и возвращается в следующем.",
    "pl": "Kto nie ma miejsca, pauzuje w tej rundzie i wraca w następnej.",
    "en-gb": "Anyone without a seat sits out that round and rejoins the next.",
}
GROUPS = {
    "ru": ("Дамы", "Кавалеры"),
    "pl": ("Panie", "Panowie"),
    "en-gb": ("Ladies", "Gents"),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("edition", ["large", "standard"])
@pytest.mark.parametrize("base", [HALL, OWN])
@pytest.mark.parametrize("language", sorted(LAST))
def test_every_line_of_the_moves_is_on_the_card(
    club, tmp_path, language, base, edition
):
    group_a, group_b = GROUPS[language]
    drive = drive_with_players(
        club=club,
        players=22,
        hands=24,
        group_a_label=group_a,
        group_b_label=group_b,
    )
    with translation.override(language):
        printed = documents.render(
            drive=drive,
            options=documents.parse_options(kind="tablecards", edition=edition),
            base_url=base,
        )
    assert not printed.cramped
    cards = [_flat(page) for page in pages(pdf_text(printed.data, tmp_path))]
    cards = [card for card in cards if card]
    assert len(cards) == 5
    for card in cards:
        assert LAST[language] in card, card[-300:]


PREDICTION_LAST = {
    "ru": "Кто остался без места, отдыхает в этой партии и возвращается в следующей.",
    "pl": "Kto nie ma miejsca, pauzuje w tej partii i wraca w następnej.",
    "en-gb": "Anyone without a seat sits out that game and rejoins the next.",
}


@pytest.mark.parametrize("language", sorted(PREDICTION_LAST))
def test_a_prediction_drives_large_print_card_holds_its_rules(club, tmp_path, language):
    """A prediction drive's card says its deals, seats, dealing, scoring and
    sit-outs: at large print's 16 pt the last two were off every card, in
    English too, under the 190 pt number. The number gives up room first,
    then (Russian) some of the QR code, never under SMALLEST_QR_MM."""
    drive = prediction_drive(club=club, players=13)
    with translation.override(language):
        printed = documents.render(
            drive=drive,
            options=documents.parse_options(kind="tablecards", edition="large"),
            base_url=HALL,
        )
    assert not printed.cramped
    cards = [_flat(page) for page in pages(pdf_text(printed.data, tmp_path))]
    cards = [card for card in cards if card]
    assert cards
    for card in cards:
        assert PREDICTION_LAST[language] in card, card[-300:]
