"""Roster files written in another language: Polish, Russian (and the others the
site speaks) import on any club, whatever its language; the page and its errors
name the columns and words in the page's language."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from players import import_words, imports, roster_file
from players.imports import Verdict
from players.models import Player
from players.roster_file import RawRow
from tests.factories import ClubFactory, DriveFactory
from tests.players.roster_files import xlsx_bytes

IMPORT_URL = "/players/import/"

# As a Polish spreadsheet saves it: semicolons, the columns in Polish, a column
# the import does not know (Uwagi: notes), values in Polish in any case.
POLISH_CSV = (
    "Imię i nazwisko;E-mail;Telefon;Grupa;Zgoda;Uwagi\n"
    "Łucja Wąs;lucja@example.pl;600 100 200;Panie;tak;zawsze punktualna\n"
    "Paweł Nowak;pawel@example.pl;;PANOWIE;Nie;\n"
    "Zofia Kot;;;grupa b;TAK;\n"
    "Jan Zięba;;;;;\n"
).encode()

POLISH_PLAYERS = {
    "Łucja Wąs": ("lucja@example.pl", "600 100 200", "A", True),
    "Paweł Nowak": ("pawel@example.pl", "", "B", False),
    "Zofia Kot": ("", "", "B", True),
    "Jan Zięba": ("", "", "", False),
}


RUSSIAN_XLSX = xlsx_bytes(
    [
        ["ФИО", "Эл. почта", "Телефон", "Группа", "Согласие", "Примечание"],
        ["Анна Иванова", "anna@example.ru", "+7 900 000-00-01", "Дамы", "да", "x"],
        ["Борис Петров", "boris@example.ru", None, "кавалеры", "Нет", None],
        # Cyrillic Б, and "группа а" with a Cyrillic а, as a Russian keyboard types.
        ["Вера Смирнова", None, None, "Б", "ДА", None],
        ["Глеб Орлов", None, None, "группа а", None, None],
    ]
)

RUSSIAN_PLAYERS = {
    "Анна Иванова": ("anna@example.ru", "+7 900 000-00-01", "A", True),
    "Борис Петров": ("boris@example.ru", "", "B", False),
    "Вера Смирнова": ("", "", "B", True),
    "Глеб Орлов": ("", "", "A", False),
}


def roster(club) -> dict[str, tuple[str, str, str, bool]]:
    return {
        p.name: (p.email, p.phone, p.group, p.email_consent)
        for p in Player.objects.filter(club=club)
    }


def upload(client, filename: str, data: bytes):
    return client.post(
        IMPORT_URL, {"action": "preview", "file": SimpleUploadedFile(filename, data)}
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en-gb", "pl"])
@pytest.mark.parametrize(
    ("filename", "data", "players"),
    [
        ("gracze.csv", POLISH_CSV, POLISH_PLAYERS),
        ("игроки.xlsx", RUSSIAN_XLSX, RUSSIAN_PLAYERS),
    ],
    ids=["polish-csv", "russian-xlsx"],
)
def test_a_file_in_another_language_imports_on_any_club(
    organiser_client, club, language, filename, data, players
):
    club.language = language
    club.save(update_fields=["language"])
    response = upload(organiser_client, filename, data)
    assert response.status_code == 200
    preview = response.context["preview"]
    assert [row.verdict for row in preview.rows] == [Verdict.NEW] * len(players)
    assert not Player.objects.filter(club=club).exists()
    done = organiser_client.post(
        IMPORT_URL, {"action": "import", "token": response.context["token"]}
    )
    assert done.status_code == 302
    assert roster(club) == players
    # The same file again adds nobody.
    again = upload(organiser_client, filename, data)
    assert [row.verdict for row in again.context["preview"].rows] == [
        Verdict.ON_ROSTER
    ] * len(players)


def test_a_column_the_import_does_not_know_is_ignored():
    for filename, data in (("r.csv", POLISH_CSV), ("r.xlsx", RUSSIAN_XLSX)):
        rows = roster_file.read_upload(filename, data)
        assert {key for row in rows for key in row.cells} == set(import_words.FIELDS)
    rows = roster_file.read_upload(
        "r.csv", b"Notes,Name,Plec,Surname\nx,Ann,K,Archer\n"
    )
    assert rows == [RawRow(2, {"name": "Ann"})]


@pytest.mark.parametrize(
    "text",
    [
        "Name,Full name\nAnn Archer,Someone Else\n",
        "Full name,Name\nAnn Archer,Someone Else\n",
        "Imię i nazwisko;Name\nAnn Archer;Someone Else\n",
        "Name;Imię i nazwisko\nAnn Archer;Someone Else\n",
        "Имя,ФИО\nAnn Archer,Someone Else\n",
        "Nome,Nume\nAnn Archer,Someone Else\n",
    ],
)
def test_two_name_columns_read_the_first_in_any_language(text):
    rows = roster_file.read_upload("r.csv", text.encode())
    assert rows == [RawRow(2, {"name": "Ann Archer"})]


def test_two_columns_of_one_kind_read_the_first():
    rows = roster_file.read_upload(
        "r.csv", "ФИО,E-mail,Email,Tel.,Telefono\nAnn,a@x.org,b@x.org,1,2\n".encode()
    )
    assert rows == [RawRow(2, {"name": "Ann", "email": "a@x.org", "phone": "1"})]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "group"),
    [
        ("Panie", "A"),
        ("panowie", "B"),
        ("Doamne", "A"),
        ("domni", "B"),
        ("Signore", "A"),
        ("SIGNORI", "B"),
        ("Дамы", "A"),
        ("Кавалеры", "B"),
        ("Gruppo B", "B"),
        ("Группа A", "A"),
        ("ladies", "A"),
        (" a ", "A"),
        ("", ""),
    ],
)
def test_the_groups_traditional_names_in_every_language(value, group):
    [row] = imports.preview(
        club=ClubFactory(), rows=[RawRow(2, {"name": "Ann", "group": value})]
    ).rows
    assert (row.verdict, row.group) == (Verdict.NEW, group)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("value", "consent"),
    [
        ("tak", True),
        ("Nie", False),
        ("да", True),
        ("НЕТ", False),
        ("Da", True),
        ("nu", False),
        ("sì", True),
        ("SI", True),
        ("no", False),
        ("yes", True),
        ("1", True),
        ("false", False),
        ("", False),
    ],
)
def test_yes_and_no_in_every_language(value, consent):
    [row] = imports.preview(
        club=ClubFactory(), rows=[RawRow(2, {"name": "Ann", "consent": value})]
    ).rows
    assert (row.verdict, row.consent) == (Verdict.NEW, consent)


@pytest.mark.django_db
def test_the_clubs_own_group_labels_in_any_case_the_latest_drive_winning():
    club = ClubFactory()
    DriveFactory(
        club=club,
        date=datetime.date(2026, 1, 9),
        group_a_label="Czerwoni",
        group_b_label="Niebiescy",
    )
    DriveFactory(
        club=club,
        date=datetime.date(2026, 3, 6),
        group_a_label="Kobiety",
        group_b_label="Czerwoni",
    )
    rows = [
        RawRow(2, {"name": "Ann", "group": "KOBIETY"}),
        RawRow(3, {"name": "Bob", "group": "czerwoni"}),
        RawRow(4, {"name": "Cy", "group": "Niebiescy"}),
        RawRow(5, {"name": "Di", "group": "Panie"}),
        RawRow(6, {"name": "Ed", "group": "Juniorzy"}),
    ]
    preview = imports.preview(club=club, rows=rows)
    assert [row.group for row in preview.rows[:4]] == ["A", "B", "B", "A"]
    assert preview.rows[4].is_error
    # Another club's labels are not this one's.
    [other] = imports.preview(club=ClubFactory(), rows=rows[:1]).rows
    assert other.is_error


@pytest.mark.django_db
def test_errors_name_the_words_of_the_pages_language():
    club = ClubFactory()
    DriveFactory(club=club, group_a_label="Kobiety", group_b_label="Mężczyźni")
    rows = [
        RawRow(2, {"name": "Ann", "group": "C"}),
        RawRow(3, {"name": "Bob", "consent": "może"}),
    ]
    with translation.override("pl"):
        group, consent = (
            row.reason for row in imports.preview(club=club, rows=rows).rows
        )
    assert group == (
        "„C” to nie jest grupa: użyj A lub B "
        "(albo Panie, Panowie, Ladies, Gents, Kobiety, Mężczyźni)."
    )
    assert consent == "„może” to nie jest zgoda: użyj tak lub nie (albo yes, no, 1, 0)."
    with translation.override("en-gb"):
        group, consent = (
            row.reason for row in imports.preview(club=ClubFactory(), rows=rows).rows
        )
    assert group == "“C” is not a group: use A or B (or Ladies, Gents)."
    assert consent == "“może” is not a consent: use yes or no (or 1, 0)."
    with translation.override("ru"):
        [row] = imports.preview(club=ClubFactory(), rows=rows[1:]).rows
    assert row.reason == (
        "«może»\xa0— не согласие: используйте да или нет (или yes, no, 1, 0)."
    )


@pytest.mark.django_db
def test_a_file_without_a_name_column_is_told_in_the_pages_language(
    organiser_client, club
):
    data = b"Nazwa klubu;Telefon\nKlub;1\n"
    response = upload(organiser_client, "r.csv", data)
    assert response.status_code == 400
    assert (
        "The first row needs a column called Name (found: “Nazwa klubu”, “Telefon”). "
        "Email, Phone, Group and Consent columns are optional. "
        "Or the name in two columns: First name and Surname."
    ) in response.content.decode()
    club.language = "pl"
    club.save(update_fields=["language"])
    response = upload(organiser_client, "r.csv", data)
    assert response.status_code == 400
    assert (
        "Pierwszy wiersz wymaga kolumny o nazwie Imię i nazwisko / Name "
        "(znaleziono: “Nazwa klubu”, “Telefon”). Kolumny E-mail, Telefon / Phone, "
        "Grupa / Group i Zgoda / Consent są opcjonalne. "
        "Albo imię i nazwisko w dwóch kolumnach: Imię / First name i "
        "Nazwisko / Surname."
    ) in response.content.decode()


@pytest.mark.django_db
def test_the_page_names_the_columns_in_its_language_and_in_english(
    organiser_client, club
):
    english = organiser_client.get(IMPORT_URL).content.decode()
    assert (
        "The first row names the columns: <strong>Name</strong> (required), and if "
        "you have them <strong>Email</strong>, <strong>Phone</strong>, "
        "<strong>Group</strong> (A or B, or Ladies, Gents) and "
        "<strong>Consent</strong> (yes or no: results by e-mail)."
    ) in english
    assert (
        "The first row names the columns: Name (required), Email, Phone, Group, "
        "Consent (yes or no: results by e-mail)."
    ) in english
    assert "English, Polski, Русский, Română, Italiano" in english
    assert "Imię i nazwisko" not in english
    club.language = "pl"
    club.save(update_fields=["language"])
    DriveFactory(club=club, group_a_label="Kobiety", group_b_label="Mężczyźni")
    polish = organiser_client.get(IMPORT_URL).content.decode()
    assert (
        "Pierwszy wiersz nazywa kolumny: <strong>Imię i nazwisko / Name</strong> "
        "(wymagana) i, jeśli je masz, <strong>E-mail</strong>, "
        "<strong>Telefon / Phone</strong>, <strong>Grupa / Group</strong> (A lub B "
        "albo Panie, Panowie, Ladies, Gents, Kobiety, Mężczyźni) i "
        "<strong>Zgoda / Consent</strong> (tak lub nie: wyniki e-mailem)."
    ) in polish
    assert (
        "Pierwszy wiersz nazywa kolumny: Imię i nazwisko / Name (wymagana), E-mail, "
        "Telefon / Phone, Grupa / Group, Zgoda / Consent (tak lub nie: wyniki e-mailem)."
    ) in polish


@pytest.mark.django_db
def test_a_formula_is_refused_by_the_files_own_column_titles(organiser_client, club):
    club.language = "pl"
    club.save(update_fields=["language"])
    data = xlsx_bytes(
        [
            ["Imię i nazwisko", "E-mail", "Zgoda"],
            ['=UPPER("ala")', "ala@example.pl", '="tak"'],
            ["Ola Nowak", '="ola@example.pl"', "tak"],
        ]
    )
    response = upload(organiser_client, "gracze.xlsx", data)
    reasons = [row.reason for row in response.context["preview"].rows]
    assert "“Imię i nazwisko”, “Zgoda”" in reasons[0]
    assert "“E-mail”" in reasons[1]
    assert not any(
        word in reason for reason in reasons for word in ("name", "consent", "email")
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "filename", "data", "a", "b"),
    [
        ("pl", "gracze.csv", POLISH_CSV, "Panie", "Panowie"),
        ("ru", "игроки.xlsx", RUSSIAN_XLSX, "Дамы", "Кавалеры"),
    ],
    ids=["pl", "ru"],
)
def test_the_preview_and_the_roster_show_the_clubs_group_names(
    organiser_client, club, language, filename, data, a, b
):
    """A file saying Panie/Panowie (Дамы/Кавалеры) is previewed and listed by
    those names, not by the letters A and B the roster keeps."""
    club.language = language
    club.save(update_fields=["language"])
    response = upload(organiser_client, filename, data)
    html = response.content.decode()
    first, second = response.context["preview"].rows[:2]
    assert f"<td>{first.name}</td>" in html
    assert f"<td>{a}</td>" in html and f"<td>{b}</td>" in html
    assert "<td>A</td>" not in html and "<td>B</td>" not in html
    organiser_client.post(
        IMPORT_URL, {"action": "import", "token": response.context["token"]}
    )
    listed = organiser_client.get("/players/").content.decode()
    assert f"<td>{a}</td>" in listed and f"<td>{b}</td>" in listed
    assert "<td>A</td>" not in listed and "<td>B</td>" not in listed
    # A drive that renamed them: the club's latest names.
    DriveFactory(club=club, group_a_label="Kobiety", group_b_label="Mężczyźni")
    listed = organiser_client.get("/players/").content.decode()
    assert "<td>Kobiety</td>" in listed and "<td>Mężczyźni</td>" in listed


@pytest.mark.django_db
def test_an_italian_import_page_suggests_the_groups_a_drive_gives(
    organiser_client, club
):
    """An Italian club's new drive calls its groups Dame and Cavalieri
    (the glossary), and the roster shows them so: the import page suggests
    the same words, not Signore and Signori."""
    club.language = "it"
    club.save(update_fields=["language"])
    italian = organiser_client.get(IMPORT_URL).content.decode()
    assert "(A o B, oppure Dame, Cavalieri, Ladies, Gents)" in italian
