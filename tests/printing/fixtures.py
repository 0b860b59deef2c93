"""Helpers shared by the printing tests (and the prize tests that move a drive):
a command's output, a workbook read back as values, a drive dumped to a file and
loaded back, the odd-tricks score of a hand, and a drive played with honours
and revokes."""

from __future__ import annotations

import io
from pathlib import Path

from django.core.management import call_command
from openpyxl import load_workbook

from drive.models import Drive, DriveState
from drive.trumps import Trump
from printing.exports import write_workbook
from scoring.services import ResultEntry, hand_results_submit
from tests.factories import varied_tricks


def workbook_values(drive: Drive) -> dict[str, list[tuple]]:
    buffer = io.BytesIO()
    write_workbook(drive=drive, output=buffer)
    buffer.seek(0)
    book = load_workbook(buffer, read_only=True)
    return {
        sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


def run(*args: str) -> list[str]:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().splitlines()


def sheet_rows(path, title: str) -> tuple[list[str], list[dict[str, object]]]:
    workbook = load_workbook(path, read_only=True)
    rows = list(workbook[title].iter_rows(values_only=True))
    headers = list(rows[0])
    return headers, [dict(zip(headers, row, strict=True)) for row in rows[1:]]


def odd(tricks: int) -> int:
    return max(0, tricks - 6)


def dump(drive: Drive, tmp_path: Path) -> Path:
    """`dumpdrive` of `drive` into a file under `tmp_path`."""
    path = tmp_path / f"drive-{drive.pk}.json"
    call_command("dumpdrive", str(drive.pk), output=str(path), stderr=io.StringIO())
    return path


def load(path: Path, **options) -> Drive:
    """`loaddrive` of the file at `path`: the drive it made."""
    out = io.StringIO()
    call_command("loaddrive", str(path), stdout=out, **options)
    return Drive.objects.get(pk=int(out.getvalue().split("drive: ")[1]))


# --- honours and revokes --------------------------------------------------------------

REVOKES = ("NS", "EW", "both")


def marks(deal) -> tuple[str, str]:
    """Varied honours (on trump hands) and revokes for a deal, never the same at
    every table, so a score that leaves them out shows."""
    honours = ""
    if deal.trumps is not Trump.NO_TRUMPS:
        honours = ("NS3", "EW4", "", "NS4", "EW3")[(deal.hand + deal.table) % 5]
    turn = (deal.hand * 7 + deal.table) % 5
    return honours, REVOKES[turn] if turn < len(REVOKES) else ""


def play_marked(drive: Drive, tricks=varied_tricks, marked=marks) -> Drive:
    """Play a drive to the end through the scoring service, each result with
    the honours and revoke `marked(deal)` gives it ("" and "" for none)."""
    from scoring.hand_plays import deals

    while drive.state == DriveState.IN_PLAY:
        batch = []
        for deal in deals(drive=drive, round_number=drive.current_round):
            if deal.ns_tricks is None:
                honours, revoke = marked(deal)
                if not drive.count_honours:
                    honours = ""
                batch.append(
                    ResultEntry(
                        table=deal.table,
                        hand=deal.hand,
                        ns_tricks=tricks(deal),
                        honours=honours,
                        revoke=revoke,
                    )
                )
        hand_results_submit(drive=drive, entries=batch, by=None)
        drive.refresh_from_db()
    return drive
