"""Italian names who won without a man's ending (the review of 6 December):
the prize table's column said "Vincitore" above ladies' names, the MC's page
"Vincitore del prossimo premio", the custom prize "numero del vincitore".
Now the names' column is "Nome" (as pl "Imię i nazwisko", ro "Nume"), the
next prize "va a:", and a number "di chi vince"; the workbook's Games sheet
says "Vince" above a side (N-S)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.printing.fixtures import run
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def awarded(club):
    speak(club, "it")
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    return drive


def test_the_prize_tables_column_is_the_names(awarded, organiser_client):
    page = organiser_client.get(reverse("prizes:drive", args=[awarded.pk]))
    html = page.content.decode()
    assert '<th scope="col">Nome</th>' in html or "<th>Nome</th>" in html, html
    assert "Vincitore" not in text(page)


def test_the_results_page_names_who_won_without_a_gender(awarded, organiser_client):
    page = text(organiser_client.get(reverse("prizes:results", args=[awarded.pk])))
    assert " Premio Nome " in page, page
    assert "Vincitore" not in page and "vincitore" not in page


def test_the_mc_is_told_who_gets_the_next_prize_with_a_verb(awarded, organiser_client):
    prize_services.drive_prizes_update(drive=awarded, prizes="1st overall\n2nd overall")
    step = f"/drives/{awarded.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "start"}).status_code == 302
    page = text(organiser_client.get(reverse("prizes:giving", args=[awarded.pk])))
    assert "Il prossimo premio (" in page and ") va a:" in page, page
    assert "incitore" not in page


def test_a_custom_prize_asks_for_the_number_of_who_won(awarded, organiser_client):
    prize_services.drive_prizes_update(
        drive=awarded, prizes="1st overall\ncustom: Best hat"
    )
    page = text(organiser_client.get(reverse("prizes:drive", args=[awarded.pk])))
    assert ": numero di chi vince" in page, page
    assert "vincitore" not in page


def test_the_words_about_who_won_have_no_mans_ending():
    with translation.override("it"):
        said = [
            translation.gettext("Winner's number"),
            translation.gettext(
                "Type the winner's number (or leave it empty to clear)."
            ),
            translation.gettext("%(prize)s: no winner yet."),
            translation.gettext("winner not chosen yet"),
            translation.gettext("The winner of the cut must be one of those who cut."),
        ]
    assert not [s for s in said if "vincitore" in s.casefold()], said


def test_the_rubber_workbook_says_which_side_wins(club, tmp_path):
    from openpyxl import load_workbook

    from tests.printing.rubber_evening import played_rubber

    drive = played_rubber(club)
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output), "--language", "it")
    book = load_workbook(output, read_only=True)
    headings = [
        next(sheet.iter_rows(values_only=True))
        for sheet in book.worksheets
        if "Tavolo" in next(sheet.iter_rows(values_only=True), ())
    ]
    flat = [cell for row in headings for cell in row]
    assert "Vince" in flat, headings
    assert "Vincitore" not in flat
