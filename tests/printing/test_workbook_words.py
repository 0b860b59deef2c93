"""The workbook with no English left in a club's language (issue 31): sheets
named by what they hold, sides in the language's letters, a prediction deal's
kind and a correction's source in words."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.card_rows import revoke_text
from scoring.rules import Honours
from tests.factories import eventful_drive, prediction_drive
from tests.printing.fixtures import workbook_values
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db


def book_in(language: str, drive) -> dict[str, list[tuple]]:
    with translation.override(language):
        return workbook_values(drive)


@pytest.mark.parametrize(
    ("language", "ns", "ew"),
    [
        ("en-gb", "NS", "EW"),
        ("ru", "С-Ю", "В-З"),
        ("ro", "N-S", "E-V"),
        ("it", "N-S", "E-O"),
    ],
)
def test_honours_and_revoke_cells_name_the_side_in_the_languages_letters(
    language, ns, ew
):
    with translation.override(language):
        assert Honours("NS3").text == f"{ns} 3"
        assert Honours("EW4").text == f"{ew} 4"
        assert revoke_text("EW") == ew
        assert revoke_text("") == ""


def test_a_russian_games_sheet_has_no_english_sides(played):  # noqa: F811
    book = book_in("ru", played)
    games = book["Партии"]
    assert games[0][4:7] == ("С-Ю", "В-З", "Победитель")
    assert {row[6] for row in games[1:]} == {"С-Ю", "В-З", None}


@pytest.mark.parametrize(
    ("language", "sheets"),
    [
        (
            "pl",
            (
                "Rozdania przy stolikach",
                "Punkty za rozdania",
                "Korekty punktów",
                "Poprawione wyniki",
            ),
        ),
        (
            "ru",
            (
                "Сдачи по столам",
                "Очки по сдачам",
                "Поправки к очкам",
                "Исправленные результаты",
            ),
        ),
    ],
)
def test_each_sheet_is_named_by_what_it_holds(club, organiser, language, sheets):
    drive, _ = eventful_drive(club, organiser)
    book = book_in(language, drive)
    assert set(sheets) <= set(book)
    # No sheet got a number to tell it from another of the same name.
    assert not any(title[-2:] in (" 2", " 3") for title in book)


def test_an_italian_correction_names_its_source(club, organiser):
    drive, _ = eventful_drive(club, organiser)
    book = book_in("it", drive)
    corrections = book["Risultati corretti"]
    column = corrections[0].index("Origine")
    sources = {row[column] for row in corrections[1:]}
    assert "organiser" not in sources
    assert "organizzatore" in sources or any("link del capitano" in s for s in sources)
    assert not any("captain link" in (s or "") for s in sources)


def test_a_prediction_drives_kinds_are_in_the_language():
    drive = prediction_drive(players=8, games=1)
    play_predictions(drive)
    book = book_in("it", drive)
    sheet = book["Previsioni"]
    kinds = {row[2] for row in sheet[1:]}
    assert kinds == {
        "Cuori",
        "Quadri",
        "Fiori",
        "Picche",
        "Libera",
        "Alla cieca",
        "Biglietti",
        "Whist",
    }
    drive_sheet = dict(row[:2] for row in book["Torneo"])
    assert drive_sheet["Smazzate per partita"] == (
        "Cuori, Quadri, Fiori, Picche, Libera, Alla cieca, Biglietti, Whist"
    )
