"""The drive page's print help says in good Polish that nothing a player reads
is printed under 8 pt: "nie jest drukowane czcionką mniejszą niż 8 pt" (it
said "nie drukuje się mniejsze niż 8 pt", an adjective with no noun to agree
with), and counts the sheets a page in their own genders: "po dwie lub
cztery karty wyników", "po dwa lub cztery protokoły" (it said "karty wyników
lub protokoły ... po dwa lub cztery", the neuter-masculine form for cards)."""

from __future__ import annotations

import html as html_lib

import pytest
from django.conf import settings

from tests.factories import drive_with_players, prediction_drive
from tests.fixtures import drive_url

SAID = {
    "hands": (
        "Nic, co czyta gracz, nie jest drukowane czcionką mniejszą niż 8 pt.",
        "po dwie lub cztery karty wyników albo po dwa lub cztery protokoły "
        "rozdań stolików z wieloma rozdaniami na stronę, po cztery karty "
        "stolików na stronę",
    ),
    "deals": (
        "Nic, co czyta gracz, nie jest drukowane czcionką mniejszą niż 8 pt.",
        "po dwie lub cztery karty wyników z wieloma partiami na stronę, "
        "po cztery karty stolików na stronę",
    ),
}


def page_words(client, drive) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    text = html_lib.unescape(client.get(drive_url(drive, "")).content.decode())
    return " ".join(text.split())


@pytest.mark.parametrize("kind", list(SAID))
def test_polish_print_help_is_grammatical(organiser_client, club, kind):
    drive = (
        drive_with_players(club=club, start=False)
        if kind == "hands"
        else prediction_drive(club)
    )
    words = page_words(organiser_client, drive)
    for said in SAID[kind]:
        assert said in words
    assert "nie drukuje się mniejsze" not in words
