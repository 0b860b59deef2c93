"""The captain's browser tab names the table, the drive and the club (cut at
a word where it is long), in the club's language: two clubs' Friday drives,
or this week's and last week's, open on one phone, are told apart by their
tabs. (The tab said "Table 3: Friday drive" alone.)"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from drive.models import Table
from players.templatetags.short_names import shortened
from tests.factories import ClubFactory, drive_with_players


def tab_title(drive, number: int) -> str:
    table = Table.objects.get(drive=drive, number=number)
    page = Client().get(f"/t/{table.captain_key}/")
    assert page.status_code == 200
    found = re.search(r"<title>(.*?)</title>", page.content.decode(), re.S)
    return " ".join(found.group(1).split())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "name", "club", "title"),
    (
        (
            "en-gb",
            "Friday drive",
            "Royal Tunbridge Wells Whist and Cribbage Society",
            "Table 3: Friday drive · Royal Tunbridge Wells…",
        ),
        ("pl", "Turniej", "Klub Wista", "Stolik 3: Turniej · Klub Wista"),
        (
            "ru",
            "Новогодний турнир",
            "Клуб любителей виста при Доме культуры",
            "Стол 3: Новогодний турнир · Клуб любителей виста при…",
        ),
    ),
)
def test_the_captains_tab_names_the_table_the_drive_and_the_club(
    language, name, club, title
):
    drive = drive_with_players(
        players=12, club=ClubFactory(language=language, name=club), hands=3
    )
    drive.name = name
    drive.save(update_fields=["name"])
    assert tab_title(drive, 3) == title


@pytest.mark.parametrize(
    ("name", "short"),
    (
        ("Village Hall Whist", "Village Hall Whist"),
        ("Royal Tunbridge Wells Whist and Cribbage Society", "Royal Tunbridge Wells…"),
        ("Klub Wista Emerytów przy Parafii", "Klub Wista Emerytów przy…"),
        ("Szczebrzeszyńskiewistowekółkoemerytów", "Szczebrzeszyńskiewistowe…"),
        ("  Two   spaces  ", "Two spaces"),
        # The cut falls just after a space: the word before it stays.
        ("abcd efgh ijkl mnop qrs tuvwxyz", "abcd efgh ijkl mnop qrs…"),
    ),
)
def test_a_long_club_name_is_cut_at_a_word(name, short):
    assert shortened(name) == short
