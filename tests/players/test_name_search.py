"""The door's suggestions for a name the roster does not hold (players.name_search):
plain Python, no database."""

from __future__ import annotations

import pytest

from players.name_search import closeness, suggestions

ROSTER = [
    "Anna Wiśniewska",
    "Barbara Wiśniewska",
    "Jan Kowalski",
    "Krystyna Kowalska",
    "Ольга Федорова",
    "Наталья Фёдорова",
    "Ivan Petrov",
    "Ioana Ștefănescu",
    "Łucja Żółkiewska",
    "Zofia Nowak",
]


def suggested(typed: str) -> list[str]:
    return suggestions(typed, ROSTER, name=lambda name: name, limit=8)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # A surname without its accents, or the start of one.
        ("Wisniewska", ["Anna Wiśniewska", "Barbara Wiśniewska"]),
        ("wiśn", ["Anna Wiśniewska", "Barbara Wiśniewska"]),
        ("anna w", ["Anna Wiśniewska"]),
        ("zolkiewska", ["Łucja Żółkiewska"]),
        ("Stefanescu", ["Ioana Ștefănescu"]),
        # Either alphabet, ё typed as е or as ё, a Polish spelling.
        ("Fedorova", ["Ольга Федорова", "Наталья Фёдорова"]),
        ("Федорова", ["Ольга Федорова", "Наталья Фёдорова"]),
        ("Фёдорова", ["Ольга Федорова", "Наталья Фёдорова"]),
        ("Fiodorowa", ["Ольга Федорова", "Наталья Фёдорова"]),
        ("Петров", ["Ivan Petrov"]),
        # A slip of the finger.
        ("Kowalsky", ["Jan Kowalski", "Krystyna Kowalska"]),
        ("Jan Kowalsky", ["Jan Kowalski"]),
        # Someone new: nobody suggested.
        ("Zdzisław Zawada", []),
        ("Bob", []),
        ("a", []),
    ],
)
def test_the_door_suggests_the_players_a_name_may_mean(typed, expected):
    assert suggested(typed) == expected


def test_a_whole_word_comes_before_the_start_of_one_and_a_near_spelling():
    names = ["Nowakowska Ewa", "Zofia Nowak", "Nowik Adam"]
    assert closeness("Nowak", "Zofia Nowak") == 3
    assert closeness("Nowak", "Nowakowska Ewa") == 2
    assert closeness("Nowak", "Nowik Adam") == 1
    assert suggestions("Nowak", names, name=lambda n: n, limit=8) == [
        "Zofia Nowak",
        "Nowakowska Ewa",
        "Nowik Adam",
    ]
    assert suggestions("Nowak", names, name=lambda n: n, limit=1) == ["Zofia Nowak"]


def test_every_word_typed_must_match():
    assert closeness("Anna Kowalski", "Jan Kowalski") == 0
    assert closeness("Anna", "Anna Wiśniewska") == 3


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        # Italian elisions typed without the apostrophe, joined or apart.
        ("maria dellacqua", "Maria Dell'Acqua"),
        ("Dellacqua", "Maria Dell'Acqua"),
        ("dell acqua", "Maria Dell'Acqua"),
        ("Rosaria Santelia", "Rosaria Sant'Elia"),
        ("dangelo", "Giuseppe D'Angelo"),
        # The roster wrote it joined; the door typed the apostrophe (curly too).
        ("Giuseppe D'Angelo", "Giuseppe Dangelo"),
        ("Dell’Acqua", "Maria Dellacqua"),
    ],
)
def test_a_name_with_an_apostrophe_is_found_typed_without_it(typed, name):
    assert closeness(typed, name) > 0
    assert suggestions(typed, [name, "Maria Rossi"], name=lambda n: n, limit=8) == [
        name
    ]
