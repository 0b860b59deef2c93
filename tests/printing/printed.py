"""Helpers the printing tests share: a DrivePlan built by hand (no database),
and a real drive's sheet rendered to PDF and read back with poppler's
pdftotext (tests that need it are skipped, with the reason, where it is not
installed)."""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from drive.trumps import DEFAULT_SEQUENCE
from printing import documents
from scoring.card_plan import DrivePlan, EntryInfo, RoundPlan

PDFTOTEXT = shutil.which("pdftotext")
needs_pdftotext = pytest.mark.skipif(
    PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed"
)
BASE = "http://127.0.0.1:8000/"


def pdf_text(data: bytes, tmp_path, *, mode: str = "-layout") -> str:
    """The PDF's text as pdftotext reads it: laid out as on the page, or
    (mode="-raw") in the order it is drawn, each caption's lines together."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, mode, "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    return done.stdout.decode("utf-8")


def first_page_boxes(data: bytes, tmp_path) -> str:
    """The first page's words, each with its box, as `pdftotext -bbox` writes
    them (XHTML: `<word xMin=".." yMin=".." xMax=".." yMax="..">word</word>`)."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(
        [PDFTOTEXT, "-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode("utf-8")


def pages(text: str) -> list[str]:
    return text.split("\f")


def plan(**values: object) -> DrivePlan:
    base: dict[str, object] = {
        "club": "Riverside",
        "drive": "Friday drive",
        "date": datetime.date(2026, 11, 27),
        "format": "progressive",
        "hands": 6,
        "hands_per_round": 1,
        "trumps": DEFAULT_SEQUENCE,
        "rule": "odd",
        "entries": tuple(
            EntryInfo(n, f"Player {n}", "AB"[(n - 1) % 2]) for n in range(1, 10)
        ),
        "tables": (1, 2),
    }
    base.update(values)
    return DrivePlan(**base)  # type: ignore[arg-type]


ROUND_1 = RoundPlan(
    1,
    {1: {"N": 1, "E": 3, "S": 2, "W": 4}, 2: {"N": 5, "E": 7, "S": 6, "W": 8}},
    frozenset({9}),
)
ROUND_2 = RoundPlan(
    2,
    {1: {"N": 3, "E": 9, "S": 4, "W": 2}, 2: {"N": 7, "E": 1, "S": 8, "W": 6}},
    frozenset({5}),
)


def render(drive, kind: str, **options: object) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),  # type: ignore[arg-type]
        base_url=BASE,
    )


def assert_pdf(printed: documents.Printed) -> None:
    assert printed.data.startswith(b"%PDF")
    assert b"DejaVuSans" in printed.data
    assert printed.pages >= 1


def heading_row(page: str, anchor: str) -> list[str]:
    """The words of a grid's heading row read off `pdftotext -layout` text,
    column by column, each column's lines top to bottom ("N-S" then
    "tricks"): the line holding `anchor` and the lines either side of it
    that are part of the row (a heading set on two or three lines)."""
    lines = page.splitlines()
    at = next(i for i, line in enumerate(lines) if anchor in line.split())
    row = [
        (index, line)
        for index in range(max(at - 1, 0), min(at + 2, len(lines)))
        if (line := lines[index]).strip() and not line.lstrip()[:1].isdigit()
    ]
    words = [
        ((match.start() + match.end()) / 2, index, match.group())
        for index, line in row
        for match in re.finditer(r"\S+", line)
    ]
    words.sort()
    columns: list[list[tuple[float, int, str]]] = []
    for word in words:
        if columns and word[0] - columns[-1][-1][0] <= 3:
            columns[-1].append(word)
        else:
            columns.append([word])
    return [w for column in columns for _c, _i, w in sorted(column, key=lambda w: w[1])]


def page_texts(data: bytes, pages: int, folder: Path) -> list[str]:
    """Each page's text, read with pdftotext (without -layout)."""
    path = folder / "sheet.pdf"
    path.write_bytes(data)
    return [
        subprocess.run(
            [PDFTOTEXT, "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for page in range(1, pages + 1)
    ]
