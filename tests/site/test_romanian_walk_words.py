"""What a Romanian club's evening walk (December, Brașov) found on the
organiser's pages: the room's heading over who sits out, which may be one
name; a deactivated player on the roster; an amount's example; the king
of trumps."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from drive.format_words.prediction import GameWords
from drive.format_words.rounds import RoundWords
from players.money import parse_amount
from tests.factories import PlayerFactory, drive_with_players
from tests.fixtures import drive_url
from tests.site import po
from tests.site.wording import LOCALE, speak, text

pytestmark = pytest.mark.django_db


def test_the_rooms_sit_out_heading_agrees_with_one_name(club, organiser_client):
    """The room headed its list of who sits out "Stau pe dinafară în această
    rundă" over one name: a plural verb, which alone reads as "I sit out".
    The heading is the glossary's label, "Cine stă pe dinafară", which agrees
    with one name as with several."""
    speak(club, "ro")
    # Five of group A and four of group B: one of A sits out round 1.
    drive = drive_with_players(players=9, club=club, hands=2)
    page = text(organiser_client.get(drive_url(drive, "room/")))
    assert "Cine stă pe dinafară în această rundă" in page, page
    assert "Stau pe dinafară" not in page


@pytest.mark.parametrize("words", [RoundWords(), GameWords()], ids=["round", "game"])
def test_the_sit_out_heading_has_no_plural_verb(words):
    with translation.override("ro"):
        heading = str(words.sitting_out)
    assert heading.startswith("Cine stă pe dinafară în "), heading


def test_a_deactivated_player_on_the_roster_is_given_no_gender(club, organiser_client):
    """The roster tagged a deactivated Maria "dezactivat", the masculine
    participle the glossary's row "a person beside a name" forbids; the tag
    says what was deactivated, her roster entry, as the row's buttons do
    ("Dezactivați înregistrarea: Maria Popescu")."""
    speak(club, "ro")
    PlayerFactory(club=club, name="Maria Popescu", active=False)
    page = text(organiser_client.get(reverse("players:roster"), {"show": "all"}))
    assert "Maria Popescu înregistrare dezactivată" in page, page
    assert " dezactivat " not in page


def test_an_amount_is_asked_for_with_a_decimal_comma():
    """Romanian writes 2,50 (the site prints "50,00 lei"); the door's and the
    money page's refusal of a blank amount gave the example "2.50"."""
    with translation.override("ro"), pytest.raises(ValidationError) as refused:
        parse_amount("  ")
    assert refused.value.messages == ["Introduceți o sumă de bani, de exemplu 2,50."]


def test_the_king_of_trumps_has_one_name():
    """The set-up form's help named the honours "asul, regele, dama și
    valetul", the captain's phone and the table card "asul, popa, dama și
    valetul": one card, two words. It is the card table's "popa" throughout."""
    kings = [
        (message.msgid, translation)
        for message in po.read(LOCALE / "ro" / "LC_MESSAGES" / "django.po")
        if re.search(r"\bking\b", message.msgid)
        for translation in message.translations
    ]
    assert kings
    assert not [pair for pair in kings if "popa" not in pair[1]], kings
