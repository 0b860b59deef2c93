"""A drive carried to another site in its file (printing.transfer): the drive
forgotten here as if this site never had it (`forget`), a hand's result in
the file (`a_result_of_hand`), and a file the load refuses (`refused`)."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from drive.models import Drive
from players.models import AuditEvent
from scoring.models import Adjustment
from tests.printing.fixtures import load


def forget(drive: Drive) -> None:
    """As if this site had never had the drive (its club and roster stay)."""
    AuditEvent.objects.filter(drive_id=drive.pk).delete()
    # Adjustments never go with their entry unseen (PROTECT): delete them first.
    Adjustment.objects.filter(entry__drive=drive).delete()
    drive.delete()


def a_result_of_hand(data: dict, hand: int) -> dict:
    return next(r for r in data["rows"]["scoring.handresult"] if r["hand"] == hand)


def refused(data: dict, tmp_path) -> str:
    drives = Drive.objects.count()
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as error:
        load(path)
    assert Drive.objects.count() == drives
    return str(error.value)
