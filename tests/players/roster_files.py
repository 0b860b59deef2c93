"""A roster file built in the test (`xlsx_bytes`) and uploaded to the import's
preview (`upload`)."""

from __future__ import annotations

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


IMPORT_URL = "/players/import/"


def upload(client, filename: str, data: bytes):
    return client.post(
        IMPORT_URL,
        {"action": "preview", "file": SimpleUploadedFile(filename, data)},
    )
