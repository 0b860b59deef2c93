"""Download names (printing.filenames, issue 31): in the club's language, the
letters of the drive's name kept, with a transliterated ASCII fallback
(RFC 6266)."""

from __future__ import annotations

import datetime
from urllib.parse import quote

import pytest
from django.utils import translation

from printing import documents, exports, filenames, result_message
from tests.factories import ClubFactory, DriveFactory, drive_with_players

pytestmark = pytest.mark.django_db


def test_ascii_fallback_transliterates_rather_than_drops():
    assert filenames.ascii_name("mikołajkowy-żółw.pdf") == "mikolajkowy-zolw.pdf"
    assert filenames.ascii_name("giosuè-carducci") == "giosue-carducci"
    assert filenames.ascii_name("șezătoare-țară") == "sezatoare-tara"
    assert filenames.ascii_name("рождественский-турнир") == "rozhdestvenskiy-turnir"
    assert filenames.ascii_name("ёлка-щука") == "yolka-shchuka"


def test_english_names_are_as_before():
    drive = DriveFactory(name="Friday drive!", date=datetime.date(2026, 11, 27))
    with translation.override("en-gb"):
        assert documents.pdf_filename(drive, "scorecards") == (
            "friday-drive-2026-11-27-scorecards.pdf"
        )
        assert exports.results_csv_filename(drive) == (
            "friday-drive-2026-11-27-results.csv"
        )
    assert filenames.content_disposition("a-b.pdf") == 'attachment; filename="a-b.pdf"'


@pytest.mark.parametrize(
    ("language", "name", "expected", "fallback"),
    [
        (
            "pl",
            "Mikołajkowy turniej",
            "mikołajkowy-turniej-2026-12-03-karty-wyników.pdf",
            "mikolajkowy-turniej-2026-12-03-karty-wynikow.pdf",
        ),
        (
            "ru",
            "Зимний турнир",
            "зимний-турнир-2026-12-03-карточки-игроков.pdf",
            "zimniy-turnir-2026-12-03-kartochki-igrokov.pdf",
        ),
        (
            "it",
            "Torneo Giosuè Carducci",
            "torneo-giosuè-carducci-2026-12-03-cartellini.pdf",
            "torneo-giosue-carducci-2026-12-03-cartellini.pdf",
        ),
    ],
)
def test_a_download_is_named_in_the_clubs_language(
    organiser_client, club, language, name, expected, fallback
):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(
        players=8, club=club, hands=2, name=name, date=datetime.date(2026, 12, 3)
    )
    response = organiser_client.get(f"/drives/{drive.pk}/print/scorecards.pdf")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(expected)}"
    )
    workbook = organiser_client.get(f"/drives/{drive.pk}/export.xlsx")
    assert (
        f"filename*=UTF-8''{quote(expected.split('-2026')[0])}-2026-12-03.xlsx"
        in (workbook["Content-Disposition"])
    )


def test_the_results_mail_attachment_is_named_in_the_clubs_language():
    club = ClubFactory(language="it")
    drive = drive_with_players(
        players=8, club=club, hands=2, name="Serata", date=datetime.date(2026, 12, 3)
    )
    entry = drive.entries.get(number=1)
    entry.player.name = "Giosuè Carducci"
    entry.player.save()
    with translation.override("it"):
        assert result_message.pdf_filename(drive, entry) == (
            "serata-2026-12-03-cartellino-1-giosuè-carducci.pdf"
        )
