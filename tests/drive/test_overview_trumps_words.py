"""The drive's page names its list of trumps in turn as a list: Polish
"Atuty" (it said "Atut", one hand's trump, the scores' column heading,
before five suits). The column heading of one hand stays "Atut"."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from tests.factories import drive_with_players, rubber_drive
from tests.fixtures import drive_url

SAID = {"en-gb": "Trumps", "pl": "Atuty", "ru": "Козыри", "ro": "Atuuri", "it": "Atout"}


def label_before_the_suits(html: str) -> str:
    found = re.search(r"<dt>([^<]*)</dt><dd><span class=\"suit suit-", html)
    return found.group(1)


@pytest.mark.parametrize("language", list(SAID))
@pytest.mark.parametrize("kind", ["hands", "rubbers"])
def test_the_trumps_in_turn_are_named_as_a_list(organiser_client, club, language, kind):
    drive = (
        drive_with_players(club=club, start=False)
        if kind == "hands"
        else rubber_drive(club=club)
    )
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = organiser_client.get(drive_url(drive, "")).content.decode()
    assert label_before_the_suits(html) == SAID[language]


def test_one_hands_trump_is_still_one():
    with translation.override("pl"):
        assert translation.gettext("Trumps") == "Atut"
