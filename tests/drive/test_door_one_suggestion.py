"""At the door, one player like the name typed is asked about as one: not
"Is it one of these? Tap their name:" above a single name, nor above a line
that has no name to tap (that player is entered already)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils.html import strip_tags

from drive import services
from drive.models import DriveState
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url

ASKED = {
    # language: (one to tap, one entered already)
    "en-gb": ("Is it this player? Tap the name:", "Is it this player?"),
    "pl": ("Czy to ta osoba? Dotknij nazwiska:", "Czy to ta osoba?"),
    "ru": (
        "Вы имели в виду этого игрока? Нажмите на имя:",
        "Вы имели в виду этого игрока?",
    ),
    "ro": ("Este această persoană? Atingeți numele:", "Este această persoană?"),
    "it": ("È questa persona? Tocca il nome:", "È questa persona?"),
}


def question(html: str) -> str:
    found = re.search(r'<p id="player-suggestions-title">(.*?)</p>', html, re.S)
    return strip_tags(found.group(1)).strip()


@pytest.mark.parametrize("language", list(ASKED))
def test_one_player_like_the_name_is_asked_about_as_one(
    organiser_client, club, language
):
    anna = PlayerFactory(club=club, name="Anna Wiśniewska")
    PlayerFactory(club=club, name="Jan Kowalski")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = drive_url(door, "entries/")
    to_tap, entered = ASKED[language]

    asked = organiser_client.post(url, {"name": "Wisniewska"})
    assert asked.status_code == 400
    html = asked.content.decode()
    assert question(html) == to_tap
    assert f'name="player" value="{anna.pk}"' in html

    # Once she is entered there is no name to tap: the question says none.
    services.entry_register(drive=door, player=anna, group="A")
    asked = organiser_client.post(url, {"name": "Wisniewska"})
    html = asked.content.decode()
    assert question(html) == entered
    assert 'name="player" value=' not in html
