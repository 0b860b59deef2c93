"""The workbook's Drive sheet says how good a prediction whist movement is in
the game's own words, as the movement page does: whom each player meets over
the games and how often at a table of five. It said what a partnership
movement says, "players have between 1 and 2 different partners; nobody
partners anyone more than twice" (ro "jucătorii au între 1 și 2 parteneri
diferiți", it "i giocatori hanno tra 1 e 2 compagni diversi"), where nobody
has a partner."""

from __future__ import annotations

import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive.movement.prediction import prediction_quality_words
from drive.seating import stored_seatings
from printing import exports
from tests.predictions import play_to_the_end, prediction_drive

pytestmark = pytest.mark.django_db

PARTNER = {"en-gb": "partner", "ro": "partener", "it": "compagn"}


def drive_rows(drive, language: str) -> tuple[dict[str, object], str]:
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
        title = translation.pgettext("workbook sheet", "Drive")
        label = translation.gettext("Movement quality")
    buffer.seek(0)
    rows = dict(load_workbook(buffer)[title].iter_rows(min_row=2, values_only=True))
    return rows, label


@pytest.mark.parametrize("language", sorted(PARTNER))
def test_the_prediction_drive_sheet_says_whom_each_player_meets(club, language):
    drive = play_to_the_end(prediction_drive(club, players=9, games=2))
    rows, label = drive_rows(drive, language)
    with translation.override(language):
        words = prediction_quality_words(stored_seatings(drive=drive))
    assert rows[label] == words
    assert PARTNER[language] not in rows[label]


def test_romanian_says_pairs_of_players_meet_where_nobody_has_a_partner(club):
    """Romanian 'pereche' is a partnership (glossary); the players who meet
    twice at prediction whist are 'perechi de jucători', as Italian says
    'coppie di giocatori' and Polish 'pary osób'."""
    drive = play_to_the_end(prediction_drive(club, players=9, games=2))
    rows, label = drive_rows(drive, "ro")
    assert re.search(r"\d+ (de )?perechi? de jucători se întâlne", rows[label])


def test_russian_says_pairs_of_players_meet_where_nobody_has_a_partner(club):
    """Russian 'пара' alone is a partnership (glossary), as Romanian 'pereche':
    at prediction whist the players who meet twice are 'пары игроков'."""
    drive = play_to_the_end(prediction_drive(club, players=9, games=2))
    rows, label = drive_rows(drive, "ru")
    assert re.search(r"\d+ пар[аы]? игроков встречаю?тся дважды", rows[label])
