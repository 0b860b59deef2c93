"""A seat beside a number on the seating page's card of a table: the seat,
then the entry number of who sits there ("W 8 Ann"). In Russian West's З is
the digit 3's twin, so «З 8» read as 38, as «2З» read as 23 on the movement
page (tests/drive/test_movement_cell_words.py); Italian's O beside 8 read as
08. Russian and Italian name the seat there in full («Запад 8 …», «Ovest 8
…»), as the captain's page and the seating's list by player do; Polish,
Romanian and English keep their letters, which no digit resembles."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from drive.seat_letters import seat_before_number
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

SEATS = {
    "en-gb": ["N", "E", "S", "W"],
    "pl": ["N", "E", "S", "W"],
    "ro": ["N", "E", "S", "V"],
    "ru": ["Север", "Восток", "Юг", "Запад"],
    "it": ["Nord", "Est", "Sud", "Ovest"],
}
# A letter a digit resembles: Russian З (3), О (0), Italian O (0).
LIKE_A_DIGIT = re.compile(r"^[ЗОO]$")


def table_cards(client, drive) -> list[tuple[str, str]]:
    """Each seat of the page's cards by table: (its head, what follows it)."""
    page = client.get(reverse("drive:seating", args=[drive.pk])).content.decode()
    cards = re.findall(r'<dl class="seats">(.*?)</dl>', page, re.S)
    pairs = []
    for card in cards:
        for head, held in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", card, re.S):
            text = html.unescape(re.sub(r"<[^>]+>", "", held)).strip()
            pairs.append((html.unescape(head).strip(), text))
    return pairs


@pytest.mark.parametrize("language", sorted(SEATS))
def test_each_seat_on_a_table_card_is_written_apart_from_its_number(
    organiser_client, club, language
):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, hands=4)
    pairs = table_cards(organiser_client, drive)
    # Two tables of four, each seat followed by its player's entry number.
    assert [head for head, _ in pairs] == SEATS[language] * 2
    for head, held in pairs:
        assert re.match(r"\d+ ", held), (head, held)
        assert not LIKE_A_DIGIT.match(head), (head, held)


@pytest.mark.parametrize("language", sorted(SEATS))
def test_the_seat_before_a_number_is_said_once_for_every_page(language):

    with translation.override(language):
        assert [seat_before_number(s) for s in "NESW"] == SEATS[language]
