"""Helpers shared by the printing tests (and the prize tests that move a drive):
a command's output, a workbook read back as values, a drive dumped to a file and
loaded back, and the odd-tricks score of a hand."""

from __future__ import annotations

import io
from pathlib import Path

from django.core.management import call_command
from openpyxl import load_workbook

from drive.models import Drive
from printing.exports import write_workbook


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
