"""CSV files from older Windows spreadsheets: saved not in UTF-8 but in the code
page of the secretary's language (cp1250 in Poland and Romania, cp1251 in
Russia, cp1252 in England and Italy), they import with their letters right."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from players import import_words, roster_file
from players.imports import Verdict
from players.models import Player
from players.roster_file import RawRow, RosterFileError

IMPORT_URL = "/players/import/"

POLISH = (
    "Imię i nazwisko;E-mail;Grupa\n"
    "Łucja Żółkiewska;lucja@example.pl;Panie\n"
    "Grzegorz Brzęczyszczykiewicz;;Panowie\n"
    "Ścisław Źdźbło;;\n"
)
RUSSIAN = "ФИО;Телефон;Группа\nАнна Каренина;+7 900 000-00-01;Дамы\nЁжик Чащин;;Б\n"
ITALIAN = (
    "Nome;Email;Gruppo\nNiccolò Ferrù;nicco@example.it;Signori\nLucia Mondella;;\n"
)


def upload(client, filename: str, data: bytes):
    return client.post(
        IMPORT_URL, {"action": "preview", "file": SimpleUploadedFile(filename, data)}
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "encoding", "players"),
    [
        (
            POLISH,
            "cp1250",
            {
                "Łucja Żółkiewska": "A",
                "Grzegorz Brzęczyszczykiewicz": "B",
                "Ścisław Źdźbło": "",
            },
        ),
        (RUSSIAN, "cp1251", {"Анна Каренина": "A", "Ёжик Чащин": "B"}),
        (ITALIAN, "cp1252", {"Niccolò Ferrù": "B", "Lucia Mondella": ""}),
    ],
    ids=["polish-cp1250", "russian-cp1251", "italian-cp1252"],
)
def test_a_csv_in_its_languages_windows_code_page_imports_with_its_letters(
    organiser_client, club, text, encoding, players
):
    data = text.encode(encoding)
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    response = upload(organiser_client, "gracze.csv", data)
    assert response.status_code == 200
    preview = response.context["preview"]
    assert [(row.name, row.verdict) for row in preview.rows] == [
        (name, Verdict.NEW) for name in players
    ]
    done = organiser_client.post(
        IMPORT_URL, {"action": "import", "token": response.context["token"]}
    )
    assert done.status_code == 302
    assert dict(Player.objects.filter(club=club).values_list("name", "group")) == (
        players
    )


def test_polish_letters_that_cp1252_reads_as_other_letters():
    # ę, ć, ń and ś are ê, æ, ñ and œ in cp1252, letters too: only the letters
    # the site's languages write tell the right reading.
    data = "Imię i nazwisko\nGrzegorz Brzęczyszczykiewicz\nJan Koń\nŚwięć\n".encode(
        "cp1250"
    )
    rows = roster_file.read_upload("r.csv", data)
    assert [row.cells["name"] for row in rows] == [
        "Grzegorz Brzęczyszczykiewicz",
        "Jan Koń",
        "Święć",
    ]


def test_the_header_decides_then_the_letters():
    # An English header reads the same in every code page: the names decide.
    data = "Name;Phone\nАнна Каренина;1\nИван Петров;2\n".encode("cp1251")
    rows = roster_file.read_upload("r.csv", data)
    assert [row.cells["name"] for row in rows] == ["Анна Каренина", "Иван Петров"]
    # A Romanian file with the cedilla letters cp1250 has.
    data = "Nume;Grupă\nŞtefan Ţăranu;Domni\n".encode("cp1250")
    assert roster_file.read_upload("r.csv", data) == [
        RawRow(2, {"name": "Ştefan Ţăranu", "group": "Domni"})
    ]


def test_a_utf8_file_reads_as_before_with_or_without_a_bom():
    text = "Imię i nazwisko;Grupa\nŁucja Żółkiewska;Panie\nАнна Каренина;Дамы\n"
    expected = [
        RawRow(2, {"name": "Łucja Żółkiewska", "group": "Panie"}),
        RawRow(3, {"name": "Анна Каренина", "group": "Дамы"}),
    ]
    assert roster_file.read_upload("r.csv", text.encode("utf-8")) == expected
    assert roster_file.read_upload("r.csv", text.encode("utf-8-sig")) == expected


def test_the_code_pages_are_those_of_the_offered_languages_each_once():
    assert import_words.legacy_encodings() == ["cp1252", "cp1250", "cp1251"]


def test_unlikely_characters_are_symbols_foreign_letters_and_mixed_scripts():
    assert roster_file._unlikely("Łucja Żółkiewska, Anna Каренина, Niccolò") == 0
    # Polish read as cp1252: £, ¯ and ³ are symbols.
    assert roster_file._unlikely("£ucja ¯ó³kiewska") == 3
    # ê, ñ, æ and œ are letters, but none of the site's languages writes them.
    assert roster_file._unlikely("Brzêczyszczykiewicz Koñ æœ") == 4
    # Italian read as cp1251: a Cyrillic letter after Latin ones.
    assert roster_file._unlikely("Niccolт") == 1
    # C1 controls and box drawing.
    assert roster_file._unlikely("Ann\x85\x9a ║═") == 4


def test_a_tie_reads_the_first_code_page_of_the_list():
    # Ð (cp1252), Đ (cp1250) and Р beside a Latin x (cp1251): one unlikely
    # character each.
    assert roster_file.read_upload("r.csv", b"Name\nAx\xd0\n") == [
        RawRow(2, {"name": "AxÐ"})
    ]


def test_without_a_name_column_in_any_reading_the_error_quotes_the_likeliest():
    data = "Имя клуба;Телефон\nКлуб;1\n".encode("cp1251")
    with pytest.raises(RosterFileError, match="found: “Имя клуба”, “Телефон”"):
        roster_file.read_upload("r.csv", data)


def test_bytes_no_code_page_reads_fall_back_to_latin_1():
    # 0x81 is in neither cp1252 nor cp1250, 0x98 not in cp1251.
    assert roster_file.read_upload("r.csv", b"Name\nA\x81\x98\n") == [
        RawRow(2, {"name": "A\x81\x98"})
    ]


@pytest.mark.django_db
def test_a_romanian_clubs_cp1250_file_is_imported_with_comma_below_letters(
    organiser_client, club
):
    """cp1250 has only the cedilla ş and ţ, which old Romanian keyboards typed
    too; a Romanian club's roster, cards and boards write ș and ț. Another
    club's import keeps the letters as typed (a Turkish Şahin stays)."""
    club.language = "ro"
    club.save()
    data = "Nume;Grupă\nŞtefan Ţăranu;Domni\nIoana Ştefănescu;Doamne\n".encode("cp1250")
    response = upload(organiser_client, "jucatori.csv", data)
    assert [row.name for row in response.context["preview"].rows] == [
        "Ștefan Țăranu",
        "Ioana Ștefănescu",
    ]
    organiser_client.post(
        IMPORT_URL, {"action": "import", "token": response.context["token"]}
    )
    assert set(Player.objects.filter(club=club).values_list("name", flat=True)) == {
        "Ștefan Țăranu",
        "Ioana Ștefănescu",
    }

    club.language = "en-gb"
    club.save()
    response = upload(
        organiser_client, "players.csv", "Name\nŞahin Ţ\n".encode("cp1250")
    )
    assert [row.name for row in response.context["preview"].rows] == ["Şahin Ţ"]
