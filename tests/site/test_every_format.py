"""What a format must do to be one: the tests a new format passes, run here
for every format there is (docs/development.md, "Adding a format").

A format is one entry in drive.movement.types.FORMATS, a movement, its game
(hands, rubbers or prediction deals) and its words. These tests ask nothing
of which format it is: each runs for every ``Format`` the same way, through
the pages, the printed documents, the workbook and the transfer file.
"""

from __future__ import annotations

import importlib
import io
import pkgutil

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from drive.format_words import RoundWords
from drive.games import tables
from drive.models import Drive, DriveState, MovementFormat
from drive.movement.describe import format_rule
from drive.movement.types import FORMATS, Format, Game
from printing.documents import KINDS, PREDICTION_KINDS
from tests.printing.fixtures import dump, load, run, workbook_values

EVERY_FORMAT = pytest.mark.parametrize("format", list(Format), ids=lambda f: f.value)
PRODUCT = ("players", "drive", "scoring", "prizes", "league", "printing", "config")
LANGUAGES = [code for code, _name in settings.LANGUAGES if not code.startswith("en")]
# Each of a format's sentences, with the numbers it takes.
SENTENCES = {
    "round_word": None,
    "round_letter": None,
    "round_heading": None,
    "sitting_out": None,
    "sitting_out_now": {"names": "9 Anna Nowak", "count": 1},
    "round_times": None,
    "round_number": {"round": 2},
    "round_of": {"round": 2, "rounds": 6},
}


def _said(words: RoundWords, sentence: str) -> str:
    numbers = SENTENCES[sentence]
    return (
        getattr(words, sentence)
        if numbers is None
        else getattr(words, sentence)(**numbers)
    )


def _load_every_product_module() -> None:
    for app in PRODUCT:
        package = importlib.import_module(app)
        for found in pkgutil.walk_packages(package.__path__, prefix=f"{app}."):
            if ".migrations" in found.name or ".management" in found.name:
                continue
            importlib.import_module(found.name)


# --- Its definition --------------------------------------------------------------------


@EVERY_FORMAT
def test_it_is_defined_once_and_offered_by_the_drive(format):
    info = FORMATS[format]
    assert (format.value, info.choice) in MovementFormat.choices
    assert info.game in Game
    assert str(info.name) and str(info.choice)
    drive = Drive(format=format.value)
    assert drive.format_info is info
    assert drive.game is info.game
    assert drive.words is info.words
    # A format that cannot be scored from the cards' totals says why.
    assert info.cards_in is (str(info.cards_in_refusal) == "")


@EVERY_FORMAT
def test_its_rule_is_said_in_plain_words(format):
    assert format_rule(format.value)


@EVERY_FORMAT
@pytest.mark.parametrize("language", LANGUAGES)
def test_its_words_are_in_every_language(format, language):
    words = FORMATS[format].words
    english = {sentence: _said(words, sentence) for sentence in SENTENCES}
    with translation.override(language):
        translated = {sentence: _said(words, sentence) for sentence in SENTENCES}
        hand = str(words.hand_word)
    assert hand != str(words.hand_word)
    for sentence, said in translated.items():
        assert said, sentence
        # A letter may well be the same ("R" for the Polish runda); a word not.
        assert sentence == "round_letter" or said != english[sentence], (sentence, said)
    assert "6" in translated["round_of"] and "2" in translated["round_of"]


# --- Every app answers for its game ----------------------------------------------------


def test_every_app_answers_for_every_game():
    _load_every_product_module()
    found = tables()
    assert found, "no app chose by game through drive.games.per_game"
    for name, table in found.items():
        assert set(table) == set(Game), name


@EVERY_FORMAT
def test_every_app_has_an_answer_for_its_game(format):
    _load_every_product_module()
    for name, table in tables().items():
        assert table[FORMATS[format].game] is not None, name


# --- A whole evening -------------------------------------------------------------------


@pytest.fixture
def evening(request, organiser_client) -> tuple[Drive, object]:
    """A whole drive of the format, played by `demo` with a sit-out's worth of
    players over (18: two players, or a pair, sit out each round where tables
    are of four), in the organiser's club."""
    format: Format = request.param
    lines = run(
        "demo",
        "--format",
        format.value,
        "--players",
        "18",
        "--hands",
        "8",
        "--seed",
        "3",
    )
    drive = Drive.objects.get(pk=int(lines[-1].removeprefix("drive: ")))
    return drive, organiser_client


def _pages(drive: Drive) -> list[str]:
    return [
        reverse(name, args=[drive.pk])
        for name in (
            "drive:detail",
            "drive:entries",
            "drive:movement",
            "drive:seating",
            "scoring:scores",
            "scoring:hands",
            "scoring:leaderboard",
            "scoring:room",
            "scoring:projector",
            "scoring:audit",
            "prizes:drive",
            "prizes:half_time",
            "prizes:results",
            "prizes:giving",
        )
    ]


def _body(response) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


@pytest.mark.django_db
@pytest.mark.parametrize("evening", list(Format), ids=lambda f: f.value, indirect=True)
def test_a_whole_evening_is_played_shown_printed_and_exported(evening, tmp_path):
    drive, client = evening
    assert drive.state == DriveState.FINISHED
    names = [entry.player.name for entry in drive.entries.all()]
    assert len(names) >= 16

    for language in (settings.LANGUAGE_CODE, *LANGUAGES):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        for url in _pages(drive):
            response = client.get(url)
            assert response.status_code == 200, (language, url, response.status_code)
            assert f'lang="{language}"' in response.content.decode()
        results = client.get(
            reverse("prizes:results", args=[drive.pk])
        ).content.decode()
        assert all(name in results for name in names), language

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = settings.LANGUAGE_CODE
    # The Wist grid is prediction whist's; every other document every format's.
    wist_grid = drive.game is Game.PREDICTIONS
    offered = [kind for kind in KINDS if (kind in PREDICTION_KINDS) == wist_grid]
    for kind in offered:
        response = client.get(
            reverse("printing:print", args=[drive.pk]), {"kind": kind}
        )
        assert response.status_code == 200, kind
        assert response["Content-Type"] == "application/pdf"
        assert _body(response).startswith(b"%PDF")

    workbook = client.get(reverse("printing:workbook", args=[drive.pk]))
    assert workbook.status_code == 200
    book = load_workbook(io.BytesIO(_body(workbook)), read_only=True)
    assert {"Drive", "Movement"} <= set(book.sheetnames)

    again = load(dump(drive, tmp_path))
    assert again.pk != drive.pk and again.game is drive.game
    assert workbook_values(again) == workbook_values(drive)
