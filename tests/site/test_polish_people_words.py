"""Polish speaks of someone who may be anyone without a gender (the
glossary's row "a person beside a name"): where a page spoke of a late-comer,
a checked-in player or an assistant in the masculine ("dołącza jako
spóźniony", "obecny", "jesteś asystentem") it now says it with a verb or a
noun that fits a man and a woman alike."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from drive import entry_services
from drive.models import Entry
from league import services as league_services
from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.fixtures import finished_tie
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_start_page_says_a_late_comer_joins_during_play(club, organiser_client):
    speak(club, "pl")
    drive = drive_with_players(players=8, club=club, start=False)
    Entry.objects.filter(drive=drive).update(checked_in=True)
    page = text(organiser_client.get(reverse("drive:start", args=[drive.pk])))
    assert "kto przyjdzie później, dołącza w trakcie gry." in page
    assert "spóźnion" not in page


def test_the_record_of_changes_names_a_check_in_by_its_noun(club, organiser_client):
    speak(club, "pl")
    drive = drive_with_players(players=8, club=club, start=False)
    entry = drive.entries.order_by("number").first()
    entry_services.entry_check_in(entry=entry, checked_in=False)
    page = text(organiser_client.get(reverse("scoring:audit", args=[drive.pk])))
    assert "obecność" in page
    assert "obecny" not in page


def test_the_attendance_tick_is_read_as_a_noun(club, organiser_client):
    speak(club, "pl")
    finished_tie(club, date=datetime.date(2026, 3, 1))
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    html = organiser_client.get(f"/seasons/{season.pk}/attendance/").content.decode()
    assert 'aria-label="obecność"' in html
    assert "obecny" not in html


def test_an_assistant_refused_is_told_their_role_without_a_gender(
    club, assistant_client
):
    speak(club, "pl")
    page = assistant_client.get(reverse("players:import"))
    assert page.status_code == 403
    words = page.content.decode()
    assert f"W klubie „{club.name}” masz rolę asystenta." in words
    assert "asystentem" not in words


def test_the_half_time_prize_is_named_by_a_noun(club, organiser_client):
    """ "Prowadzący na półmetku" stood beside the lady who led ("13 Małgorzata
    Wiśniewska"): the prize is the lead, "Prowadzenie na półmetku", as the
    half-time page's "Prowadzi:" says it with a verb."""
    speak(club, "pl")
    drive = drive_with_players(players=8, club=club, hands=6)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nHalf-time leader\nHalf-time leader Ladies"
    )
    play_drive(drive, tricks=varied_tricks)
    page = text(organiser_client.get(reverse("prizes:drive", args=[drive.pk])))
    assert "Prowadzenie na półmetku rozstrzygnięte od końca;" in page
    assert f"Prowadzenie na półmetku w grupie {drive.group_a_label} po " in page
    assert "Prowadząc" not in page


def test_the_prize_giving_shows_the_winners_score_without_his(club, organiser_client):
    """The prize-giving's note said each prize came "z imieniem i nazwiskiem
    zwycięzcy i jego wynikiem", his score, whoever won it."""
    speak(club, "pl")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive, tricks=varied_tricks)
    page = text(organiser_client.get(reverse("prizes:giving", args=[drive.pk])))
    assert "z imieniem i nazwiskiem zwycięzcy oraz wynikiem." in page
    assert "jego wynik" not in page


def test_the_namesakes_question_asks_for_a_name_without_his():
    """The door's namesakes ("Kto z nich jest tutaj?") asked to tap "jego
    nazwiska", his name, whether the namesakes are men or women."""
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("pl"):
        html = render_to_string("drive/_namesakes.html", {"players": []})
    assert "Kto z nich jest tutaj? Dotknij nazwiska tej osoby:" in html
    assert "jego" not in html


def test_one_prize_per_person_is_explained_without_a_gender(club, organiser_client):
    """The club's prizes said "Zdobywca nagrody wyżej na liście jest
    pomijany", a masculine winner, for a lady who won a prize as well."""
    speak(club, "pl")
    page = text(organiser_client.get(reverse("prizes:club")))
    assert "Kto ma już nagrodę wyżej na liście, nie otrzymuje niższych." in page
    assert "Zdobywca" not in page
    assert "pomijany" not in page


def test_the_prize_tables_name_column_is_not_masculine(
    club, organiser_client, tmp_path
):
    """The prizes page and the results sheet headed the column of who won
    with "Zwycięzca", a man, above "Anna Kowalska"; it is the names'
    column, "Imię i nazwisko", as the roster's. (The workbook's Games sheet
    keeps "Zwycięzca": there the winner is a side, N-S or E-W.)"""
    from django.utils import translation

    from tests.printing.printed import PDFTOTEXT, pdf_text, render

    speak(club, "pl")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive, tricks=varied_tricks)
    html = organiser_client.get(reverse("prizes:drive", args=[drive.pk]))
    assert "<th>Imię i nazwisko</th>" in html.content.decode()
    assert "Zwycięzca" not in text(html)
    if PDFTOTEXT is None:
        return
    with translation.override("pl"):
        sheet = pdf_text(render(drive, "results").data, tmp_path)
    assert "Imię i nazwisko" in sheet
    assert "Zwycięzca" not in sheet
