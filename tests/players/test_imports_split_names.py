"""A name written in two columns, first name and surname ("Imię | Nazwisko",
"Фамилия | Имя", "First name | Last name"): each player is "first surname", so
players who share a first name stay apart."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from players import roster_file
from players.imports import Verdict
from players.models import Player
from players.roster_file import RawRow
from tests.factories import PlayerFactory
from tests.players.roster_files import xlsx_bytes

IMPORT_URL = "/players/import/"


POLISH_CSV = (
    "Imię;Nazwisko;E-mail;Grupa\n"
    "Anna;Nowak;anna.n@example.pl;Panie\n"
    "Anna;Kowalska;anna.k@example.pl;Panie\n"
    "  Jan ;  Zięba  ;;Panowie\n"
    ";Wąs;;\n"
    "Ola;;;\n"
    "ANNA;nowak;;\n"
).encode()

# Surname first, as Russian forms have it.
RUSSIAN_XLSX = xlsx_bytes(
    [
        ["Фамилия", "Имя", "Телефон", "Группа"],
        ["Каренина", "Анна", "+7 900 000-00-01", "Дамы"],
        ["Иванова", "Анна", None, "Дамы"],
        ["Вронский", "Алексей", None, "Кавалеры"],
    ]
)

ENGLISH_CSV = (
    b"First name,Last name,Email\n"
    b"Anna,Nowak,anna@example.org\n"
    b"Anna,Kowalska,\n"
    b"Bob,Archer,\n"
)


def upload(client, filename: str, data: bytes):
    return client.post(
        IMPORT_URL, {"action": "preview", "file": SimpleUploadedFile(filename, data)}
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("filename", "data", "preview", "added"),
    [
        (
            "gracze.csv",
            POLISH_CSV,
            [
                ("Anna Nowak", Verdict.NEW),
                ("Anna Kowalska", Verdict.NEW),
                ("Jan Zięba", Verdict.NEW),
                ("Wąs", Verdict.NEW),
                ("Ola", Verdict.NEW),
                ("ANNA nowak", Verdict.ON_ROSTER),
            ],
            {
                "Anna Nowak": ("anna.n@example.pl", "A"),
                "Anna Kowalska": ("anna.k@example.pl", "A"),
                "Jan Zięba": ("", "B"),
                "Wąs": ("", ""),
                "Ola": ("", ""),
            },
        ),
        (
            "игроки.xlsx",
            RUSSIAN_XLSX,
            [
                ("Анна Каренина", Verdict.NEW),
                ("Анна Иванова", Verdict.NEW),
                ("Алексей Вронский", Verdict.NEW),
            ],
            {
                "Анна Каренина": ("", "A"),
                "Анна Иванова": ("", "A"),
                "Алексей Вронский": ("", "B"),
            },
        ),
        (
            "players.csv",
            ENGLISH_CSV,
            [
                ("Anna Nowak", Verdict.NEW),
                ("Anna Kowalska", Verdict.NEW),
                ("Bob Archer", Verdict.NEW),
            ],
            {
                "Anna Nowak": ("anna@example.org", ""),
                "Anna Kowalska": ("", ""),
                "Bob Archer": ("", ""),
            },
        ),
    ],
    ids=["polish-csv", "russian-xlsx-surname-first", "english-csv"],
)
def test_first_name_and_surname_columns_are_joined(
    organiser_client, club, filename, data, preview, added
):
    response = upload(organiser_client, filename, data)
    assert response.status_code == 200
    rows = response.context["preview"].rows
    assert [(row.name, row.verdict) for row in rows] == preview
    page = response.content.decode()
    assert all(f"<td>{name}</td>" in page for name, _verdict in preview)
    done = organiser_client.post(
        IMPORT_URL, {"action": "import", "token": response.context["token"]}
    )
    assert done.status_code == 302
    assert {
        p.name: (p.email, p.group) for p in Player.objects.filter(club=club)
    } == added


@pytest.mark.django_db
def test_a_split_name_is_matched_to_the_roster_whole(organiser_client, club):
    anna = PlayerFactory(club=club, name="Anna Nowak")
    response = upload(organiser_client, "r.csv", ENGLISH_CSV)
    rows = response.context["preview"].rows
    assert [(row.name, row.verdict, row.player_id) for row in rows] == [
        ("Anna Nowak", Verdict.ON_ROSTER, anna.id),
        ("Anna Kowalska", Verdict.NEW, None),
        ("Bob Archer", Verdict.NEW, None),
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Italian "Nome" beside "Cognome" is the first name.
        ("Nome;Cognome\nAnna;Rossi\n", "Anna Rossi"),
        ("Cognome;Nome\nRossi;Anna\n", "Anna Rossi"),
        # Romanian "Nume" beside "Prenume" is the surname.
        ("Nume;Prenume\nPopescu;Ana\n", "Ana Popescu"),
        ("Prenume;Nume\nAna;Popescu\n", "Ana Popescu"),
        ("Imię;Nazwisko\nAnna;Nowak\n", "Anna Nowak"),
        ("Имя,Фамилия\nАнна,Каренина\n", "Анна Каренина"),
        ("Forename,Surname\nAnn,Archer\n", "Ann Archer"),
        ("Surname,Given name\nArcher,Ann\n", "Ann Archer"),
        ("Family name,First name\nArcher,Ann\n", "Ann Archer"),
        # English titles go with any language's.
        ("Nome,Surname\nAnna,Rossi\n", "Anna Rossi"),
        # Spaces inside the cells are kept for _check to tidy.
        ("Imię;Nazwisko\n Anna ; Nowak \n", " Anna   Nowak "),
    ],
)
def test_a_pair_of_one_language_in_either_order(text, name):
    assert roster_file.read_upload("r.csv", text.encode()) == [
        RawRow(2, {"name": name})
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # Alone, "Nome" and "Nume" hold the whole name, as "Imię" and "Имя" do.
        ("Nome\nAnna Rossi\n", "Anna Rossi"),
        ("Nume\nAna Popescu\n", "Ana Popescu"),
        ("Imię\nAnna Nowak\n", "Anna Nowak"),
        ("Фамилия\nКаренина\n", "Каренина"),
        # "Nome" (Italian) beside "Nume" (Romanian) is no pair: the first is read.
        ("Nome,Nume\nAnna Rossi,Ana Popescu\n", "Anna Rossi"),
        # A whole-name column wins over a pair, wherever it is.
        ("Imię;Nazwisko;Imię i nazwisko\nA;N;Anna Nowak\n", "Anna Nowak"),
        ("First name,Last name,Name\nA,N,Ann Archer\n", "Ann Archer"),
        ("Фамилия,ФИО,Имя\nК,Анна Каренина,А\n", "Анна Каренина"),
        ("Nome,Cognome,Nome e cognome\nA,R,Anna Rossi\n", "Anna Rossi"),
        # Only one part, beside a whole name: the first name column is read.
        ("Name,Surname\nAnn Archer,Archer\n", "Ann Archer"),
        ("Surname,Name\nArcher,Ann Archer\n", "Ann Archer"),
    ],
)
def test_without_a_pair_or_beside_a_whole_name_it_reads_as_before(text, name):
    assert roster_file.read_upload("r.csv", text.encode()) == [
        RawRow(2, {"name": name})
    ]


@pytest.mark.parametrize("title", ["Surname", "Cognome", "Prenume", "First name"])
def test_a_part_alone_is_not_a_name_column(title):
    with pytest.raises(roster_file.RosterFileError, match="column called Name"):
        roster_file.read_upload("r.csv", f"{title};Email\nX;\n".encode())


@pytest.mark.django_db
def test_a_row_with_both_parts_empty_has_an_empty_name(organiser_client, club):
    response = upload(organiser_client, "r.csv", b"Imie;Nazwisko;Email\n ; ;a@x.org\n")
    [row] = response.context["preview"].rows
    assert (row.verdict, row.reason) == (Verdict.ERROR, "The name is empty.")


def test_a_formula_in_either_part_is_a_formula_in_the_name():
    data = xlsx_bytes(
        [
            ["First name", "Last name", "Email"],
            ["Ann", '=UPPER("archer")', None],
            ['=LEFT("Bobby",3)', "Baker", '="b@x.org"'],
            ["Cy", "Cole", None],
        ]
    )
    rows = roster_file.read_upload("r.xlsx", data)
    assert [set(row.formula_in) for row in rows] == [
        {"Last name"},
        {"First name", "Email"},
        set(),
    ]
    assert rows[2].cells == {"name": "Cy Cole", "email": ""}


def test_each_part_is_bounded_like_a_cell():
    long = "x" * (roster_file.MAX_CELL + 1)
    with pytest.raises(roster_file.RosterFileError, match="longer than 1,000"):
        roster_file.read_upload("r.csv", f"Imię;Nazwisko\nAnna;{long}\n".encode())
    # Two parts within the bound make a name the preview refuses.
    half = "x" * roster_file.MAX_CELL
    [row] = roster_file.read_upload("r.csv", f"Imię;Nazwisko\n{half};{half}\n".encode())
    assert len(row.cells["name"]) == 2 * roster_file.MAX_CELL + 1


@pytest.mark.django_db
def test_the_page_says_split_columns_are_joined(organiser_client, club):
    english = organiser_client.get(IMPORT_URL).content.decode()
    assert (
        "Or the name in two columns, <strong>First name</strong> and "
        "<strong>Surname</strong>, in either order: they are joined, first name "
        "first. If the file also has a Name column, that one is read."
    ) in english
    club.language = "pl"
    club.save(update_fields=["language"])
    polish = organiser_client.get(IMPORT_URL).content.decode()
    assert (
        "Albo imię i nazwisko w dwóch kolumnach, <strong>Imię / First name</strong> "
        "i <strong>Nazwisko / Surname</strong>, w dowolnej kolejności: są łączone, "
        "najpierw imię. Jeśli plik ma też kolumnę Imię i nazwisko / Name, czytana "
        "jest ona."
    ) in polish
    club.language = "it"
    club.save(update_fields=["language"])
    italian = organiser_client.get(IMPORT_URL).content.decode()
    assert (
        "<strong>Nome / First name</strong> e <strong>Cognome / Surname</strong>"
        in (italian)
    )
    assert "una colonna Nome e cognome / Name" in italian
