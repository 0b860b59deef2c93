"""The bell's call read aloud (drive.movement.describe.bell_call with
``aloud=True``): the projector's speech (static/js/bell.js) and the MC say the
seats and sides in words, "North", "North-South", in every language, where a
speech engine spells a letter out ("na en", "en-es"); what the projector and
the captains' phones show keeps the labels the language's cards print
(Polish "Panie na N", "Pary N-S")."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from drive.movement.describe import bell_call
from drive.movement.types import Format
from drive.seat_letters import seat_letter

LANGUAGES = ["en-gb", "pl", "ru", "ro", "it"]
GROUPS = {
    "en-gb": ("Ladies", "Gents"),
    "pl": ("Panie", "Panowie"),
    "ru": ("Дамы", "Кавалеры"),
    "ro": ("Doamne", "Domni"),
    "it": ("Dame", "Cavalieri"),
}
# Every call there is: each format, either side moving, a pairs drive's two
# movements (and the one worked out from its pairs and rounds).
OPTIONS = [
    {},
    {"winners_move": True},
    {"round_robin": False},
    {"round_robin": True},
    {"pairs": 5, "rounds": 5},
    {"pairs": 4, "rounds": 3},
]


def _seat_letters() -> str:
    """Every language's seat letters, as the cards print them (N, W; Italian
    O; Romanian V; Russian С, В, Ю, З), as a regular expression's choice."""
    letters = set()
    for language in LANGUAGES:
        with translation.override(language):
            letters |= {str(seat_letter(seat)) for seat in "NESW"}
    return "|".join(sorted(letters))


LETTER = _seat_letters()


def bare_seat_labels(text: str) -> list[str]:
    """Each seat letter or side label in `text` standing alone ("na N", "N-S",
    "E-O", "С-Ю")."""
    return re.findall(rf"(?<!\w)(?:{LETTER})(?:\s*[-–]\s*(?:{LETTER}))?(?!\w)", text)


def calls(language: str, *, aloud: bool) -> list[str]:
    group_a, group_b = GROUPS[language]
    with translation.override(language):
        return [
            bell_call(format, group_a=group_a, group_b=group_b, aloud=aloud, **options)
            for format in Format
            for options in OPTIONS
        ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_call_read_aloud_names_the_seats_in_words(language):
    for said in calls(language, aloud=True):
        assert said and "%(" not in said
        assert bare_seat_labels(said) == [], said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_call_shown_without_seat_labels_is_read_aloud_as_it_is(language):
    for shown, said in zip(
        calls(language, aloud=False), calls(language, aloud=True), strict=True
    ):
        if not bare_seat_labels(shown):
            assert said == shown


SHOWN_PL = {
    ("progressive", False): (
        "Przechodzą przegrani: Panie o jeden stolik w górę, Panowie o jeden "
        "stolik w dół. Zwycięzcy zostają: Panie na N, Panowie przesiadają się "
        "na W."
    ),
    ("partners", False): (
        "Pary N-S zostają. Pary E-W przechodzą o jeden stolik w górę."
    ),
}


def test_the_polish_call_shown_keeps_the_cards_letters_and_says_them_in_words():
    with translation.override("pl"):
        shown = bell_call(Format.PROGRESSIVE, group_a="Panie", group_b="Panowie")
        said = bell_call(
            Format.PROGRESSIVE, group_a="Panie", group_b="Panowie", aloud=True
        )
        shown_winners = bell_call(
            Format.PROGRESSIVE,
            group_a="Panie",
            group_b="Panowie",
            winners_move=True,
        )
        said_winners = bell_call(
            Format.PROGRESSIVE,
            group_a="Panie",
            group_b="Panowie",
            winners_move=True,
            aloud=True,
        )
        pairs_shown = bell_call(
            Format.PARTNERS, group_a="", group_b="", round_robin=False
        )
        pairs_said = bell_call(
            Format.PARTNERS, group_a="", group_b="", round_robin=False, aloud=True
        )
        robin_said = bell_call(
            Format.RUBBER, group_a="", group_b="", round_robin=True, aloud=True
        )
    assert shown == SHOWN_PL["progressive", False]
    assert bare_seat_labels(shown) == ["N", "W"]
    assert bare_seat_labels(pairs_shown) == ["N-S", "E-W"]
    # Russian cards' letters are found as well.
    assert bare_seat_labels("Пары С-Ю остаются, Дамы на З.") == ["С-Ю", "З"]
    assert said == (
        "Przechodzą przegrani: Panie o jeden stolik w górę, Panowie o jeden "
        "stolik w dół. Zwycięzcy zostają: Panie na Północy, Panowie przesiadają "
        "się na Zachód."
    )
    assert shown_winners.endswith("Panie na N, Panowie przesiadają się na W.")
    assert said_winners.endswith(
        "Przegrani zostają: Panie na Północy, Panowie przesiadają się na Zachód."
    )
    assert pairs_shown == SHOWN_PL["partners", False]
    assert pairs_said == (
        "Pary Północ-Południe zostają. Pary Wschód-Zachód przechodzą o jeden "
        "stolik w górę."
    )
    assert robin_said == (
        "Pary Północ-Południe przechodzą o jeden stolik w dół, pary "
        "Wschód-Zachód o jeden w górę, jak podaje wasza karta wyników."
    )
