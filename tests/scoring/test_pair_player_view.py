"""A player of a drive of fixed pairs finds themselves (scoring.player_view):
the "find me" heading names their pair as the boards do (both numbers, both
names, in the reader's words), their places are the pair's, and the race's
note names the pair's line."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from players.pair_names import joined_pair
from scoring import selectors
from tests.scoring.boards import box, played_rubber_drive, text

pytestmark = pytest.mark.django_db


def heading(html: str) -> str:
    found = re.search(r'<h2 id="me-title">(.*?)</h2>', box(html), re.S)
    assert found, box(html)
    return text(found.group(1))


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
def test_the_heading_names_the_pair_and_the_places_are_the_pairs(
    club, organiser, language
):
    drive = played_rubber_drive(club, organiser)
    with translation.override(language):
        # The pairs' names as the reader's boards write them.
        line = selectors.board_scores(drive=drive).board()[-1]  # place 4 of 4
        numbers = joined_pair(line.numbers)
        overall = str(selectors.board_groups(drive=drive)[0][0])
    # The pair's second player finds themselves.
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(f"/p/{drive.public_key}/", {"entry": line.numbers[1]})
    html = html.content.decode()
    assert heading(html) == f"{numbers} {line.name}"
    assert {"en": " & ", "ru": " и ", "pl": " i "}[language] in numbers
    words = text(box(html))
    place = {
        "en": f"{overall}: place 4 of 4",
        "ru": f"{overall}: место 4 из 4",
        "pl": f"{overall}: miejsce 4 z 4",
    }[language]
    assert place in words, words
    # The race's note names the pair's line.
    race = text(html[html.index('id="race-section"') :])
    pair_line = {
        "en": f"with the line of pair {numbers} (the thickest)",
        "ru": f"линия пары {numbers} (самая толстая)",
        "pl": f"z linią pary {numbers} (najgrubszą)",
    }[language]
    assert pair_line in race, race[:400]
