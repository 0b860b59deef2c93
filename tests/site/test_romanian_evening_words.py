"""Words a Romanian reviewer changed walking an evening on a phone (the
door, the captain's page, the boards, the results and the prize-giving)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from drive.models import Entry
from scoring import prediction_entry, prediction_words
from scoring.prediction_rules import DEAL_KINDS
from tests.factories import drive_with_players, play_drive
from tests.fixtures import drive_url
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_prize_giving_is_premierea_not_premiere(club, organiser_client):
    """ "Premiere" reads as film premieres; the prize-giving is "Premierea",
    in the drive's menu and as the page's title."""
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive)
    page = text(organiser_client.get(reverse("prizes:giving", args=[drive.pk])))
    assert " Premierea " in page, page
    assert "Premiere " not in page


def test_a_prediction_deals_trumps_line_starts_with_a_capital():
    """The captain's card said "atu Inimă roșie" on a line of its own, beside
    "Liber: fără atu"; in running text the small "atu" stays."""
    with translation.override("ro"):
        assert prediction_entry.kind_words(DEAL_KINDS[0]) == "Atu Inimă roșie"
        assert prediction_words.kind_words(DEAL_KINDS[0]).startswith("atu ")


def test_the_door_asks_for_the_presence_of_more_players_in_the_genitive(
    club, organiser_client
):
    """ "Marcați prezența încă 4 jucători" lacked its "a": the presence *of*
    four more players."""
    speak(club, "ro")
    drive = drive_with_players(players=8, start=False, club=club)
    Entry.objects.filter(drive=drive).update(checked_in=False)
    page = text(organiser_client.get(drive_url(drive, "entries/")))
    assert "Marcați prezența a încă 4 jucători pentru a porni turneul." in page


def test_the_import_counts_are_labels_not_commands(club, organiser_client):
    """ "Importat: adăugați 20" read as the command "add 20"; the counts are
    now labelled ("Adăugați: 20")."""
    speak(club, "ro")
    upload = SimpleUploadedFile("jucatori.csv", "Nume\nIoana Ștefănescu\n".encode())
    preview = organiser_client.post(
        reverse("players:import"), {"action": "preview", "file": upload}
    )
    token = preview.context["token"]
    done = organiser_client.post(
        reverse("players:import"), {"action": "import", "token": token}, follow=True
    )
    # "Adăugați: 1" alone reads as the imperative "Add": the players were added.
    assert "Import încheiat. Jucători adăugați: 1; deja în listă: 0." in text(done)
    with translation.override("ro"):
        skipped = translation.gettext(
            "Imported: added %(added)d, already on the roster %(matched)d, "
            "skipped %(errors)d with errors."
        )
    assert skipped.startswith("Import încheiat. Jucători adăugați: %(added)d;"), skipped


def test_the_import_page_counts_its_limit_with_de(club, organiser_client):
    speak(club, "ro")
    page = text(organiser_client.get(reverse("players:import")))
    assert "Cel mult 5000 de jucători" in page


def test_a_refused_roster_file_writes_romanian_numbers():
    """ "20,000" reads as twenty in Romanian (a decimal comma); the limits
    are written "20.000", and take "de" ("20.000 de rânduri")."""
    from players import roster_file
    from players.roster_file import RosterFileError

    too_long = "Nume\nAna\n" + "\n" * roster_file.MAX_LINES + "Ion\n"
    long_cell = f"Nume,E-mail\nAna,{'n' * (roster_file.MAX_CELL + 1)}\n"
    too_many = "Nume\n" + "".join(f"J{n}\n" for n in range(roster_file.MAX_ROWS + 1))
    said = []
    with translation.override("ro"):
        for data in (too_long, long_cell, too_many):
            with pytest.raises(RosterFileError) as refused:
                roster_file.read_upload("r.csv", data.encode())
            said.append(str(refused.value))
    assert "mai mult de 20.000 de rânduri" in said[0], said[0]
    assert "cel mult 5000 de jucători" in said[0], said[0]
    assert "mai lungă de 1.000 de caractere" in said[1], said[1]
    assert "Fișierul are mai mult de 5000 de jucători." in said[2], said[2]


def test_the_league_limits_take_de():
    with translation.override("ro"):
        best = translation.gettext(
            "Count the best 1 to %(max)d drives, or leave it empty."
        ) % {"max": 200}
        least = translation.gettext("The minimum is from 0 to %(max)d drives.") % {
            "max": 200
        }
    assert "până la 200 de turnee" in best
    assert "la 200 de turnee" in least


@pytest.mark.parametrize(
    ("msgid", "said"),
    [
        ("Half-time (hands 1–%(hand)d)", "La pauză (mâinile 1–12)"),
        ("Half-time (after round %(round)d)", "La pauză (după runda 12)"),
        ("Half-time (after game %(game)d)", "La pauză (după jocul 12)"),
    ],
)
def test_the_cards_half_time_row_is_the_score_at_half_time(msgid, said):
    """The score card's subtotal row read "Pauză (mâinile 1–12)", a break;
    the running total there is the score "la pauză"."""
    with translation.override("ro"):
        row = translation.gettext(msgid) % {"hand": 12, "round": 12, "game": 12}
    assert row == said


def test_a_name_typed_with_the_cedilla_is_kept_with_the_comma_below(
    club, organiser_client
):
    """An old keyboard types ş and ţ; a Romanian club's roster form and door
    keep the name as Romanian writes it, ș and ț."""
    from drive import services as drive_services
    from drive.models import DriveState
    from players.models import Player
    from tests.factories import DriveFactory

    speak(club, "ro")
    organiser_client.post(
        reverse("players:roster"),
        {"name": "Ştefan Ţăranu", "email": "", "phone": "", "group": ""},
    )
    door = DriveFactory(club=club, state=DriveState.OPEN)
    drive_services.entry_register(drive=door, name="Ionuţ Şerban", new_player=True)
    assert set(Player.objects.filter(club=club).values_list("name", flat=True)) == {
        "Ștefan Țăranu",
        "Ionuț Șerban",
    }
