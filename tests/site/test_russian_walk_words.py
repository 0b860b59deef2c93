"""What a Russian club's prediction whist evening (5 December) found in the
words: the movement page's note under the tables of each game said "до места 4
и место 5" (the second seat in the nominative after "до")."""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from drive.models import Entry
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.site.wording import speak, text

CELL = (
    "Each cell: the players by entry number in seat order, seat 1 (who deals "
    "first) to seat 4, and seat 5 at a table of five."
)


def test_the_movement_note_governs_both_seats_by_do():
    with translation.override("ru"):
        said = gettext(CELL)
    assert said == (
        "В каждой клетке: игроки по номерам участников в порядке мест, от места 1 "
        "(сдаёт первым) до места 4, а за столом на пятерых\u00a0— до места 5."
    )
    assert "и место 5" not in said


def test_the_start_page_says_a_late_comer_joins_without_a_gender(
    club, organiser_client
):
    """The start page said a late-comer "присоединится как опоздавший", a
    masculine late arrival, for whoever comes in after the start."""
    speak(club, "ru")
    drive = drive_with_players(players=8, club=club, start=False)
    Entry.objects.filter(drive=drive).update(checked_in=True)
    page = text(organiser_client.get(reverse("drive:start", args=[drive.pk])))
    assert "кто придёт позже, присоединится к игре по ходу турнира." in page
    assert "опоздавш" not in page


def test_the_prize_giving_shows_the_winners_score_without_his(club, organiser_client):
    """The prize-giving's note said each prize came "с именем победителя и
    его результатом", his score, whoever won it."""
    speak(club, "ru")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive, tricks=varied_tricks)
    page = text(organiser_client.get(reverse("prizes:giving", args=[drive.pk])))
    assert "каждый с именем и результатом победителя." in page
    assert "его результат" not in page


def test_the_namesakes_question_asks_for_a_name_without_his():
    """The door's namesakes asked "Нажмите на его имя", his name, whether
    the namesakes are men or women."""
    from django.template.loader import render_to_string

    with translation.override("ru"):
        html = render_to_string("drive/_namesakes.html", {"players": []})
    assert "Кто из них здесь? Нажмите на нужное имя:" in html
    assert "его" not in html
