"""`demo --language`: a demo club in the language, its drive, venue and
players named as a club of that language would name them (printing.demo_names),
every format played, an unknown language refused."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse

from drive.group_words import default_group_labels
from drive.models import Drive, DriveState
from drive.movement.types import Format
from players.models import Club, Player, normalise_name
from players.money import currency_for_language
from printing import demo_names
from tests.printing.fixtures import run

LANGUAGES = [code for code, _name in settings.LANGUAGES if not code.startswith("en")]
# Every letter a name may have, and the letters at least one name must have.
ALPHABETS = {
    "pl": (r"[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż \-]+", "łśżźćńąęóŁŚŻ"),
    "ru": (r"[А-Яа-яЁё \-]+", "ёЁ"),
    "ro": (r"[A-Za-zĂÂÎȘȚăâîșț \-]+", "șțȘȚ"),
    "it": (r"[A-Za-zàèéìòùÀÈÉÌÒÙ' \-]+", "òì"),
}


def demo(*args: str) -> tuple[Drive, list[str]]:
    lines = run("demo", "--hands", "4", "--seed", "2", *args)
    return Drive.objects.get(pk=int(lines[-1].removeprefix("drive: "))), lines


def names_of(drive: Drive) -> list[str]:
    return [e.player.name for e in drive.entries.select_related("player")]


def is_woman(language: str, name: str) -> bool:
    return name.split()[0] in demo_names.BY_LANGUAGE[language].women


def test_every_language_of_the_site_has_its_demo_names():
    assert set(LANGUAGES) == set(demo_names.BY_LANGUAGE)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_demo_club_drive_and_players_are_named_in_the_language(language):
    drive, lines = demo("--language", language, "--players", "60")
    club = drive.club
    names = demo_names.BY_LANGUAGE[language]
    assert (club.language, club.name, club.currency) == (
        language,
        names.club,
        currency_for_language(language),
    )
    assert drive.state == DriveState.FINISHED
    assert drive.name in names.drives
    assert drive.venue == names.venue
    assert (drive.group_a_label, drive.group_b_label) == tuple(
        default_group_labels(language).values()
    )
    assert drive.group_a_label != "Ladies"
    players = names_of(drive)
    assert len(set(players)) == 60
    letters, some = ALPHABETS[language]
    for name in players:
        assert re.fullmatch(letters, name), name
        assert "Demo" not in name
    assert any(letter in name for name in players for letter in some)
    # Women and men, in turn: group A the women, as tradition names it.
    women = [name for name in players if is_woman(language, name)]
    assert len(women) == 30
    assert not any(line.startswith("club:") for line in lines)
    assert not Player.objects.filter(name__startswith="Demo").exists()


@pytest.mark.parametrize("language", LANGUAGES)
def test_sixty_distinct_names_of_women_and_men(language):
    first = demo_names.player_names(language, 60)
    assert len({normalise_name(name) for name in first}) == 60
    assert sum(is_woman(language, name) for name in first) == 30
    many = demo_names.player_names(language, demo_names.MOST_PLAYERS)
    assert len({normalise_name(name) for name in many}) == demo_names.MOST_PLAYERS


def test_romanian_names_have_the_comma_below_never_the_cedilla():
    names = demo_names.player_names("ro")
    assert any("ș" in name or "ț" in name for name in names)
    assert not any(c in name for name in names for c in "şţŞŢ")


@pytest.mark.parametrize(
    ("language", "man", "woman"),
    [
        ("pl", "Kowalski", "Kowalska"),
        ("pl", "Nowicki", "Nowicka"),
        ("pl", "Zawadzki", "Zawadzka"),
        ("pl", "Nowak", "Nowak"),
        ("pl", "Wróbel", "Wróbel"),
        ("ru", "Иванов", "Иванова"),
        ("ru", "Соловьёв", "Соловьёва"),
        ("ru", "Ильин", "Ильина"),
        ("ru", "Покровский", "Покровская"),
        ("ru", "Троицкий", "Троицкая"),
        ("ru", "Черных", "Черных"),
        ("ru", "Ткаченко", "Ткаченко"),
        ("ro", "Popescu", "Popescu"),
        ("it", "Rossi", "Rossi"),
    ],
)
def test_a_womans_surname(language, man, woman):
    assert demo_names.female_surname(language, man) == woman


# A man's surname that a woman never has, and a woman's a man never has.
MENS_ENDINGS = {"pl": ("ski", "cki"), "ru": ("ов", "ев", "ёв", "ин", "ий")}
WOMENS_ENDINGS = {"pl": ("ska", "cka"), "ru": ("ова", "ева", "ёва", "ина", "ская")}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["pl", "ru"])
def test_women_have_the_womans_form_of_their_surname(language):
    drive, _lines = demo("--language", language, "--players", "40")
    women_surnames = []
    for name in names_of(drive):
        surname = name.split()[-1]
        if is_woman(language, name):
            women_surnames.append(surname)
            assert not surname.endswith(MENS_ENDINGS[language]), name
        else:
            assert not surname.endswith(WOMENS_ENDINGS[language]), name
    assert any(s.endswith(WOMENS_ENDINGS[language]) for s in women_surnames)


@pytest.mark.django_db
@pytest.mark.parametrize("format", list(Format), ids=lambda f: f.value)
def test_a_russian_demo_of_every_format(format):
    drive, _lines = demo(
        "--language", "ru", "--format", format.value, "--players", "18", "--hands", "8"
    )
    assert drive.state == DriveState.FINISHED
    assert drive.club.language == "ru"
    for name in names_of(drive):
        assert re.fullmatch(ALPHABETS["ru"][0], name), name


@pytest.mark.django_db
def test_without_a_language_the_demo_is_english_as_before():
    drive, _lines = demo("--players", "8")
    assert (drive.club.name, drive.club.language, drive.venue) == (
        "Demo whist club",
        settings.LANGUAGE_CODE,
        "",
    )
    assert drive.name == "Demo drive (progressive, 8 players)"
    assert sorted(names_of(drive)) == sorted(f"Demo player {n}" for n in range(1, 9))


@pytest.mark.django_db
def test_a_polish_demo_after_an_english_one_leaves_the_english_players_out():
    demo("--players", "8")
    drive, lines = demo("--language", "pl", "--players", "8")
    club = Club.objects.get()
    assert (club.name, club.language, club.currency) == (
        demo_names.POLISH.club,
        "pl",
        "PLN",
    )
    assert f"club: {demo_names.POLISH.club} (pl)" in lines
    assert not any("Demo" in name for name in names_of(drive))
    # And the Polish players are found again by a second Polish demo.
    again, _lines = demo("--language", "pl", "--players", "8")
    assert sorted(names_of(again)) == sorted(names_of(drive))
    assert Player.objects.count() == 16


@pytest.mark.django_db
def test_an_organisers_club_keeps_its_name_and_its_players(club, organiser_client):
    Player.objects.create(club=club, name="Olive Hart")
    drive, lines = demo("--language", "pl", "--players", "8")
    club.refresh_from_db()
    assert (club.name, club.language) == ("Riverside Whist Club", "pl")
    assert "club: Riverside Whist Club (pl)" in lines
    assert "Olive Hart" in names_of(drive)
    # The leaderboard, in the club's language, lists the Polish players.
    page = organiser_client.get(reverse("scoring:leaderboard", args=[drive.pk]))
    assert page.status_code == 200
    assert page.headers["Content-Language"] == "pl"
    text = page.content.decode()
    for name in names_of(drive):
        assert name in text
    assert "Panie" in text


@pytest.mark.django_db
def test_an_unknown_language_is_refused():
    with pytest.raises(CommandError, match="invalid choice: 'xx'"):
        call_command("demo", "--language", "xx")
    with pytest.raises(CommandError, match="xx"):
        call_command("demo", language="xx")
    assert not Drive.objects.exists()


@pytest.mark.django_db
def test_a_roster_that_has_retired_every_demo_name_is_refused(club):
    club.language = "it"
    club.save()
    Player.objects.bulk_create(
        Player(club=club, name=name, name_key=normalise_name(name), active=False)
        for name in demo_names.player_names("it")
    )
    # Said in the club's language.
    with pytest.raises(CommandError, match="La demo non ha più nomi da dare"):
        run("demo", "--players", "4")
    assert not Drive.objects.exists()
