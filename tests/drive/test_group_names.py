"""Groups in the club's language, and no group where a format has none (issue 31).

A new drive's groups get the traditional names in the club's language
(drive.group_words); the organiser may rename them and a stored drive keeps
its own. Partners, individual, rubber and prediction drives have no groups:
no group name appears on their pages, cards, workbook or CSV.
"""

from __future__ import annotations

import datetime
import io
import shutil
import subprocess

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive import services as drive_services
from drive.models import Drive
from printing import documents
from printing.exports import write_results_csv, write_workbook
from prizes.selectors import group_labels
from tests.factories import (
    CLUB_GROUP_NAMES,
    ClubFactory,
    drive_with_players,
    play_drive,
)

pytestmark = pytest.mark.django_db

NAMES = CLUB_GROUP_NAMES


@pytest.mark.parametrize("language", list(NAMES))
def test_a_new_drive_names_its_groups_in_the_clubs_language(language):
    club = ClubFactory(language=language)
    drive = drive_services.drive_create(
        club=club, name="Drive", date=datetime.date(2026, 12, 4)
    )
    assert (drive.group_a_label, drive.group_b_label) == NAMES[language]
    # A club with no drive yet names its prizes' groups the same way.
    club = ClubFactory(language=language)
    assert group_labels(club=club) == dict(zip("AB", NAMES[language], strict=True))


def test_the_organiser_may_rename_them_and_a_stored_drive_keeps_its_own():
    club = ClubFactory(language="pl")
    renamed = drive_services.drive_create(
        club=club,
        name="Drive",
        date=datetime.date(2026, 12, 4),
        group_a_label="Czerwoni",
        group_b_label="Niebiescy",
    )
    assert (renamed.group_a_label, renamed.group_b_label) == ("Czerwoni", "Niebiescy")
    club.language = "ru"
    club.save(update_fields=["language"])
    renamed.refresh_from_db()
    assert renamed.group_a_label == "Czerwoni"


def test_the_new_drive_form_offers_the_clubs_names(organiser_client, club):
    club.language = "it"
    club.save(update_fields=["language"])
    page = organiser_client.get("/drives/new/").content.decode()
    assert 'value="Dame"' in page and 'value="Cavalieri"' in page
    assert "Ladies" not in page and "Gents" not in page


# --- formats without groups -------------------------------------------------------


def workbook(drive: Drive) -> dict[str, list[tuple]]:
    buffer = io.BytesIO()
    write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    book = load_workbook(buffer, read_only=True)
    return {
        sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


@pytest.mark.parametrize("format", ["partners", "individual"])
def test_a_drive_without_groups_shows_no_group_name(format, organiser_client, club):
    drive = play_drive(drive_with_players(players=8, hands=4, format=format, club=club))
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Ladies", group_b_label="Gents"
    )
    drive.refresh_from_db()
    book = workbook(drive)
    text = repr(book)
    assert "Ladies" not in text and "Gents" not in text
    # The column is left out, not left empty (the format has no groups).
    assert not any("Group" in str(title) for title in book["Results"][0])
    csv_text = io.StringIO()
    write_results_csv(drive=drive, output=csv_text)
    assert "Ladies" not in csv_text.getvalue()
    for url in (
        f"/drives/{drive.pk}/",
        f"/drives/{drive.pk}/entries/",
        f"/drives/{drive.pk}/results/",
        f"/drives/{drive.pk}/leaderboard/",
        f"/drives/{drive.pk}/projector/",
    ):
        page = organiser_client.get(url).content.decode()
        assert "Ladies" not in page and "Gents" not in page, url
    if format == "partners":
        results = organiser_client.get(f"/drives/{drive.pk}/results/").content
        assert "(Pair 1)" in results.decode()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_a_partners_card_says_pair_and_no_group(tmp_path):
    club = ClubFactory(language="ru")
    drive = drive_with_players(players=8, hands=4, format="partners", club=club)
    Drive.objects.filter(pk=drive.pk).update(group_a_label="Ladies")
    drive.refresh_from_db()
    from django.utils import translation

    with translation.override("ru"):
        printed = documents.render(
            drive=drive,
            options=documents.parse_options(kind="scorecards"),
            base_url="http://127.0.0.1:8000/",
        )
    path = tmp_path / "cards.pdf"
    path.write_bytes(printed.data)
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
    ).stdout.decode()
    assert "Ladies" not in text and "Дамы" not in text
    assert "Группа" not in text and "Пара" in text


@pytest.mark.parametrize(
    ("format", "language", "said"),
    [
        ("progressive", "pl", "gracz z grupy Czerwoni zostaje na N"),
        ("semi-partner", "ru", "игрок из группы «Czerwoni»\xa0— Север"),
        ("stationary", "it", "il gruppo Czerwoni non si sposta mai"),
        ("stationary", "en-gb", "Czerwoni never move; Niebiescy follow"),
    ],
)
def test_the_movement_rule_names_the_drives_groups(
    format, language, said, club, organiser_client
):
    """The rule on the movement page and the workbook's Drive sheet names the
    groups as the drive does, as its table cards and the bell do, not "A"."""
    drive = drive_with_players(players=8, hands=2, club=club, format=format)
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Czerwoni", group_b_label="Niebiescy"
    )
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/drives/{drive.pk}/movement/").content.decode()
    assert said in page
    drive.refresh_from_db()
    with translation.override(language):
        sheets = workbook(drive)
    cells = [str(cell) for rows in sheets.values() for row in rows for cell in row]
    assert any(said in cell for cell in cells)
