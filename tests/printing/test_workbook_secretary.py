"""The drive's workbook as a club secretary reads it the next day, in Polish,
Russian, Romanian and Italian: who left early and when, and columns wide
enough for the names and words of each language."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive import entry_services
from drive.models import Entry
from league import services as league_services
from printing import documents, exports, filenames, league_exports
from scoring.selectors import leaderboard
from tests.factories import (
    drive_with_players,
    play_drive,
    play_round,
    prediction_drive,
    varied_tricks,
)
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db

LONG_NAME = "Małgorzata Brzęczyszczykiewicz-Wojciechowska"


def workbook_in(drive, language):
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
    return load_workbook(io.BytesIO(buffer.getvalue()))


def table(sheet) -> list[dict]:
    rows = list(sheet.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


@pytest.fixture
def left_early(club, organiser):
    """A 10-player drive of 4 rounds: number 2 withdrew after round 1 (before
    round 3: round 2 was seated), and number 5 went home before the prize-giving."""
    drive = drive_with_players(players=10, hands=4, club=club)
    play_round(drive, tricks=varied_tricks, by=organiser)
    left = entry_services.entry_withdraw(entry=Entry.objects.get(drive=drive, number=2))
    assert left.withdrawn_from_round == 3
    play_drive(drive, tricks=varied_tricks, by=organiser)
    entry_services.entry_leave_after_play(
        entry=Entry.objects.get(drive=drive, number=5)
    )
    drive.refresh_from_db()
    return drive


@pytest.mark.parametrize(
    ("language", "heading", "before", "after"),
    [
        ("pl", "Wycofanie", "przed rundą 3", "po ostatniej rundzie"),
        ("ru", "Выбытие", "перед туром 3", "после последнего тура"),
        ("ro", "Retragere", "înainte de runda 3", "după ultima rundă"),
        ("it", "Ritiro", "prima del turno 3", "dopo l'ultimo turno"),
    ],
)
def test_results_say_who_left_early_and_when(
    left_early, language, heading, before, after
):
    rows = table(workbook_in(left_early, language).worksheets[0])
    headers = list(rows[0])
    number_column = headers[1]
    by_number = {row[number_column]: row for row in rows}
    # After Total; only the rule that placed a row level on points comes after.
    with translation.override(language):
        tie_break = str(exports.TIE_BREAK_HEADER)
    assert headers[headers.index(heading) :] in ([heading], [heading, tie_break])
    assert by_number[2][heading] == before
    assert by_number[5][heading] == after
    assert {n for n, row in by_number.items() if row[heading]} == {2, 5}
    # The totals are still the leaderboard's, in the column before.
    total = headers[headers.index(heading) - 1]
    totals = {row[number_column]: row[total] for row in rows}
    assert totals == {s.number: s.total for s in leaderboard(drive=left_early)}


def test_the_results_csv_says_it_too(left_early):
    output = io.StringIO()
    with translation.override("pl"):
        exports.write_results_csv(drive=left_early, output=output)
    rows = list(csv.reader(io.StringIO(output.getvalue()), delimiter=";"))
    column = rows[0].index("Wycofanie")
    assert rows[0][column - 1] == "Razem"
    assert {row[1]: row[column] for row in rows[1:]}["2"] == "przed rundą 3"


def test_a_prediction_whist_drive_says_the_game(club):
    drive = prediction_drive(club=club, players=9, games=2)
    left = entry_services.entry_withdraw(entry=Entry.objects.get(drive=drive, number=3))
    assert left.withdrawn_from_round == 2
    play_predictions(drive)
    rows = table(workbook_in(drive, "it").worksheets[0])
    assert {row["N."]: row["Ritiro"] for row in rows if row["Ritiro"]} == {
        3: "prima della partita 2"
    }


def test_a_drive_nobody_left_has_no_such_column(club, organiser):
    drive = play_drive(drive_with_players(players=8, hands=2, club=club))
    headers = [c.value for c in workbook_in(drive, "pl").worksheets[0][1]]
    # Total ends it, or the rule that placed players level on points.
    assert "Wycofanie" not in headers
    assert headers[headers.index("Razem") + 1 :] in (
        [],
        ["Kolejność przy równym wyniku"],
    )


def test_columns_fit_long_names_and_each_languages_words(club, organiser):
    """A long double-barrelled Polish name, Romanian sit-out compensation and
    the running totals' headings ("Total 10") are not cut by the next column."""
    drive = drive_with_players(
        players=10, hands=10, club=club, sit_out_compensation="own_average"
    )
    entry = Entry.objects.get(drive=drive, number=1)
    entry.player.name = LONG_NAME
    entry.player.save()
    play_drive(drive, tricks=varied_tricks, by=organiser)
    drive.refresh_from_db()
    for language in ("pl", "ru", "ro", "it", "en-gb"):
        workbook = workbook_in(drive, language)
        for sheet in workbook.worksheets:
            if sheet.title in ("Turniej", "Турнир", "Turneu", "Torneo", "Drive"):
                continue  # its rules in words run on into the empty column beside
            widths = {k: d.width for k, d in sheet.column_dimensions.items()}
            for row in sheet.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str) and len(cell.value) <= 50:
                        assert widths[cell.column_letter] >= len(cell.value), (
                            language,
                            sheet.title,
                            cell.coordinate,
                            cell.value,
                        )


@pytest.mark.parametrize(
    ("language", "deal", "title"),
    [
        ("pl", "Rozdanie 1", "Punkty za rozdania"),
        ("ru", "Сдача 1", "Очки по сдачам"),
        ("ro", "Mâna 1", "Puncte pe mâini"),
        ("it", "Smazzata 1", "Punti per smazzata"),
    ],
)
def test_a_prediction_whist_deal_is_called_a_deal_on_every_sheet(
    club, language, deal, title
):
    """The sheet of each player's scores names the deals as the Predictions
    sheet does, in its name and columns (Italian smazzata, the glossary's
    word; not mano)."""
    drive = prediction_drive(club=club, players=8, games=1)
    play_predictions(drive)
    workbook = workbook_in(drive, language)
    predictions = [c.value for c in workbook.worksheets[1][1]]
    hands = [c.value for c in workbook.worksheets[2][1]]
    assert workbook.worksheets[2].title == title
    assert hands[2] == deal
    assert deal.split()[0] == predictions[1]


def test_a_long_drive_name_makes_a_file_name_every_disk_takes(club):
    """A drive's name may be 120 letters: in Cyrillic its file name (and the
    ASCII fallback's transliteration) stays within the 255 bytes a file name
    may have, the large-print score cards' too, cut between words, and keeps
    its date and kind."""
    name = (
        "Ежегодный благотворительный рождественский турнир по висту памяти "
        "Щербакова и Хрущёва в Щёлково, клуб «Пиковая дама» Щер"
    )
    assert len(name) == 120
    drive = drive_with_players(players=8, club=club, hands=2, name=name, start=False)
    with translation.override("ru"):
        workbook = exports.workbook_filename(drive)
        results = exports.results_csv_filename(drive)
        cards = documents.pdf_filename(drive, "scorecards", "large")
    for filename in (workbook, results, cards):
        assert len(filename.encode()) <= 255, filename
        assert len(filenames.ascii_name(filename)) <= 255, filename
    assert workbook == (
        "ежегодный-благотворительный-рождественский-турнир-по-висту-"
        f"{drive.date:%Y-%m-%d}.xlsx"
    )
    assert results.endswith(f"{drive.date:%Y-%m-%d}-результаты.csv")


def test_the_attendance_sheet_keeps_its_drive_columns_narrow(club, organiser):
    """Attendance holds 1s under each drive's date and name: its columns stay
    14 wide however long the drive's name, while the names' column fits, as
    it does on Drive scores."""
    drive = drive_with_players(
        players=8,
        hands=2,
        club=club,
        name="Świąteczny turniej wista towarzyskiego",
        date=datetime.date(2026, 3, 1),
    )
    entry = Entry.objects.get(drive=drive, number=1)
    entry.player.name = LONG_NAME
    entry.player.save()
    play_drive(drive, by=organiser)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    buffer = io.BytesIO()
    with translation.override("pl"):
        league_exports.write_season_workbook(season=season, output=buffer)
    attendance = load_workbook(io.BytesIO(buffer.getvalue())).worksheets[1]
    assert attendance.title == "Frekwencja"
    assert attendance.column_dimensions["C"].width == 14
    assert attendance.column_dimensions["A"].width >= len(LONG_NAME)
    # Drive scores (each player's score in each drive): the name fits too.
    scores = load_workbook(io.BytesIO(buffer.getvalue())).worksheets[2]
    assert scores.title == "Wyniki turniejów"
    assert LONG_NAME in [c.value for c in scores["B"]]
    assert scores.column_dimensions["B"].width >= len(LONG_NAME)


def test_a_name_a_spreadsheet_would_read_as_an_error_is_text_in_the_csv(
    club, organiser
):
    """A name "#N/A" opened from the CSV is the name, not an error cell; in
    the workbook it is a text cell."""
    drive = drive_with_players(players=8, hands=2, club=club)
    entry = Entry.objects.get(drive=drive, number=1)
    entry.player.name = "#N/A"
    entry.player.save()
    play_drive(drive, by=organiser)
    output = io.StringIO()
    with translation.override("pl"):
        exports.write_results_csv(drive=drive, output=output)
    rows = list(csv.reader(io.StringIO(output.getvalue()), delimiter=";"))
    assert {row[1]: row[2] for row in rows[1:]}["1"] == "'#N/A"
    sheet = workbook_in(drive, "pl").worksheets[0]
    (name,) = [row[2] for row in sheet.iter_rows(min_row=2) if row[1].value == 1]
    assert (name.value, name.data_type) == ("#N/A", "s")
