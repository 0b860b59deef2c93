"""Romanian labels that read as labels (the review of 6 December): the drive's
facts said "Stat pe dinafară:" and the filled card "Stat pe dinafară și
ajustări", which read as a sentence ("stayed outside"); the room said "Niciun
ceas al rundei." and the drive's form "Cum vin scorurile", word for word from
English. The sit-out keeps the glossary's "stă pe dinafară" (a "pauză" is the
half-time), in a noun phrase where it names something."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import drive_with_players, play_drive
from tests.fixtures import drive_url
from tests.printing.fixtures import run
from tests.printing.printed import needs_pdftotext, pdf_text
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_drives_facts_name_who_sits_out(club, organiser_client):
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2)
    page = text(organiser_client.get(drive_url(drive)))
    assert "Cine stă pe dinafară " in page, page
    assert "Stat pe dinafară" not in page


def test_the_room_without_a_clock_says_so_in_romanian(club, organiser_client):
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2)
    page = text(organiser_client.get(reverse("scoring:room", args=[drive.pk])))
    assert "Turneul nu are ceas pentru runde. Ca să aveți unul, setați" in page, page
    assert "Niciun ceas" not in page


def test_the_drives_form_asks_how_scores_are_entered(club, organiser_client):
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2, start=False)
    page = text(organiser_client.get(reverse("drive:edit", args=[drive.pk])))
    assert "Cum se introduc scorurile" in page, page
    assert "Cum vin scorurile" not in page


@needs_pdftotext
def test_a_filled_score_card_labels_its_sit_out_row(club, tmp_path):
    drive = play_drive(drive_with_players(players=8, club=club, hands=2))
    output = tmp_path / "cards.pdf"
    run(
        "print_drive",
        str(drive.pk),
        "--what",
        "filled-cards",
        "--output",
        str(output),
        "--language",
        "ro",
    )
    printed = pdf_text(output.read_bytes(), tmp_path)
    assert "Mâini pe dinafară și ajustări" in printed, printed
    assert "Stat pe dinafară" not in printed


def test_the_movement_counts_who_sits_out_how_often(club, organiser_client):
    """The movement's quality said "câte 1 ședere pe dinafară pentru 15
    jucători" (a "ședere" is a stay, a residence); now how often, by whom."""
    speak(club, "ro")
    drive = drive_with_players(players=10, club=club, hands=4)
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    assert "jucători: de câte 2 ori pe dinafară" in page or (
        "jucători: câte o dată pe dinafară" in page
    ), page
    assert "ședere" not in page and "șederi" not in page
