"""The projector's count over each prize, read by a Romanian, Italian, Polish or
Russian hall: "1 din 5 premii", "1 di 5 premi", "1 z 5 nagród", "1 из 5 призов"
(one of five prizes). It said "Premiul 1 din 5", "Premio 1 di 5", "Nagroda 1 z
5", "Приз 1 из 5" over the booby prize, the first given: to the hall "Premiul
1" is the first prize, the one the prize-giving ends with. After "z" and "из"
the count of prizes is in the genitive: pl "z 1 nagrody", "z 2 nagród", "z 22
nagród"; ru "из 1 приза", "из 21 приза", "из 2 призов", "из 5 призов"."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.prize_giving import count, press, speaking

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "first", "second"),
    [
        ("ro", "1 din 5 premii", "2 din 5 premii"),
        ("it", "1 di 5 premi", "2 di 5 premi"),
        ("pl", "1 z 5 nagród", "2 z 5 nagród"),
        ("ru", "1 из 5 призов", "2 из 5 призов"),
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


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pl", {1: "1 z 1 nagrody", 2: "1 z 2 nagród", 5: "1 z 5 nagród"}),
        ("pl", {21: "1 z 21 nagród", 22: "1 z 22 nagród", 12: "1 z 12 nagród"}),
        ("ru", {1: "1 из 1 приза", 2: "1 из 2 призов", 5: "1 из 5 призов"}),
        ("ru", {21: "1 из 21 приза", 22: "1 из 22 призов", 11: "1 из 11 призов"}),
        ("ro", {1: "1 din 1 premiu", 7: "1 din 7 premii", 20: "1 din 20 de premii"}),
        ("it", {1: "1 di 1 premio", 7: "1 di 7 premi"}),
    ],
)
def test_the_count_of_prizes_takes_its_case_after_of(language, said):
    # The slide as the projector draws it, for lists of every length.
    for total, words in said.items():
        giving = {"number": 1, "total": total, "removed": "Booby", "shown": 1}
        with translation.override(language):
            html = render_to_string(
                "prizes/_projector_prize.html",
                {"notice": {"giving": giving}, "drive": {"name": "Drive"}},
            )
        now = html.split('<p class="projector-now">')[1].split("</p>")[0]
        assert now.strip() == words, (language, total)
