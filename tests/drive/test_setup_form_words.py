"""The new drive's form in plain words, in each language (DESIGN.md section
1): what each sit-out compensation does, what "hands per round" means for the
evening, and a group's name left empty asked for at its field."""

from __future__ import annotations

import html

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM
from tests.factories import drive_with_players, prediction_drive
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def page(client, url: str, language: str, data: dict | None = None):
    client.cookies["django_language"] = language
    response = client.post(url, data) if data else client.get(url)
    return response, html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("language", "compensation", "hands_per_round"),
    [
        (
            "en-gb",
            "The room's average: each counts as the average score of everyone "
            "who played that hand.",
            "with 4 after every fourth hand (24 hands are 6 rounds, fewer moves)",
        ),
        (
            "pl",
            "Średnia sali: każde liczy się jako średni wynik wszystkich",
            "przy 4 po co czwartym rozdaniu (24 rozdania to 6 rund",
        ),
        (
            "ru",
            "Среднее по залу: каждая засчитывается как средний результат всех",
            "при 4\u00a0— после каждой четвёртой сдачи (24 сдачи\u00a0— 6 туров",
        ),
        (
            "ro",
            "Media sălii: fiecare contează cât scorul mediu al tuturor",
            "cu 4 după fiecare a patra mână (24 de mâini înseamnă 6 runde",
        ),
        (
            "it",
            "La media della sala: ognuna vale il punteggio medio di tutti",
            "con 4 dopo ogni quarta mano (24 mani sono 6 turni",
        ),
    ],
)
def test_the_new_drive_form_says_what_the_choices_do(
    organiser_client, language, compensation, hands_per_round
):
    response, text = page(organiser_client, "/drives/new/", language)
    assert response.status_code == 200
    assert compensation in text
    assert hands_per_round in text


def test_a_prediction_drive_says_a_game_is_sat_out(organiser_client, club):
    drive = prediction_drive(club, start=False)
    response, text = page(organiser_client, drive_url(drive, "edit/"), "en-gb")
    assert "someone sits out a game" in text
    assert "the game sat out counts as the average score" in text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-gb", "Give each group a name"),
        ("pl", "Nadaj każdej grupie nazwę"),
        ("ru", "Дайте каждой группе название"),
        ("ro", "Dați fiecărei grupe un nume"),
        ("it", "Dai un nome a ogni gruppo"),
    ],
)
def test_a_group_left_without_a_name_is_asked_for_at_its_field(
    organiser_client, language, words
):
    data = DRIVE_FORM | {"group_a_label": "  ", "name": "Piątkowy turniej"}
    response, text = page(organiser_client, "/drives/new/", language, data)
    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == ["group_a_label"]
    assert words in text
    # Everything else typed is shown again.
    assert form["name"].value() == "Piątkowy turniej"
    assert form["group_b_label"].value() == "Gents"
    assert not Drive.objects.exists()


@pytest.mark.parametrize(
    ("language", "intro"),
    [
        ("en-gb", "Nothing is saved yet. Correct what is marked:"),
        ("pl", "Nic jeszcze nie zapisano. Popraw to, co zaznaczono:"),
        ("ru", "Пока ничего не сохранено. Исправьте отмеченное:"),
        ("ro", "Încă nu s-a salvat nimic. Corectați ce este marcat:"),
        ("it", "Non è ancora stato salvato nulla. Correggi quello che è segnato:"),
    ],
)
def test_the_top_of_the_long_form_lists_each_mistake_with_a_link(
    organiser_client, language, intro
):
    data = DRIVE_FORM | {"hands": "25", "hands_per_round": "4", "group_b_label": ""}
    response, text = page(organiser_client, "/drives/new/", language, data)
    assert response.status_code == 400
    summary = text[text.index('<div class="errors" role="alert">') :]
    summary = summary[: summary.index("</div>")]
    assert intro in summary
    # Each field in error, in the form's order, linked to the field itself.
    assert summary.index('href="#id_hands"') < summary.index('href="#id_group_b_label"')
    assert 'href="#id_format_label"' not in summary


def test_a_refused_movement_is_linked_to_its_choices(organiser_client, club):
    drive = drive_with_players(players=8, start=False, club=club, format="partners")
    data = DRIVE_FORM | {"format": "progressive"}
    response, text = page(organiser_client, drive_url(drive, "edit/"), "en-gb", data)
    assert response.status_code == 400
    assert '<a href="#id_format_label">Movement</a>' in text
    assert 'id="id_format_label"' in text
