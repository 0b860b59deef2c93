"""loaddrive cleans every text of a dump as a form cleans what is typed (players.typed_text)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from drive.models import Drive, Entry
from players.models import AuditEvent, Player
from printing.exports import write_workbook
from scoring.models import Adjustment
from scoring.services import adjustment_add
from tests.factories import ClubFactory, drive_with_players, play_drive

pytestmark = pytest.mark.django_db


def test_a_dump_with_control_characters_loads_without_them(tmp_path, organiser):
    drive = drive_with_players(
        players=8, hands=2, club=organiser.memberships.get().club
    )
    play_drive(drive)
    adjustment_add(
        entry=drive.entries.get(number=1), points=1, reason="x", by=organiser
    )
    path = tmp_path / "drive.json"
    call_command("dumpdrive", str(drive.pk), output=str(path), stderr=io.StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    first = Entry.objects.get(drive=drive, number=1).player_id
    for player in data["players"]:
        if player["pk"] == first:
            # From an older site: ESC, backspace, a noncharacter, half a surrogate pair.
            player["name"] = "Ann\x1b[0m\x08 Archer\ufffe\ud800"
    (adjustment,) = data["rows"]["scoring.adjustment"]
    adjustment["reason"] = "Misdeal\x1b\x85at table\uffff 2 "
    data["rows"]["drive.drive"][0]["venue"] = "Church\x07 hall"
    data["audit"][0]["subject"] += "\x1b"
    # ensure_ascii writes the lone surrogate as \ud800, as a JSON file can.
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")

    other = ClubFactory(name="Hilltop Whist")
    out = io.StringIO()
    call_command("loaddrive", str(path), club=other.pk, stdout=out)
    loaded = Drive.objects.get(pk=int(out.getvalue().split("drive: ")[1]))

    assert Entry.objects.get(drive=loaded, number=1).player.name == "Ann[0m Archer"
    assert Player.objects.filter(club=other, name="Ann[0m Archer").count() == 1
    assert Adjustment.objects.get(entry__drive=loaded).reason == "Misdeal at table 2"
    assert loaded.venue == "Church hall"
    assert not any(
        "\x1b" in event.subject
        for event in AuditEvent.objects.filter(drive_id=loaded.pk)
    )
    buffer = io.BytesIO()
    write_workbook(drive=loaded, output=buffer)
    buffer.seek(0)
    names = [
        row[2]
        for row in load_workbook(buffer)["Results"].iter_rows(
            min_row=2, values_only=True
        )
    ]
    assert "Ann[0m Archer" in names
