"""The words a roster file may use in every language (players.import_words): the
table is complete for every offered language, no word means two things, and the
catalogue words it borrows are translated in every catalogue."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from players import import_words
from players.import_words import (
    CATALOGUE_WORDS,
    FIELDS,
    WORDS,
    all_words,
    header_key,
    value_key,
    words_of,
)
from tests.site import po

KINDS = (*FIELDS, "yes", "no", "A", "B")


@pytest.mark.parametrize("code", [code for code, _name in settings.LANGUAGES])
def test_every_offered_language_has_its_own_words(code):
    words = words_of(code)
    assert words is WORDS[code.split("-")[0]]
    assert all(words[kind] for kind in KINDS), code


@pytest.mark.parametrize(
    ("kinds", "key"),
    [(FIELDS, header_key), (("yes", "no"), value_key), (("A", "B"), value_key)],
    ids=["headers", "consent", "groups"],
)
def test_no_word_means_two_things_in_any_language(kinds, key):
    meanings = defaultdict(set)
    for kind in kinds:
        for word in all_words(kind):
            meanings[key(word)].add(kind)
    clashes = {word: kinds for word, kinds in meanings.items() if len(kinds) > 1}
    assert not clashes
    assert "" not in meanings


@pytest.mark.parametrize(
    "language", [c for c, _n in settings.LANGUAGES if c != settings.LANGUAGE_CODE]
)
def test_the_catalogue_words_are_translated_in_every_catalogue(language):
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    translated = {m.msgid for m in po.read(path) if m.translated and not m.fuzzy}
    wanted = {msgid for msgids in CATALOGUE_WORDS.values() for msgid in msgids}
    assert wanted <= translated
    # And the site speaks them: "Phone" in Polish is a Phone column.
    with translation.override(language):
        phone = header_key(translation.gettext("Phone"))
    assert import_words.header_fields()[phone] == "phone"


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("E-mail", "Email"),
        (" e  mail ", "EMAIL"),
        ("Imie i nazwisko", "Imię i nazwisko"),
        ("IMIĘ_I_NAZWISKO", "Imię i nazwisko"),
        ("Consimţământ", "Consimțământ"),  # cedilla or comma below
        ("Consimtamant", "Consimțământ"),
        ("Zwykla grupa", "Zwykła grupa"),
        ("эл.почта", "Эл. почта"),
    ],
)
def test_headers_match_without_case_spaces_punctuation_or_accents(typed, word):
    assert header_key(typed) == header_key(word)


def test_headers_that_differ_stay_apart():
    assert header_key("Surname") not in import_words.header_fields()
    assert header_key("Notes") not in import_words.header_fields()
    assert header_key("#") == ""


def test_the_pages_name_each_column_in_their_language_and_in_english():
    assert import_words.column_names("en-gb") == {
        "name": "Name",
        "email": "Email",
        "phone": "Phone",
        "group": "Group",
        "consent": "Consent",
    }
    polish = import_words.column_names("pl")
    assert polish["name"] == "Imię i nazwisko / Name"
    assert polish["phone"] == "Telefon / Phone"
    # E-mail and Email are one title: said once.
    assert polish["email"] == "E-mail"
    assert import_words.column_names("ru")["name"] == "ФИО / Name"
    assert import_words.shown_words("yes", "it") == ["sì", "yes"]
    assert import_words.shown_words("no", "it") == ["no"]


@pytest.mark.parametrize("code", [code for code, _name in settings.LANGUAGES])
def test_every_offered_language_names_a_names_parts_and_its_code_page(code):
    language = code.split("-")[0]
    words = words_of(code)
    assert all(words[part] for part in import_words.NAME_PARTS), code
    assert import_words.LEGACY_ENCODINGS[language].startswith("cp125")
    assert language in import_words.LETTERS
    # Its letters are what its code page writes: the reading the import picks.
    letters = import_words.LETTERS[language]
    encoding = import_words.LEGACY_ENCODINGS[language]
    cedilla_only = {"ș", "ț"}  # Romanian's comma letters, not in cp1250
    for letter in set(letters) - cedilla_only:
        assert letter.upper().encode(encoding).decode(encoding) == letter.upper()


def test_a_names_parts_are_never_each_other_nor_another_column():
    parts = import_words.header_parts()
    meanings = defaultdict(set)
    for part in import_words.NAME_PARTS:
        for word in all_words(part):
            meanings[header_key(word)].add(part)
    assert all(len(kinds) == 1 for kinds in meanings.values())
    assert {key: part for key, (part, _codes) in parts.items()} == {
        key: kinds.pop() for key, kinds in meanings.items()
    }
    # A part's title may be a whole name's too (alone it holds the name), never
    # an email's, a phone's, a group's or a consent's.
    fields = import_words.header_fields()
    shared = {key: fields[key] for key in parts if key in fields}
    assert set(shared.values()) == {"name"}
    assert set(shared) == {
        header_key(word)
        for word in ("Imię", "Nazwisko", "Имя", "Фамилия", "Nome", "Nume")
    }


def test_a_parts_title_knows_its_languages():
    parts = import_words.header_parts()
    assert parts[header_key("Nome")] == ("first_name", frozenset({"it"}))
    assert parts[header_key("Nume")] == ("surname", frozenset({"ro"}))
    assert parts[header_key("Surname")] == ("surname", frozenset({"en"}))
    assert import_words.column_names("ru", import_words.NAME_PARTS) == {
        "first_name": "Имя / First name",
        "surname": "Фамилия / Surname",
    }
