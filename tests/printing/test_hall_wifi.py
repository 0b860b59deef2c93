"""The hall's Wi-Fi on the table cards (issue #35): a second QR code that joins the
network, captioned with its name; the password kept on this site for the evening
only, in no export, dump or record of changes."""

from __future__ import annotations

import io
import json

import pytest
from django.test import override_settings
from django.utils import translation
from openpyxl import load_workbook

from drive.models import Drive
from players.models import AuditEvent
from printing import exports, loading
from printing.transfer import dump_drive
from scoring import drive_plan
from tests.factories import drive_with_players, prediction_drive
from tests.printing.fixtures import dump, load
from tests.printing.printed import (
    BASE,
    needs_pdftotext,
    pdf_text,
    render,
)
from tests.printing.sheet_faults import overflow_faults

pytestmark = pytest.mark.django_db

NAME = "St Mary's Hall"
PASSWORD = "whist;2026:Kx"


def raw_text(data: bytes, tmp_path) -> str:
    """The PDF's text in the order it is drawn (each caption's lines together)."""
    return pdf_text(data, tmp_path, mode="-raw")


def with_wifi(organiser_client, drive: Drive) -> Drive:
    """The organiser enters the hall's Wi-Fi on the drive's page."""
    response = organiser_client.post(
        f"/drives/{drive.pk}/wifi/",
        {"wifi_name": NAME, "wifi_password": PASSWORD},
    )
    assert response.status_code == 302, response.content.decode()
    assert response["Location"] == f"/drives/{drive.pk}/#downloads"
    return Drive.objects.get(pk=drive.pk)


def test_the_table_cards_carry_the_wifi_code(organiser_client, club):
    drive = with_wifi(organiser_client, drive_with_players(players=8, club=club))
    cards = loading.load_table_cards(
        drive=drive, plan=drive_plan.load_plan(drive=drive), base_url=BASE
    )
    assert {card.wifi for card in cards} == {
        "WIFI:T:WPA;S:St Mary's Hall;P:whist\\;2026\\:Kx;;"
    }
    assert {card.wifi_caption for card in cards} == {"Wi-Fi: St Mary's Hall"}
    # The drive's page shows what the cards will carry, and the form to change it.
    page = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert "Table cards: a QR code joins the Wi-Fi St Mary&#x27;s Hall" in page


@needs_pdftotext
@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_table_card_pdf_has_the_wifi_caption_and_the_whole_link(
    organiser_client, club, tmp_path, language
):
    drive = with_wifi(organiser_client, drive_with_players(players=8, club=club))
    keys = list(drive.tables.order_by("number").values_list("captain_key", flat=True))
    with translation.override(language):
        caption = translation.gettext("Wi-Fi: %(name)s") % {"name": NAME}
        for per_page in ("1", "2", "4"):
            text = raw_text(
                render(drive, "tablecards", per_page=per_page).data, tmp_path
            )
            # A caption set on two lines reads as one.
            flat = " ".join(text.split())
            assert flat.count(caption) == len(keys), (per_page, flat)
            for key in keys:
                assert f"{BASE}t/{key}/" in flat
            assert PASSWORD not in text
    # Without the Wi-Fi, no caption.
    Drive.objects.filter(pk=drive.pk).update(wifi_name="", wifi_password="")
    drive.refresh_from_db()
    assert "Wi-Fi" not in pdf_text(render(drive, "tablecards").data, tmp_path)


@needs_pdftotext
def test_a_prediction_drive_s_table_cards_carry_it_too(
    organiser_client, club, tmp_path
):
    drive = with_wifi(organiser_client, prediction_drive(club=club, players=8))
    text = pdf_text(render(drive, "tablecards").data, tmp_path)
    assert f"Wi-Fi: {NAME}" in text


def test_the_password_is_in_no_export_dump_or_record(organiser_client, club, tmp_path):
    drive = with_wifi(organiser_client, drive_with_players(players=8, club=club))
    # The workbook, every cell.
    buffer = io.BytesIO()
    exports.write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    book = load_workbook(buffer, read_only=True)
    cells = [
        str(value)
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for value in row
        if value is not None
    ]
    assert cells and not [c for c in cells if PASSWORD in c or NAME in c]
    # The results as CSV.
    text = io.StringIO()
    exports.write_results_csv(drive=drive, output=text)
    assert PASSWORD not in text.getvalue() and NAME not in text.getvalue()
    # dumpdrive: neither the name nor the password.
    dumped = json.dumps(dump_drive(drive=drive))
    assert PASSWORD not in dumped and "wifi" not in dumped
    assert PASSWORD not in dump(drive, tmp_path).read_text()
    # The record of changes.
    for event in AuditEvent.objects.filter(drive_id=drive.pk):
        assert PASSWORD not in json.dumps(
            {
                f.name: str(getattr(event, f.attname))
                for f in event._meta.concrete_fields
            }
        )


def test_a_file_that_carries_a_wifi_password_loads_without_it(
    organiser_client, club, tmp_path
):
    drive = with_wifi(organiser_client, drive_with_players(players=8, club=club))
    path = dump(drive, tmp_path)
    data = json.loads(path.read_text())
    (row,) = data["rows"]["drive.drive"]
    row.update(wifi_name=NAME, wifi_password=PASSWORD)
    path.write_text(json.dumps(data))
    loaded = load(path)
    assert (loaded.wifi_name, loaded.wifi_password) == ("", "")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"wifi_name": NAME, "wifi_password": "short"}, "8 to 63 characters"),
        ({"wifi_name": NAME, "wifi_password": "zażółć gęślą"}, "8 to 63 characters"),
        ({"wifi_name": "", "wifi_password": PASSWORD}, "network&#x27;s name"),
        ({"wifi_name": "Ж" * 17, "wifi_password": ""}, "at most 32"),
    ],
)
def test_a_wifi_the_cards_cannot_carry_is_refused(
    organiser_client, club, values, message
):
    drive = drive_with_players(players=8, club=club)
    response = organiser_client.post(f"/drives/{drive.pk}/wifi/", values)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Drive.objects.get(pk=drive.pk).wifi_name == ""


def test_an_open_network_and_clearing_it(organiser_client, club):
    drive = drive_with_players(players=8, club=club)
    url = f"/drives/{drive.pk}/wifi/"
    assert organiser_client.get(url).status_code == 200
    organiser_client.post(url, {"wifi_name": "Open Hall", "wifi_password": ""})
    drive.refresh_from_db()
    (card, *_) = loading.load_table_cards(
        drive=drive, plan=drive_plan.load_plan(drive=drive), base_url=BASE
    )
    assert card.wifi == "WIFI:T:nopass;S:Open Hall;;"
    organiser_client.post(url, {"wifi_name": "", "wifi_password": ""})
    drive.refresh_from_db()
    assert drive.wifi_name == ""


def test_only_organisers_set_the_wifi(assistant_client, club):
    drive = drive_with_players(players=8, club=club)
    response = assistant_client.post(
        f"/drives/{drive.pk}/wifi/", {"wifi_name": NAME, "wifi_password": PASSWORD}
    )
    assert response.status_code in (302, 403)
    assert Drive.objects.get(pk=drive.pk).wifi_name == ""


@needs_pdftotext
@override_settings(HALL_ADDRESS="192.168.1.20:8000")
def test_table_cards_printed_at_127_0_0_1_link_the_hall_address(
    organiser_client, club, tmp_path
):
    drive = drive_with_players(players=8, club=club, hands=2)
    response = organiser_client.get(
        f"/drives/{drive.pk}/print/tablecards.pdf", HTTP_HOST="127.0.0.1:8000"
    )
    assert response.status_code == 200
    text = pdf_text(response.content, tmp_path)
    for key in drive.tables.values_list("captain_key", flat=True):
        assert f"http://192.168.1.20:8000/t/{key}/" in text
    assert "127.0.0.1" not in text


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_the_two_captions_fit_at_7_pt_or_more(
    organiser_client, club, request, language
):
    """Side by side, each caption keeps to its own code's column, on more lines
    rather than smaller than 7 pt, whatever the language (tests/printing/test_layout)."""
    seen = request.getfixturevalue("record")  # every string set (test_layout)
    drive = with_wifi(organiser_client, drive_with_players(players=8, club=club))
    Drive.objects.filter(pk=drive.pk).update(wifi_name="Sala-parafialna-św-Józefa-5G")
    drive.refresh_from_db()
    with translation.override(language):
        captions = {
            translation.gettext("Table captain: scan to enter this table's scores."),
            translation.gettext("Wi-Fi: %(name)s") % {"name": drive.wifi_name},
        }
        for per_page in ("1", "2", "4"):
            seen.strings.clear()
            render(drive, "tablecards", per_page=per_page)
            assert overflow_faults(seen) == []
            drawn = [d for d in seen.strings if any(d.asked in c for c in captions)]
            assert drawn and min(d.size for d in drawn) >= 7, per_page
            assert all(d.text == d.asked for d in drawn), per_page
