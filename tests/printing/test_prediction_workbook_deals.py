"""A prediction whist drive's workbook counts deals and games where a drive
of hands counts hands and rounds, in the format's words (drive.format_words):
the Drive sheet's row of how many deals a game has ("Deals per game", was
"Hands per round": pl "Rozdań na rundę"), the Movement sheet's first and
last deal of each game, and the reason of each sit-out's compensation."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.format_words import GameWords, RoundWords
from tests.factories import drive_with_players, play_drive, prediction_drive
from tests.printing.fixtures import workbook_values
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db

# What a person reads: the Drive sheet's row, the Movement sheet's first
# three columns and a sit-out's reason on the Adjustments sheet, by language
# (sheet names as the language names them).
READS = {
    "en": {
        "drive": "Drive",
        "per_game": "Deals per game",
        "per_round": "Hands per round",
        "movement": ("Movement", ("Game", "First deal", "Last deal")),
        "adjustments": "Adjustments",
        "sat_out": "8 deals sat out: the player's own average, for each deal sat out",
    },
    "pl": {
        "drive": "Turniej",
        "per_game": "Rozdań na partię",
        "per_round": "Rozdań na rundę",
        "movement": (
            "Ruch graczy",
            ("Partia", "Pierwsze rozdanie", "Ostatnie rozdanie"),
        ),
        "adjustments": "Korekty punktów",
        "sat_out": "8 rozdań pauzy: własna średnia gracza, za każde rozdanie pauzy",
    },
    "ru": {
        "drive": "Турнир",
        "per_game": "Сдач в партии",
        "per_round": "Сдач в туре",
        "movement": ("Рассадка", ("Партия", "Первая сдача", "Последняя сдача")),
        "adjustments": "Поправки к очкам",
        "sat_out": "8 сдач отдыха: собственное среднее игрока, за каждую сдачу отдыха",
    },
    "ro": {
        "drive": "Turneu",
        "per_game": "Mâini pe joc",
        "per_round": "Mâini pe rundă",
        "movement": ("Rotație", ("Joc", "Prima mână", "Ultima mână")),
        "adjustments": "Ajustări de puncte",
        "sat_out": "8 mâini state pe dinafară: media proprie a jucătorului, "
        "pentru fiecare mână stată pe dinafară",
    },
    "it": {
        "drive": "Torneo",
        "per_game": "Smazzate in ogni partita",
        "per_round": "Mani per turno",
        "movement": ("Movimento", ("Partita", "Prima smazzata", "Ultima smazzata")),
        "adjustments": "Rettifiche di punti",
        "sat_out": "8 smazzate di riposo: la media del giocatore stesso, per "
        "ogni smazzata di riposo",
    },
}


@pytest.fixture
def played(club):
    """Six players: a table of five and one sitting out each game."""
    drive = prediction_drive(club, players=6, games=2)
    play_predictions(drive)
    return drive


@pytest.mark.parametrize("language", sorted(READS))
def test_the_prediction_workbook_counts_deals_of_a_game(played, language):
    reads = READS[language]
    with translation.override(language):
        book = workbook_values(played)
    settings = dict(book[reads["drive"]][1:])
    assert settings[reads["per_game"]] == 8
    assert reads["per_round"] not in settings
    sheet, columns = reads["movement"]
    assert book[sheet][0][:3] == columns
    reasons = [row[4] for row in book[reads["adjustments"]][1:]]
    assert reasons and set(reasons) == {reads["sat_out"]}


def test_a_drive_of_hands_keeps_hands_per_round():
    drive = drive_with_players(players=8, hands=4, hands_per_round=2)
    play_drive(drive)
    book = workbook_values(drive)
    settings = dict(book["Drive"][1:])
    assert settings["Hands per round"] == 2
    assert "Deals per game" not in settings
    assert book["Movement"][0][:3] == ("Round", "First hand", "Last hand")


def test_the_sit_out_reason_is_the_formats():
    assert RoundWords().hands_sat_out(1, "a fixed score") == (
        "1 hand sat out: a fixed score"
    )
    assert GameWords().hands_sat_out(8, "a fixed score") == (
        "8 deals sat out: a fixed score"
    )
