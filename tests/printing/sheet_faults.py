"""What the printing tests see a sheet draw and find wrong in it: every string
set through printing.pdf.placed as asked and as drawn (`Record`, filled by
the `record` fixture of tests/printing/conftest.py) and the results sheet's
tables; the headings cut or set too small, the strings wider than their room
(`overflow_faults`), the cells wider than their column (`table_faults`), the
strings cut short (`cut_faults`). PDF_LAYOUT_KEEP=/some/dir keeps every PDF
drawn (`keep`), to look at."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from django.utils import translation
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.tables import Table

from printing import prediction_layout
from printing.slips import GAME_COLUMNS, SLIP_COLUMNS
from scoring.card_rows import (
    CARD_COLUMNS,
    HONOURS_COLUMN,
    REVOKE_COLUMN,
    RUBBER_CARD_COLUMNS,
)

SMALLEST_HEADING = 8.0


@dataclass
class Drawn:
    """One string set by printing.pdf.placed."""

    asked: str
    text: str
    font: str
    size: float
    width: float | None  # the room it was given

    @property
    def drawn_width(self) -> float:
        return stringWidth(self.text, self.font, self.size)


@dataclass
class Record:
    strings: list[Drawn] = field(default_factory=list)
    # The name column's strings of each prediction sheet or slip.
    sheet_names: list[list[Drawn]] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    # The headings of each deal on the prediction sheets drawn (kind, trumps, dealer).
    deal_headings: set[str] = field(default_factory=set)


def headings() -> set[str]:
    """Every column heading of the printed grids, in the active language."""
    columns = (
        *CARD_COLUMNS,
        HONOURS_COLUMN,
        REVOKE_COLUMN,
        *RUBBER_CARD_COLUMNS,
        *SLIP_COLUMNS,
        *GAME_COLUMNS,
    )
    titles = {str(title) for _key, title, _share in columns}
    titles |= {str(title) for title in prediction_layout.after_titles().values()}
    titles |= {translation.gettext(t) for t in ("Seat", "No.", "Name", "Group")}
    return {title for title in titles if len(title) > 1}


def part_of(text: str, words: list[str]) -> bool:
    """Whether `text` is some of `words`, one after the other (a line of them)."""
    some = text.split()
    return bool(some) and any(
        words[i : i + len(some)] == some for i in range(len(words) - len(some) + 1)
    )


def overflow_faults(record: Record) -> list[str]:
    """Strings wider than the room they were given."""
    return [
        f"{d.text!r} is {d.drawn_width:.1f} pt wide in {d.width:.1f} pt"
        for d in record.strings
        if d.width is not None and d.drawn_width > d.width + 0.01
    ]


def table_faults(record: Record) -> list[str]:
    """Cells of the results sheet's tables wider than their column."""
    faults = []
    for table in record.tables:
        widths = table._colWidths
        for r, row in enumerate(table._cellvalues):
            for c, value in enumerate(row):
                if isinstance(value, list | tuple):
                    value = value[0] if value else ""
                style = table._cellStyles[r][c]
                room = widths[c] - style.leftPadding - style.rightPadding
                if isinstance(value, Paragraph):
                    size = value.style.fontSize
                    wide = value.minWidth()
                    text = value.getPlainText()
                else:
                    text = str(value)
                    size = style.fontsize
                    wide = stringWidth(text, style.fontname, size)
                if wide > room + 0.01:
                    faults.append(f"{text!r} is {wide:.1f} pt wide in {room:.1f} pt")
                if r == 0 and size < SMALLEST_HEADING:
                    faults.append(f"heading {text!r} at {size} pt")
    return faults


def keep(printed, name: str) -> None:
    if folder := os.environ.get("PDF_LAYOUT_KEEP"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{name}.pdf").write_bytes(printed.data)


def cut_faults(record) -> list[str]:  # noqa: F811
    """Strings drawn shorter than asked (cut with an ellipsis)."""
    return [
        f"{d.asked!r} drawn as {d.text!r}"
        for d in record.strings
        if d.text.endswith("…") and not d.asked.endswith("…")
    ]
