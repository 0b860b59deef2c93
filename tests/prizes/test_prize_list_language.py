"""A Polish organiser types the club's prize list in Polish, and the page
saves it and shows it back in Polish; a prediction whist drive names its
prize for the most hands won by what it counts, the predictions made
exactly, in every language (drive.format_words)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from drive.models import Drive
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.models import PrizeTemplateItem
from prizes.prize_list import PrizeKind, PrizeSpec
from tests.league.seasons import PREDICTIONS, season_of, season_players
from tests.prizes.fixtures import club_form

pytestmark = pytest.mark.django_db

POLISH_LIST = (
    "1. miejsce ogolem\n"
    "2. miejsce ogółem: Kosz świąteczny\n"
    "Najlepszy wynik w grupie Panie\n"
    "2. Panowie\n"
    "Prowadzenie na półmetku\n"
    "Nagroda pocieszenia\n"
    "Najwięcej rozdań z 9 lub więcej lewami w grupie Panie\n"
    "Własna: Loteria"
)
SHOWN_BACK = (
    "1. miejsce ogółem\n"
    "2. miejsce ogółem: Kosz świąteczny\n"
    "Najlepszy wynik w grupie Panie\n"
    "2. miejsce w grupie Panowie\n"
    "Prowadzenie na półmetku\n"
    "Nagroda pocieszenia\n"
    "Najwięcej rozdań z 9 lub więcej lewami w grupie Panie\n"
    "Własna: Loteria"
)


def saved(club):
    return [
        (i.kind, i.place, i.group, i.name)
        for i in PrizeTemplateItem.objects.filter(club=club).order_by("position")
    ]


def test_a_polish_list_saves_and_shows_back_in_polish(
    club, organiser_client, assistant_client
):
    club.language = "pl"
    club.save(update_fields=["language"])
    for client in (organiser_client, assistant_client):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    response = organiser_client.post("/club/prizes/", club_form(prizes=POLISH_LIST))
    assert response.status_code == 302, response.content.decode()
    assert saved(club) == [
        ("overall", 1, "", ""),
        ("overall", 2, "", "Kosz świąteczny"),
        ("group", 1, "A", ""),
        ("group", 2, "B", ""),
        ("half_time", 1, "", ""),
        ("booby", 1, "", ""),
        ("most_tricks", 9, "A", ""),
        ("custom", 1, "", "Loteria"),
    ]
    page = organiser_client.get("/club/prizes/")
    text = page.content.decode()
    assert '<option value="place">Miejsce</option>' in text
    # What is shown back (the rows of selects, as they post it) saves as the
    # same list, and so does the list written out in Polish.
    written, problems = page.context["rows"].text()
    assert not problems
    before = saved(club)
    for typed in (written, SHOWN_BACK):
        again = organiser_client.post("/club/prizes/", club_form(prizes=typed))
        assert again.status_code == 302
        assert saved(club) == before
    assert saved(club)[3] == ("group", 2, "B", "")
    # Someone who only reads the list sees it in Polish too.
    shown = assistant_client.get("/club/prizes/").content.decode()
    assert "<li>1. miejsce ogółem</li>" in shown
    assert "<li>Najlepszy wynik w grupie Panie</li>" in shown


def test_a_polish_list_that_means_nothing_is_refused_in_polish(club, organiser_client):
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    response = organiser_client.post(
        "/club/prizes/", club_form(prizes="1. miejsce ogółem\nLoteria")
    )
    assert response.status_code == 400
    assert (
        "Wiersz 2: „Loteria” to nie jest nagroda znana tej stronie. Własną "
        "nagrodę wpisz jako „Własna: Loteria”."
    ) in response.content.decode()
    assert not PrizeTemplateItem.objects.exists()


@pytest.mark.parametrize(
    ("language", "prize", "won", "choice"),
    [
        (
            "en",
            "Most predictions made exactly",
            "predictions made exactly",
            "Exact predictions",
        ),
        (
            "pl",
            "Najwięcej dokładnie spełnionych deklaracji",
            "dokładnie spełnion",
            "Dokładne deklaracje",
        ),
        (
            "ru",
            "Больше всего точно выполненных заказов",
            "точно выполненн",
            "Точные заказы",
        ),
        (
            "ro",
            "Cele mai multe licitații realizate exact",
            "realizat",
            "Licitații exacte",
        ),
        ("it", "Più previsioni esatte", "previsioni esatte", "Previsioni esatte"),
    ],
)
def test_a_prediction_drive_names_the_prize_by_what_it_counts(
    club, organiser_client, language, prize, won, choice
):
    players = season_players(club, 8)
    season_of(club, players, kinds=PREDICTIONS[:1], evenings=1, game="predictions")
    drive = Drive.objects.get(club=club, name="Drive 0")
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nMost hands won"
    )
    with translation.override(language):
        awards = prize_selectors.drive_prizes(drive=drive).awards
        hands_won = next(a for a in awards if a.spec.kind is PrizeKind.MOST_HANDS_WON)
        assert hands_won.title == prize
        assert won in hands_won.note, hands_won.note
        assert PrizeSpec(PrizeKind.MOST_HANDS_WON).title({}) != prize
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    edit = organiser_client.get(reverse("prizes:drive_edit", args=[drive.pk]))
    # The rows' select offers it by a short name, whole on a phone.
    assert f">{choice}</option>" in edit.content.decode()


@pytest.mark.parametrize(
    ("game", "says_tricks"), [("predictions", False), ("progressive", True)]
)
def test_the_rows_help_speaks_of_tricks_only_where_the_game_has_them(
    club, organiser_client, game, says_tricks
):
    """A prediction whist drive has no N-S tricks (its rows do not offer the
    most hands of N tricks): its help does not explain that prize's N."""
    from tests.factories import drive_with_players
    from tests.predictions import prediction_drive

    if game == "predictions":
        drive = prediction_drive(club, players=8, games=1, start=False)
    else:
        drive = drive_with_players(players=8, club=club, start=False)
    organiser_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    page = organiser_client.get(reverse("prizes:drive_edit", args=[drive.pk]))
    html = page.content.decode()
    assert "Liczba to miejsce (1\u00a0– pierwsze, 2\u00a0– drugie…)" in html
    assert ("N od 7 do 13" in html) is says_tricks
