"""A player's history quotes a drive's name in the page's language, and a
name with quotation marks of its own is nested as the language nests them
(players.quotes, as the results e-mail's thanks line does): Russian
«Турнир „Трефы“», never «Турнир «Трефы»»."""

from __future__ import annotations

import datetime
import html

import pytest

from drive.models import Drive
from players.quotes import QUOTES
from tests.factories import PlayerFactory
from tests.prizes.fixtures import finished_tie
from tests.site.wording import speak

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["pl", "ru", "ro", "it"])
def test_the_best_lines_nest_the_drives_own_quotes(club, assistant_client, language):
    marks = QUOTES[language]
    (o_open, o_close), (i_open, i_close) = marks.outer, marks.inner
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(4)]
    drive, _ = finished_tie(club, players=players, date=datetime.date(2026, 3, 1))
    Drive.objects.filter(pk=drive.pk).update(
        name=f"Turniej {o_open}Trefl{o_close} & Co"
    )
    speak(club, language)
    page = assistant_client.get(f"/players/{players[0].pk}/history/")
    best = page.content.decode().split('<ul class="best">')[1].split("</ul>")[0]
    words = html.unescape(best)
    nested = f"{o_open}Turniej {i_open}Trefl{i_close} & Co{o_close}"
    # The best score and the best place each name the drive.
    assert words.count(nested) == 2, words
    assert f"{o_open}Trefl{o_close}" not in words
    # Escaped once, as the rest of the page.
    assert best.count("&amp; Co") == 2, best
