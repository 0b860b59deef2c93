"""The projector's count over each prize, read by a Romanian or Italian hall:
"1 din 5 premii", "1 di 5 premi" (one of five prizes). It said "Premiul 1 din
5", "Premio 1 di 5" over the booby prize, the first given: to a Romanian hall
"Premiul 1" is the first prize, the one the prize-giving ends with."""

from __future__ import annotations

import pytest

from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.test_giving_count import count
from tests.prizes.test_giving_decided import press
from tests.prizes.test_giving_mc import speaking

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("ro", "1 din 5 premii", "2 din 5 premii"),
        ("it", "1 di 5 premi", "2 di 5 premi"),
        ("en-gb", "Prize 1 of 5", "Prize 2 of 5"),
    ],
)
def test_the_projector_counts_the_prizes_given_not_their_rank(
    club, organiser_client, language, first, second
):
    drive = play_drive(
        drive_with_players(players=8, club=club, hands=3), tricks=varied_tricks
    )
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall\n4th overall\nBooby"
    )
    client = speaking(organiser_client, language)
    press(client, drive, "start")
    press(client, drive, "next")
    assert count(client, drive) == first
    press(client, drive, "next")
    assert count(client, drive) == second
