"""The Russian reviewer's reading (December): the prizes', the movement's,
the captain's and the projector's words as a Russian club says them, with
no man's word for a player who may be anyone."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import drive_with_players, play_drive
from tests.site.wording import captain, speak, text

pytestmark = pytest.mark.django_db


def test_one_prize_per_person_is_said_as_a_club_says_it(club, organiser_client):
    """«Победитель приза выше в списке пропускается для нижних» was a word
    for word English, and its winner a man."""
    speak(club, "ru")
    page = text(organiser_client.get(reverse("prizes:club")))
    assert (
        "Кому уже достался приз выше по списку, тот на призы ниже не претендует."
        in page
    )
    assert "пропускается" not in page


def test_the_movement_preview_says_who_comes_late_or_leaves_without_a_gender(
    club, organiser_client
):
    """«опоздавший или снятый игрок перепланирует ещё не сыгранные туры»: a
    man's words, and the player, not the site, re-planned the rounds. The
    grid's heading said «Столы по этапам (тур)», then «Столы: тур 1, 2, 3…»."""
    speak(club, "ru")
    drive = drive_with_players(
        club=club, players=8, format="individual", hands=7, start=False
    )
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    assert (
        "Предварительный план всего вечера для игроков, уже отмеченных на месте. "
        "С началом турнира все рассаживаются именно так; если кто-то опоздает или "
        "выбудет, ещё не сыгранные туры будут спланированы заново."
    ) in page
    assert "опоздавший" not in page and "снятый" not in page
    assert "Столы по турам" in page and "Столы: тур" not in page


def test_the_prizes_page_says_who_left_early_as_a_club_does(club, organiser_client):
    """«Ушедшие раньше» (earlier than what?) is «досрочно»."""
    speak(club, "ru")
    page = text(organiser_client.get(reverse("prizes:club")))
    assert "Ушедшие досрочно призов не получают" in page
    assert "раньше" not in page


def test_the_captain_says_what_a_revoke_is_in_the_games_words(club):
    """A player who does not follow suit «не ответил в масть» (was «не пошёл
    в масть»)."""
    speak(club, "ru")
    drive = drive_with_players(club=club, players=8, hands=4)
    page = captain(drive)
    assert "Ренонс: игрок не ответил в масть, хотя мог." in page
    assert "не пошёл в масть" not in page


def test_the_movement_counts_sit_outs_in_times(club, organiser_client):
    """«по 1 отдыху», «по 5 отдыхов»: a sit-out is counted in times, «по 1
    разу», «по 2 раза»."""
    speak(club, "ru")
    drive = drive_with_players(
        club=club, players=9, format="individual", hands=9, start=False
    )
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    assert "9 игроков: отдыхают по 1 разу." in page
    assert not re.search(r"по \d+ отдых", page)


def test_the_results_race_asks_for_a_players_card_without_his(club, organiser_client):
    """«откройте ниже его карточку игрока»: his card, whoever it is."""
    speak(club, "ru")
    drive = play_drive(drive_with_players(club=club, players=8, hands=3))
    page = text(organiser_client.get(reverse("prizes:results", args=[drive.pk])))
    assert (
        "Чтобы добавить линию игрока, откройте ниже карточку этого игрока и "
        "выберите «Показать в гонке»."
    ) in page
    assert "его карточку" not in page


def test_the_mc_names_who_gets_the_next_prize_with_a_verb(club, organiser_client):
    """«Победитель следующего приза» stood above a lady's name: now the verb
    says it, as Polish and Romanian do (826fe0d7)."""
    from prizes import giving_services

    speak(club, "ru")
    drive = play_drive(drive_with_players(club=club, players=8, hands=3))
    drive = giving_services.prize_giving_start(drive=drive)
    giving_services.prize_giving_step(drive=drive, action=giving_services.NEXT, seen=0)
    page = text(organiser_client.get(reverse("prizes:giving", args=[drive.pk])))
    assert re.search(r"Следующий приз \([^)]+\) получа(ет|ют):", page)
    assert "Победител" not in page


def test_the_prize_tables_name_column_is_not_a_mans_word(club, organiser_client):
    """«Победитель» headed the column of who won, above ladies' names; it is
    the names' column, «Имя», as pl «Imię i nazwisko» (a18dda55)."""
    speak(club, "ru")
    drive = play_drive(drive_with_players(players=8, club=club, hands=2))
    html = organiser_client.get(reverse("prizes:drive", args=[drive.pk]))
    assert "<th>Имя</th>" in html.content.decode()
    assert "Победитель" not in text(html)


def test_a_hand_changed_meanwhile_agrees_with_its_hand():
    """«Стол 1, сдача 2 тем временем изменились»: the verb was plural, as if
    the table had changed too; it is the hand (сдача) that changed."""
    with translation.override("ru"):
        said = translation.gettext(
            "Table %(table)s, hand %(hand)s was changed meanwhile (now "
            "%(result)s). Nothing was saved; check the page again."
        ) % {"table": 1, "hand": 2, "result": "С-Ю 7, В-З 6"}
    assert said.startswith("Стол 1, сдача 2 тем временем изменена (теперь С-Ю 7")
