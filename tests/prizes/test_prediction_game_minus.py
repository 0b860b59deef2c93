"""A prediction whist card's game row writes a game lost below zero with the
true minus sign, as every other score on the results page does (the row's
running total beside it said "−10", its label "Game 2: -10 points"; ro
"Jocul 2: -10 puncte", it "Partita 2: -10 punti"). The plural is chosen by the
score's size, so Romanian still says "−31 de puncte" beside "−10 puncte"."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from players.score_text import MINUS
from printing.documents import filled_cards
from prizes.result_cards import result_cards
from tests.fixtures import drive_url
from tests.predictions import play_to_the_end, prediction_drive

pytestmark = pytest.mark.django_db

GAME_WORD = {
    "en-gb": "Game",
    "pl": "Partia",
    "ru": "Партия",
    "ro": "Jocul",
    "it": "Partita",
}


def evening_below_zero(club):
    """A prediction drive of two games where some player loses a game below
    zero (a failed Whist costs 5 a trick): the first seed that deals one."""
    for seed in range(1, 30):
        drive = play_to_the_end(prediction_drive(club, players=8, games=2), seed=seed)
        games = [
            row.score
            for card in filled_cards(drive=drive).values()
            for row in card.rows
            if row.kind == "round"
        ]
        if any(score is not None and score < 0 for score in games):
            return drive
    pytest.fail("no seed dealt a game below zero")


def game_labels(drive, language: str) -> list[str]:
    with translation.override(language):
        return [
            line.label
            for card in result_cards(drive=drive)
            for line in card.lines
            if line.label.startswith(GAME_WORD[language] + " ")
        ]


@pytest.mark.parametrize("language", sorted(GAME_WORD))
def test_a_game_below_zero_is_labelled_with_the_true_minus(club, language):
    drive = evening_below_zero(club)
    labels = game_labels(drive, language)
    assert [label for label in labels if MINUS in label], labels
    assert not [label for label in labels if re.search(r"-\d", label)], labels


def test_the_results_page_shows_the_game_row_with_the_true_minus(
    organiser_client, club
):
    drive = evening_below_zero(club)
    organiser_client.cookies["django_language"] = "ro"
    html = organiser_client.get(drive_url(drive, "results/")).content.decode()
    rows = re.findall(r"Jocul \d: [^<]*", html)
    assert any(MINUS in row for row in rows), rows
    assert not [row for row in rows if re.search(r"-\d", row)], rows
    # The form is chosen by the size: "puncte" to 19, "de puncte" from 20.
    for row in rows:
        size = int(re.search(r"(\d+) ", row.split(": ", 1)[1]).group(1))
        few = size == 0 or 1 <= size % 100 <= 19
        word = "punct" if size == 1 else ("puncte" if few else "de puncte")
        assert row.endswith(f"{size} {word}"), row
