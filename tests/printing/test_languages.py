"""The paper and the workbook in each language (issue 20): a drive printed and
exported with `--language` is read back (pdftotext, openpyxl) and carries the
language's suit names and its own sheet names, with no English heading left."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive.selectors import seat_label
from tests.factories import drive_with_players, play_drive, prediction_drive
from tests.printing.fixtures import run
from tests.printing.printed import needs_pdftotext, pdf_text

pytestmark = pytest.mark.django_db

# The four suits and No trumps, as the players of each language say them.
SUITS = {
    "pl": ("kier", "karo", "pik", "trefl", "bez atu"),
    "ru": ("червы", "бубны", "пики", "трефы", "без козыря"),
    "ro": ("inimă roșie", "romb", "pică", "treflă", "fără atu"),
    "it": ("cuori", "quadri", "picche", "fiori", "senza atout"),
}
ENGLISH_SUITS = ("Hearts", "Diamonds", "Spades", "Clubs", "No trumps")
ENGLISH_SHEETS = {"Results", "Hands", "Movement", "Prizes", "Players"}


@pytest.fixture
def played(club):
    # Five hands: one of each trump.
    return play_drive(drive_with_players(players=8, club=club, hands=5))


@needs_pdftotext
@pytest.mark.parametrize("language", sorted(SUITS))
@pytest.mark.parametrize("what", ["scorecards", "slips", "tablecards"])
def test_the_printed_sheets_speak_the_language(played, tmp_path, language, what):
    output = tmp_path / "sheets.pdf"
    run(
        "print_drive",
        str(played.pk),
        "--what",
        what,
        "--output",
        str(output),
        "--language",
        language,
    )
    text = pdf_text(output.read_bytes(), tmp_path).casefold()
    for suit in SUITS[language]:
        assert suit.casefold() in text, (what, suit)
    for english in ENGLISH_SUITS:
        assert english.casefold() not in text, (what, english)


@pytest.mark.parametrize("language", sorted(SUITS))
def test_the_workbook_speaks_the_language(played, tmp_path, language):
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(played.pk), "--output", str(output), "--language", language)
    book = load_workbook(output, read_only=True)
    assert not ENGLISH_SHEETS & set(book.sheetnames), book.sheetnames
    cells = {
        str(value).casefold()
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for value in row
        if isinstance(value, str)
    }
    text = " | ".join(cells)
    for suit in SUITS[language]:
        assert suit.casefold() in text, suit
    assert not {e.casefold() for e in ENGLISH_SUITS} & cells


def test_the_workbook_stays_english_unless_asked(played, tmp_path):
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(played.pk), "--output", str(output))
    assert "Results" in load_workbook(output, read_only=True).sheetnames


@pytest.mark.parametrize("language", sorted(SUITS))
def test_the_money_sheet_speaks_the_language(club, tmp_path, language):
    from django.utils import translation

    from drive import money_services

    drive = drive_with_players(players=8, club=club, hands=5)
    money_services.fee_set(drive=drive, fee="2.50", currency="GBP")
    entry = drive.entries.order_by("number").first()
    money_services.entry_pay(entry=entry, amount="2.50", method="card")
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output), "--language", language)
    book = load_workbook(output, read_only=True)
    with translation.override(language):
        sheet, total, card = (
            translation.pgettext("workbook sheet", "Money"),
            translation.gettext("Total received"),
            translation.gettext("Card"),
        )
    assert "Money" not in book.sheetnames and sheet in book.sheetnames
    rows = list(book[sheet].iter_rows(values_only=True))
    assert [r[3] for r in rows if r and r[0] == total] == [2.5]
    labels = {r[0] for r in rows if r} | {r[4] for r in rows if r and len(r) > 4}
    assert total in labels and card in labels
    assert "Total received" not in labels


# The seats' letters in each language, N E S W and the fifth seat F, as the
# score cards print them (scoring.rules.SEAT_LETTERS).
SEAT_LETTERS = {
    "ru": ("С", "В", "Ю", "З", "П"),
    "ro": ("N", "E", "S", "V", "C"),
    "it": ("N", "E", "S", "O", "Q"),
}


def _movement_headers(drive, tmp_path, language: str) -> tuple:
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output), "--language", language)
    with translation.override(language):
        title = translation.pgettext("workbook sheet", "Movement")
    return next(
        load_workbook(output, read_only=True)[title].iter_rows(values_only=True)
    )


# Prediction whist's seats as its pages name them (drive.selectors.seat_label),
# numbered in the order of play: the workbook says the same, not N E S W F.
PREDICTION_SEATS = {
    "en-gb": "Seat",
    "pl": "Miejsce",
    "ru": "Место",
    "ro": "Locul",
    "it": "Posto",
}


@pytest.mark.parametrize("language", sorted(PREDICTION_SEATS))
def test_the_prediction_movement_sheet_names_the_seats_as_the_pages_do(
    club, tmp_path, language
):
    drive = prediction_drive(club=club, players=8)
    headers = _movement_headers(drive, tmp_path, language)
    word = PREDICTION_SEATS[language]
    seats = tuple(f"{word} {n}" for n in range(1, 6))
    assert headers[4:9] == seats
    with translation.override(language):
        assert seats == tuple(seat_label(drive, s) for s in "NESWF")
    # Each seat's name column says its seat ("Место 3: имя" beside "Место 3").
    names = headers[10:15]
    assert all(seat in name for seat, name in zip(seats, names, strict=True)), names
    letters = set(SEAT_LETTERS.get(language, ("N", "E", "S", "W", "F")))
    assert not letters & {word for header in headers for word in str(header).split()}


@pytest.mark.parametrize("language", sorted(SEAT_LETTERS))
def test_the_movement_sheets_seats_are_the_languages_letters(club, tmp_path, language):
    drive = drive_with_players(players=8, club=club, hands=2)
    output = tmp_path / "drive.xlsx"
    headers = _movement_headers(drive, tmp_path, language)
    letters = SEAT_LETTERS[language][:4]
    seats = len(letters)
    assert headers[4 : 4 + seats] == letters
    # Each seat's name column carries the same letter ("З: имя" beside "З",
    # "Name W" beside "W").
    names = headers[5 + seats : 5 + 2 * seats]
    assert [
        letter in re.split(r"[\s:]+", name)
        for name, letter in zip(names, letters, strict=True)
    ] == [True] * seats, names
    # The Deals sheet's seats too: Hand, Round, Trumps, Table, then N E S W.
    with translation.override(language):
        deals = translation.pgettext("workbook sheet", "Deals")
    deal_headers = next(
        load_workbook(output, read_only=True)[deals].iter_rows(values_only=True)
    )
    assert deal_headers[4:8] == letters


@needs_pdftotext
@pytest.mark.parametrize("language", sorted(SEAT_LETTERS))
def test_the_travel_slip_heads_its_seats_in_the_cards_letters(
    played, tmp_path, language
):
    output = tmp_path / "slips.pdf"
    run(
        "print_drive",
        str(played.pk),
        "--what",
        "slips",
        "--output",
        str(output),
        "--language",
        language,
    )
    text = pdf_text(output.read_bytes(), tmp_path)
    # The score cards' letters for North, East, South and West.
    letters = " ".join(SEAT_LETTERS[language][:4])
    assert letters in " ".join(text.split()), letters
    if language == "ru":
        assert " N E S W" not in " ".join(text.split())


@needs_pdftotext
def test_romanian_prediction_whist_calls_its_games_joc_on_paper_and_in_the_workbook(
    club, tmp_path
):
    """A prediction whist game is a joc; a partidă is a rubber's game."""
    drive = prediction_drive(club=club, players=8)
    cards = tmp_path / "cards.pdf"
    run(
        "print_drive",
        str(drive.pk),
        "--what",
        "scorecards",
        "--output",
        str(cards),
        "--language",
        "ro",
    )
    text = pdf_text(cards.read_bytes(), tmp_path)
    assert "Joc" in text and "Partid" not in text
    book = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(book), "--language", "ro")
    sheets = load_workbook(book, read_only=True)
    for title in ("Licitații", "Rotație"):
        headers = next(sheets[title].iter_rows(values_only=True))
        assert headers[0] == "Joc", (title, headers)


@needs_pdftotext
def test_italian_prediction_slips_count_the_games_deals_as_smazzate(club, tmp_path):
    drive = prediction_drive(club=club, players=8)
    slips = tmp_path / "slips.pdf"
    run(
        "print_drive",
        str(drive.pk),
        "--what",
        "slips",
        "--output",
        str(slips),
        "--language",
        "it",
    )
    text = " ".join(pdf_text(slips.read_bytes(), tmp_path).split())
    assert "smazzate 1–8" in text and "mani 1–8" not in text


@pytest.mark.parametrize(
    "language, pair",
    [
        ("en-gb", "Ann & Bob"),
        ("ru", "Ann и Bob"),
        ("pl", "Ann i Bob"),
        ("ro", "Ann și Bob"),
        ("it", "Ann e Bob"),
    ],
)
def test_a_pairs_names_are_joined_in_the_readers_language(language, pair):
    """The money sheet's pair as the prizes sheet beside it says it."""
    from players.pair_names import joined_pair

    with translation.override(language):
        assert joined_pair(["Ann", "Bob"]) == pair
