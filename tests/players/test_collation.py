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


# --- matching names typed without their letters (players.collation.fold) -------


@pytest.mark.parametrize(
    ("typed", "roster"),
    [
        ("lucja zolkiewska", "Łucja Żółkiewska"),  # ł has no decomposition
        ("swietoslaw gasior", "Świętosław Gąsior"),
        ("czeslaw maka", "Czesław Mąka"),
        ("dorde", "Đorđe"),
        ("strasse", "Straße"),
        ("soren aero", "Søren Ærø"),
        ("oeuvre", "Œuvre"),
        ("isik", "Işık"),  # dotless ı
        ("ilker", "İlker"),
        ("stefan tara", "Ștefan Țară"),  # Romanian comma letters
        ("serban tepes", "Şerban Ţepeş"),  # and the cedilla ones typed for years
        ("ion stefanescu", "Ion Ștefănescu"),
        ("niccolo", "Niccolò"),
        ("федор", "Фёдор"),  # ё is typed as е every day
        ("ФЕДОР", "фёдор"),
        ("giuseppe d’angelo", "Giuseppe D'Angelo"),  # a phone's curly apostrophe
        ("Carla D'Annunzio", "Carla D’Annunzio"),  # and a spreadsheet's
        ("Francesco De‘ Medici", "Francesco De' Medici"),
    ],
)
def test_a_name_typed_without_its_letters_finds_the_roster_name(typed, roster):
    from players.models import normalise_name

    assert normalise_name(typed) == normalise_name(roster)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Сергей", "Сергеи"),  # й is a letter of its own, not и with a mark
        ("Andrey", "Андрей"),  # never across alphabets
        ("Lucja", "Łucja Żółkiewska"),
    ],
)
def test_folding_keeps_apart_what_readers_tell_apart(one, other):
    from players.models import normalise_name

    assert normalise_name(one) != normalise_name(other)


@pytest.mark.django_db
def test_the_door_finds_polish_roster_names_typed_without_polish_letters(
    organiser_client, club
):
    from drive.models import DriveState, Entry
    from players.models import Player
    from tests.factories import DriveFactory
    from tests.fixtures import drive_url

    drive = DriveFactory(club=club, state=DriveState.OPEN)
    names = ["Łucja Żółkiewska", "Świętosław Gąsior", "Czesław Mąka"]
    roster = [PlayerFactory(club=club, name=name) for name in names]
    for typed in ("lucja zolkiewska", "swietoslaw gasior", "czeslaw maka"):
        response = organiser_client.post(drive_url(drive, "entries/"), {"name": typed})
        assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 3
    entered = Entry.objects.filter(drive=drive).values_list("player_id", flat=True)
    assert sorted(entered) == sorted(p.pk for p in roster)


@pytest.mark.django_db
def test_the_migration_recomputes_stored_name_keys(club):
    from importlib import import_module

    from django.apps import apps

    from players.models import Player

    player = PlayerFactory(club=club, name="Łucja Żółkiewska")
    Player.objects.filter(pk=player.pk).update(name_key="łucja zołkiewska")
    migration = import_module(
        "players.migrations.0008_player_name_key_folds_every_letter"
    )
    migration.recompute_name_keys(apps, None)
    player.refresh_from_db()
    assert player.name_key == "lucja zolkiewska"


@pytest.mark.django_db
def test_the_door_finds_an_italian_name_typed_with_a_curly_apostrophe(
    organiser_client, club
):
    """An Italian phone types D’Angelo: the door finds D'Angelo on the roster
    and enters him, with no new player and no question."""
    from drive.models import DriveState, Entry
    from players.models import Player
    from tests.factories import DriveFactory
    from tests.fixtures import drive_url

    drive = DriveFactory(club=club, state=DriveState.OPEN)
    giuseppe = PlayerFactory(club=club, name="Giuseppe D'Angelo")
    response = organiser_client.post(
        drive_url(drive, "entries/"), {"name": "Giuseppe D’Angelo"}
    )
    assert response.status_code == 302
    assert list(Player.objects.filter(club=club)) == [giuseppe]
    assert Entry.objects.get(drive=drive).player == giuseppe


@pytest.mark.django_db
def test_the_apostrophe_migration_recomputes_stored_name_keys(club):
    from importlib import import_module

    from django.apps import apps

    from players.models import Player

    player = PlayerFactory(club=club, name="Carla D’Annunzio")
    Player.objects.filter(pk=player.pk).update(name_key="carla d’annunzio")
    migration = import_module(
        "players.migrations.0017_player_name_key_folds_apostrophes"
    )
    migration.recompute_name_keys(apps, None)
    player.refresh_from_db()
    assert player.name_key == "carla d'annunzio"
