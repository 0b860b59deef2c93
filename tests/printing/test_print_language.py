"""The papers of a drive in the drive's language (issue 20): the --language
option of the commands that write them, the CSV's separators of the
language, and sheet names Excel accepts whatever the language.

Real translated words come with the catalogues: these tests check that the
language asked for is the one active while a paper is built, not the words."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.utils import translation
from openpyxl import Workbook, load_workbook

from printing import documents, exports
from printing.content import drive_language, known_language
from printing.sheets import SHEET_NAME_MAX, add_sheet, sheet_name
from tests.factories import drive_with_players

FORBIDDEN = set(":\\/?*[]")


def run(*args: str) -> list[str]:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue().splitlines()


@pytest.fixture
def languages_seen(monkeypatch):
    """The language active each time a PDF is rendered."""
    seen: list[str] = []
    render = documents.render

    def spy(**kwargs):
        seen.append(translation.get_language())
        return render(**kwargs)

    monkeypatch.setattr(documents, "render", spy)
    return seen


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["scorecards", "tablecards", "slips", "results"])
def test_print_drive_prints_in_the_language_asked(tmp_path, languages_seen, what):
    drive = drive_with_players(players=8, hands=2)
    output = tmp_path / f"{what}.pdf"
    lines = run(
        "print_drive",
        str(drive.pk),
        "--what",
        what,
        "--output",
        str(output),
        "--language",
        "pl",
    )
    assert output.read_bytes().startswith(b"%PDF")
    assert len(lines) == 1 and str(output) in lines[0]
    assert languages_seen == ["pl"]
    # The command's own language is back afterwards.
    assert translation.get_language() == settings.LANGUAGE_CODE


@pytest.mark.django_db
def test_print_drive_defaults_to_the_drives_language(tmp_path, languages_seen):
    drive = drive_with_players(players=4, hands=1)
    output = tmp_path / "cards.pdf"
    run("print_drive", str(drive.pk), "--what", "scorecards", "--output", str(output))
    assert languages_seen == [drive_language(drive)]


@pytest.mark.django_db
@pytest.mark.parametrize("command", ["print_drive", "export_drive", "send_results"])
def test_an_unknown_language_is_refused_with_the_known_ones(tmp_path, command):
    drive = drive_with_players(players=4, hands=1)
    extra = ["--output", str(tmp_path / "out")] if command != "send_results" else []
    if command == "print_drive":
        extra += ["--what", "scorecards"]
    with pytest.raises(CommandError) as refused:
        run(command, str(drive.pk), *extra, "--language", "xx-nowhere")
    message = str(refused.value)
    assert "xx-nowhere" in message
    assert "is not a language of this site" in message
    for code, _name in settings.LANGUAGES:
        assert code in message
    assert not (tmp_path / "out").exists()


@pytest.mark.django_db
def test_export_drive_writes_the_workbook_in_the_language_asked(tmp_path, monkeypatch):
    drive = drive_with_players(players=8, hands=2)
    seen: list[str] = []
    build = exports.build_workbook

    def spy(**kwargs):
        seen.append(translation.get_language())
        return build(**kwargs)

    monkeypatch.setattr(exports, "build_workbook", spy)
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output), "--language", "PL")
    assert seen == ["pl"]
    workbook = load_workbook(output)
    for title in workbook.sheetnames:
        assert len(title) <= SHEET_NAME_MAX
        assert not FORBIDDEN & set(title)


def test_drive_language_is_the_clubs_or_the_sites():
    assert drive_language(SimpleNamespace(club=SimpleNamespace())) == (
        settings.LANGUAGE_CODE
    )
    club = SimpleNamespace(language="pl")
    assert drive_language(SimpleNamespace(club=club)) == "pl"


def test_known_language_takes_the_settings_spelling():
    assert known_language("EN_GB") == "en-gb"
    assert known_language("klingon") is None


def test_csv_separators_follow_the_language():
    with translation.override("en-gb"):
        assert exports.csv_separators() == (",", ".")
    for code in ("pl", "ru", "ro", "it"):
        with translation.override(code):
            assert exports.csv_separators() == (";", ",")
    assert exports.csv_number(Decimal("-2.5"), ",") == "-2,5"
    assert exports.csv_number(Decimal("-2.5"), ".") == Decimal("-2.5")
    assert exports.csv_number(7, ",") == 7


@pytest.mark.django_db
def test_results_csv_in_polish_is_separated_by_semicolons():
    drive = drive_with_players(players=8, hands=2)
    english = io.StringIO()
    exports.write_results_csv(drive=drive, output=english)
    polish = io.StringIO()
    with translation.override("pl"):
        exports.write_results_csv(drive=drive, output=polish)
    header = polish.getvalue().splitlines()[0]
    assert header.count(";") == len(exports.RESULTS_HEADERS) - 1
    rows = list(csv.reader(io.StringIO(polish.getvalue()), delimiter=";"))
    assert len(rows) == 9
    assert [len(row) for row in rows] == [len(exports.RESULTS_HEADERS)] * 9
    assert english.getvalue().splitlines()[0] == ",".join(
        map(str, exports.RESULTS_HEADERS)
    )


@pytest.mark.parametrize(
    "title",
    [
        "Poprawki wyników wprowadzonych więcej niż jeden raz",
        "Итоги: раздачи/столы [все] * ?",
        "'Ajustări ale scorurilor jucătorilor'",
        "History",
    ],
)
def test_a_long_translated_sheet_name_stays_valid(title):
    name = sheet_name(title)
    assert 1 <= len(name) <= SHEET_NAME_MAX
    assert not FORBIDDEN & set(name)
    assert not name.startswith("'") and not name.endswith("'")
    assert name.casefold() != "history"


def test_sheet_names_cut_alike_stay_apart():
    workbook = Workbook(write_only=True)
    long = "Ustawienia przejazdu i poprawki punktów"
    add_sheet(workbook, long, ["A"], [5], [[1]])
    add_sheet(workbook, long + " (drugi)", ["A"], [5], [[2]])
    buffer = io.BytesIO()
    workbook.save(buffer)
    names = load_workbook(buffer).sheetnames
    assert len(set(name.casefold() for name in names)) == 2
    assert all(len(name) <= SHEET_NAME_MAX for name in names)
