"""Names in each language's alphabetical order (players.collation)."""

from __future__ import annotations

import string

import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from players.collation import sort_key
from tests.factories import PlayerFactory


def ordered(names, language):
    return sorted(names, key=lambda n: sort_key(n, language))


def test_polish_letters_follow_their_base_letter():
    names = ["Żaneta", "Łukasz", "Lucyna", "Zofia", "Ćwik", "Czesław", "Marek", "Ńa"]
    assert ordered(names, "pl") == [
        "Czesław",
        "Ćwik",
        "Lucyna",
        "Łukasz",
        "Marek",
        "Ńa",
        "Zofia",
        "Żaneta",
    ]


def test_polish_o_acute_and_s_acute_are_letters_of_their_own():
    assert ordered(["Ósma", "Ozga", "Śliwa", "Szymon"], "pl") == [
        "Ozga",
        "Ósma",
        "Szymon",
        "Śliwa",
    ]


def test_english_folds_the_polish_letters():
    assert ordered(["Łukasz", "Lucyna", "Żaneta", "Zofia"], "en") == [
        "Lucyna",
        "Łukasz",
        "Żaneta",
        "Zofia",
    ]


def test_romanian_letters_follow_their_base_letter():
    names = [
        "Ștefan",
        "Sorin",
        "Tudor",
        "Țurcanu",
        "Ana",
        "Ăsta",
        "Âncuța",
        "Ion",
        "Îon",
    ]
    assert ordered(names, "ro") == [
        "Ana",
        "Ăsta",
        "Âncuța",
        "Ion",
        "Îon",
        "Sorin",
        "Ștefan",
        "Tudor",
        "Țurcanu",
    ]


def test_romanian_cedilla_letters_count_as_comma_letters():
    assert ordered(["Ştefan", "Sorin", "Szabo"], "ro") == ["Sorin", "Szabo", "Ştefan"]
    assert sort_key("Ştefan", "ro")[0] == sort_key("Ștefan", "ro")[0]


def test_russian_order_with_yo_and_latin_names_after():
    names = ["Яна", "Ёлкин", "Егор", "Жанна", "Анна", "Smith", "Борис"]
    assert ordered(names, "ru") == [
        "Анна",
        "Борис",
        "Егор",
        "Ёлкин",
        "Жанна",
        "Яна",
        "Smith",
    ]


def test_latin_names_come_before_cyrillic_outside_russian():
    assert ordered(["Анна", "Zoe"], "pl") == ["Zoe", "Анна"]


def test_italian_folds_accents_and_ignores_case():
    assert ordered(
        ["Zeno", "àlba", "Alberto", "Élia", "emma", "Nicolò", "Nicola"], "it"
    ) == [
        "àlba",
        "Alberto",
        "Élia",
        "emma",
        "Nicola",
        "Nicolò",
        "Zeno",
    ]


def test_same_letters_tie_break_on_accents_then_case():
    keys = [sort_key(n, "it") for n in ["Nicolo", "nicolo", "Nicolò"]]
    assert len(set(keys)) == 3
    assert ordered(["Nicolò", "nicolo", "Nicolo"], "it")[2] == "Nicolò"


def test_the_active_language_is_used_by_default():
    with translation.override("pl"):
        assert sorted(["Łaba", "Lucyna", "Ma"], key=sort_key) == [
            "Lucyna",
            "Łaba",
            "Ma",
        ]
    with translation.override("en-gb"):
        assert sorted(["Łaba", "Lucyna", "Ma"], key=sort_key) == [
            "Łaba",
            "Lucyna",
            "Ma",
        ]


ASCII_NAMES = st.text(alphabet=string.ascii_letters + " -'", min_size=0, max_size=12)


@given(
    st.lists(ASCII_NAMES, max_size=12), st.sampled_from(["en", "pl", "ro", "ru", "it"])
)
def test_plain_ascii_names_sort_as_in_english(names, language):
    """For plain ASCII names every language agrees with English: case-folded
    letters a to z (spaces and marks before letters), then the name itself."""
    expected = sorted(names, key=lambda n: (n.casefold(), n))
    got = ordered(names, language)
    assert [n.casefold() for n in got] == [n.casefold() for n in expected]


@given(
    st.text(max_size=10),
    st.text(max_size=10),
    st.sampled_from(["en", "pl", "ro", "ru", "it"]),
)
def test_the_order_is_total(a, b, language):
    ka, kb = sort_key(a, language), sort_key(b, language)
    assert (ka == kb) == (a == b)
    assert (ka < kb) or (kb < ka) or a == b


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pl", ["Lucyna", "Łukasz", "Sorin", "Ștefan", "Zofia", "Żaneta"]),
        ("ro", ["Lucyna", "Łukasz", "Sorin", "Ștefan", "Żaneta", "Zofia"]),
        ("en-gb", ["Lucyna", "Łukasz", "Sorin", "Ștefan", "Żaneta", "Zofia"]),
    ],
)
def test_the_roster_and_the_registration_list_follow_the_language(
    organiser_client, club, open_drive, language, expected
):
    for name in ["Żaneta", "Ștefan", "Zofia", "Łukasz", "Sorin", "Lucyna"]:
        PlayerFactory(club=club, name=name)
    # The visitor's chosen language (the switch's cookie), as a page sees it.
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    roster = organiser_client.get("/players/")
    registration = organiser_client.get(f"/drives/{open_drive.pk}/entries/")
    assert roster.status_code == registration.status_code == 200
    ours = set(expected)
    listed = roster.context["page"].object_list
    assert [p.name for p in listed if p.name in ours] == expected
    assert [
        p.name for p in registration.context["roster"] if p.name in ours
    ] == expected
