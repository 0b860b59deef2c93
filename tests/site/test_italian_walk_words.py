"""What an Italian club's evening walk (December, Sant'Agata) found at the door:
a late arrival withdrawn before their first round, and the question before a
withdrawal."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from drive import services as drive_services
from players.models import Player
from tests.factories import drive_with_players
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def _late_arrival(drive):
    player = Player.objects.create(club=drive.club, name="Maria Dell'Acqua")
    return drive_services.entry_register(
        drive=drive, player=player, group="A", checked_in=True
    )


def test_a_late_arrival_withdrawn_before_their_round_names_no_round(
    club, organiser_client
):
    """The door said "se ne va: dal turno None non ha più posto al tavolo":
    someone who joins at the next round and is withdrawn before it is simply
    not checked in, and has no round to name."""
    speak(club, "it")
    drive = drive_with_players(players=8, club=club, hands=4)
    late = _late_arrival(drive)
    assert late.joined_round == 2
    url = reverse("drive:entry_action", args=[drive.pk, late.pk])
    page = text(
        organiser_client.post(
            url, {"action": "withdraw", "confirm": "withdraw"}, follow=True
        )
    )
    assert "None" not in page
    assert f"Maria Dell'Acqua (numero {late.number}): presenza annullata." in page


def test_the_question_before_a_withdrawal_keeps_the_entry_not_deletes_it(
    club, organiser_client
):
    """ "Ritirare …? Sì, ritira / No, non eliminare": nobody spoke of deleting;
    the answer keeps the entry, for a withdrawal as for a removal."""
    speak(club, "it")
    drive = drive_with_players(players=8, club=club, hands=4)
    first = drive.entries.get(number=1)
    url = reverse("drive:entry_action", args=[drive.pk, first.pk])
    page = text(organiser_client.post(url, {"action": "withdraw"}, follow=True))
    assert "Sì, ritira" in page
    assert "No, mantieni l'iscrizione" in page
    assert "non eliminare" not in page


def test_the_boards_say_how_far_the_evening_has_come_in_italian(club):
    """The projector read "Dopo 12 di 24 mani." (a word-for-word "After 12 of
    24 hands"); Italian says "Dopo 12 delle 24 mani.", right for any number
    played ("Dopo 1 delle 24 mani.")."""
    drive = drive_with_players(players=8, club=club, hands=24)
    with translation.override("it"):
        assert drive.words.hands_done(12, 24) == "Dopo 12 delle 24 mani."
        assert drive.words.hands_done(1, 24) == "Dopo 1 delle 24 mani."
        assert drive.words.hands_done(1, 1) == "Dopo 1 mano su 1."


def test_a_player_saved_on_the_roster_is_told_without_a_gender(club, organiser_client):
    """ "Maria Dell'Acqua salvato." gave her a man's participle (ro "a fost
    salvat" too); now "Modifiche salvate: Maria Dell'Acqua.", as the
    glossary's row for a person's state asks."""
    maria = Player.objects.create(club=club, name="Maria Dell'Acqua")
    for language, said in (
        ("it", "Modifiche salvate: Maria Dell'Acqua."),
        ("ro", "Modificări salvate: Maria Dell'Acqua."),
    ):
        speak(club, language)
        page = text(
            organiser_client.post(
                reverse("players:edit", args=[maria.pk]),
                {"name": "Maria Dell'Acqua", "email": "", "phone": "", "group": ""},
                follow=True,
            )
        )
        assert said in page, page
        assert "salvat." not in page and "salvato." not in page


def test_the_results_mail_says_a_place_out_of_how_many_in_italian(club):
    """ "posizione 16 di 19" is English word for word; Italian ranks "16 su
    19", as the prize-giving's own "Premi mostrati: 1 su 7"."""
    from scoring.player_view import place_words
    from scoring.standings import Standing

    row = Standing(
        rank=16, entry=1, number=4, name="Anna", group="A", played=8, sat_out=0,
        score=20, compensation=0, adjustments=0,
    )  # fmt: skip
    with translation.override("it"):
        said = place_words("Assoluta", row, 19)
    assert said == "Assoluta: posizione 16 su 19, 20 punti"


def test_the_workbook_gives_the_sit_out_rule_in_the_sentence_s_case(club):
    """The Adjustments sheet's reason read "4 mani di riposo: La media del
    giocatore stesso", the form's capitalised choice after a colon in the
    middle of a sentence."""
    import io

    from openpyxl import load_workbook

    from printing import exports
    from tests.factories import play_drive

    speak(club, "it")
    drive = drive_with_players(
        players=10, hands=4, club=club, sit_out_compensation="own_average"
    )
    play_drive(drive, tricks=lambda deal: 8)
    buffer = io.BytesIO()
    with translation.override("it"):
        exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    sheet = load_workbook(buffer).worksheets[4]
    reasons = [row[4] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert reasons, "nobody sat out"
    assert all(": la media del giocatore stesso" in r for r in reasons), reasons


@pytest.mark.django_db
def test_the_first_visit_welcomes_an_italian_organiser_without_a_gender(db):
    """The set-up page and its message said "Benvenuto" (a man's form) to
    whoever opened it; the sibling message already said "Ti diamo il
    benvenuto. Creato: «…»."."""
    from django.test import Client

    from players.models import Club
    from tests.fixtures import messages_of

    Club.objects.all().delete()
    browser = Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")
    page = browser.get("/setup/").content.decode()
    assert "Ti diamo il benvenuto" in page
    assert "Benvenuto" not in page
    response = browser.post(
        "/setup/",
        {
            "club_name": "Circolo del Whist di Sant'Agata",
            "username": "giovanna",
            "password": "a long pass phrase 42",
            "password_again": "a long pass phrase 42",
            "language": "it",
            "time_zone": "Europe/Rome",
            "currency": "EUR",
        },
        follow=True,
    )
    assert messages_of(response) == [
        "Ti diamo il benvenuto. Creato: «Circolo del Whist di Sant'Agata». "
        "Prima inserisci i giocatori nell'elenco giocatori (o importali da un "
        "foglio di calcolo), poi aggiungi il primo torneo."
    ]
