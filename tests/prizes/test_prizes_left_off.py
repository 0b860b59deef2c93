"""A club's prize list is copied to every drive; a prize the drive's format
cannot give (a group's prize in a prediction or rubber drive, which has no
groups) is left off everything the players see: the results page, the public
results, the prize-giving on the projector, the results sheet and the
workbook. Only the organiser's prizes page names it, once, with why."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from drive import services as drive_services
from drive.models import Drive, DriveState
from printing import result_mail
from printing.loading import load_results_sheet
from prizes import giving, giving_services
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from scoring.drive_plan import load_plan
from tests.factories import play_drive, prediction_drive, rubber_drive
from tests.printing.prediction_drive import play_predictions
from tests.printing.printed import needs_pdftotext, pdf_text

pytestmark = pytest.mark.django_db

GROUP_PRIZE = "Highest Ladies"
HTMX = {"HX-Request": "true"}


def finished(club, game: str) -> Drive:
    prize_services.club_prizes_update(
        club=club,
        prizes=f"1st overall\n{GROUP_PRIZE}\nBooby",
        tie_breaks=["count_back"],
        one_prize_per_person=False,
    )
    if game == "prediction":
        drive = prediction_drive(club)
        play_predictions(drive)
    else:
        drive = play_drive(rubber_drive(club))
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    return drive


@needs_pdftotext
@pytest.mark.parametrize("game", ["prediction", "rubber"])
def test_a_group_prize_is_left_off_a_drive_without_groups(
    club, organiser_client, game, tmp_path
):
    drive = finished(club, game)
    prizes = prize_selectors.drive_prizes(drive=drive)
    assert [a.title for a in prizes.awards] == ["1st overall", "Booby"]
    assert [a.title for a in prizes.left_off] == [GROUP_PRIZE]

    results = organiser_client.get(f"/drives/{drive.pk}/results/")
    assert results.status_code == 200
    html = results.content.decode()
    assert "1st overall" in html and GROUP_PRIZE not in html
    assert "this drive has no groups" not in html

    drive = drive_services.public_link_set(drive=drive, shared=True)
    public = Client().get(f"/p/{drive.public_key}/results/").content.decode()
    assert "1st overall" in public and GROUP_PRIZE not in public
    assert "this drive has no groups" not in public

    # The prize-giving goes through every prize it gives: never the group's.
    steps = giving.prize_giving(drive=drive).steps
    assert GROUP_PRIZE not in [a.title for a in steps]
    giving_services.prize_giving_start(drive=drive)
    for seen in range(len(steps)):
        drive = giving_services.prize_giving_step(
            drive=drive, action=giving_services.NEXT, seen=seen
        )
        shown = organiser_client.get(f"/drives/{drive.pk}/projector/", headers=HTMX)
        assert GROUP_PRIZE not in shown.content.decode()
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "1st overall" in page and GROUP_PRIZE not in page

    sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
    assert GROUP_PRIZE not in [line.prize for line in sheet.prizes]
    book = organiser_client.get(f"/drives/{drive.pk}/export.xlsx")
    rows = list(load_workbook(io.BytesIO(book.content))["Prizes"].values)
    assert "1st overall" in [row[0] for row in rows[1:]]
    assert GROUP_PRIZE not in [row[0] for row in rows]

    # The results e-mail and the results card it carries.
    for entry in drive.entries.select_related("player"):
        entry.player.email = f"p{entry.number}@example.org"
        entry.player.email_consent = True
        entry.player.save()
    message = result_mail.preview(drive=drive)
    assert message is not None and GROUP_PRIZE not in message.body
    card = pdf_text(message.pdf, tmp_path)
    assert club.name in card and GROUP_PRIZE not in card

    # The organiser's prizes page says once that it does not apply, and why.
    own = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    # By the club's name of the group (it has one), not by its letter.
    assert own.count(GROUP_PRIZE) == 1
    assert f"{GROUP_PRIZE} (this drive has no groups)" in own
    assert "Group A" not in own
