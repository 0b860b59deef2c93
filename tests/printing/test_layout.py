"""Printed sheets with longer words (issue 31): in every language and on every
sheet, no column heading is set below 8 pt or cut short, no text is wider than
its cell, and the names on a slip or score sheet are set at one size.

The checks hold whatever the words: they measure what is drawn against the
cell it is drawn in, rather than expecting any translation's wording.

- The ruled grids (score cards, travel slips, the Wist grid) and the table
  cards set every string through ``printing.pdf.placed``, given the width it
  must fit; a recorder around it sees each string as asked and as drawn.
- The results sheet is a platypus table: the tables handed to
  ``SimpleDocTemplate.build`` are read cell by cell, each cell's text measured
  (``stringWidth`` at the cell's font, or a Paragraph's widest word) against
  its column less the padding.

Set PDF_LAYOUT_KEEP=/some/dir to keep every PDF drawn, to look at.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.utils import translation
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate
from reportlab.platypus.tables import Table

from printing import documents, pdf, prediction_layout, prediction_table
from printing.slips import GAME_COLUMNS, SLIP_COLUMNS
from scoring.card_rows import (
    CARD_COLUMNS,
    HONOURS_COLUMN,
    REVOKE_COLUMN,
    RUBBER_CARD_COLUMNS,
)
from tests.factories import (
    drive_with_players,
    play_drive,
    play_round,
    prediction_drive,
    rubber_drive,
)
from tests.predictions import play_deals

pytestmark = pytest.mark.django_db

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
SMALLEST_HEADING = 8.0
KINDS = ("scorecards", "filled-cards", "blank-cards", "slips", "tablecards")
PREDICTION_KINDS = ("score-sheets", "filled-sheets")
# Long names, as clubs have them: a slip's names are set at one size whatever they are.
NAMES = (
    "Ștefan-Alexandru Țărănescu-Popovici",
    "Ana Ră",
    "Мария Константиновна Верещагина",
    "Jan Bo",
)


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


@pytest.fixture
def record(monkeypatch) -> Record:
    seen = Record()
    placed = pdf.placed

    def recording(text, x, **style):
        out = placed(text, x, **style)
        drawn = Drawn(
            asked=str(text),
            text=out[0],
            font=out[2],
            size=out[3],
            width=style.get("width"),
        )
        seen.strings.append(drawn)
        return out

    monkeypatch.setattr(pdf, "placed", recording)

    table = prediction_table.draw_table

    def sheet_table(canvas, sheet, plan, edges, **kwargs):
        start = len(seen.strings)
        seen.deal_headings |= {
            line for deal in sheet.deals for line in deal.lines() if line
        }
        bottom = table(canvas, sheet, plan, edges, **kwargs)
        names = [player.name.split() for player in sheet.players if player.name]
        seen.sheet_names.append(
            [s for s in seen.strings[start:] if any(part_of(s.asked, n) for n in names)]
        )
        return bottom

    monkeypatch.setattr(prediction_table, "draw_table", sheet_table)

    build = SimpleDocTemplate.build

    def building(doc, story, *args, **kwargs):
        seen.tables += [flowable for flowable in story if isinstance(flowable, Table)]
        return build(doc, story, *args, **kwargs)

    monkeypatch.setattr(SimpleDocTemplate, "build", building)
    return seen


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


def heading_faults(record: Record, titles: set[str]) -> list[str]:
    """Headings set below 8 pt, or cut short; a heading may be set on more
    than one line, each line a part of it."""
    faults = []
    words_of = {title: title.split() for title in titles}
    for drawn in record.strings:
        parts = [
            title for title, words in words_of.items() if part_of(drawn.asked, words)
        ]
        if not parts:
            continue
        asked = " ".join(drawn.asked.split())
        if drawn.size < SMALLEST_HEADING:
            faults.append(f"{asked!r} at {drawn.size:.2f} pt")
        if drawn.text != printable(drawn.asked):
            faults.append(f"{asked!r} drawn as {drawn.text!r}")
    return faults


def deal_heading_faults(record: Record) -> list[str]:
    """A prediction sheet's deal headings (kind, trumps, dealer) set on one
    line below 8 pt or cut. (Their words alone are not looked for: a player's
    prediction may read "Wist" as the eighth deal's heading does.)"""
    return [
        f"{d.asked!r} at {d.size:.2f} pt, drawn as {d.text!r}"
        for d in record.strings
        if d.asked in record.deal_headings
        and (d.size < SMALLEST_HEADING or d.text != printable(d.asked))
    ]


def printable(text: str) -> str:
    from players.typed_text import printable_text

    return printable_text(text)


def overflow_faults(record: Record) -> list[str]:
    """Strings wider than the room they were given."""
    return [
        f"{d.text!r} is {d.drawn_width:.1f} pt wide in {d.width:.1f} pt"
        for d in record.strings
        if d.width is not None and d.drawn_width > d.width + 0.01
    ]


def name_size_faults(record: Record) -> list[str]:
    faults = []
    for names in record.sheet_names:
        sizes = {round(d.size, 2) for d in names}
        if len(sizes) > 1:
            faults.append(f"names at {sorted(sizes)} pt on one sheet")
    return faults


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


def render(drive, kind: str, **options) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind=kind, **options),
        base_url="http://127.0.0.1:8000/",
    )


def named(drive) -> None:
    """Give the first entries long names, and one short."""
    for entry, name in zip(
        drive.entries.select_related("player").order_by("number"), NAMES, strict=False
    ):
        entry.player.name = name
        entry.player.save(update_fields=["name"])


def classic(club):
    drive = drive_with_players(players=8, club=club, hands=5, count_honours=True)
    named(drive)
    return play_drive(drive)


def rubbers(club):
    drive = rubber_drive(club=club, hands=4, hands_per_round=2)
    named(drive)
    play_round(drive)
    return drive


def predictions(club):
    drive = prediction_drive(club=club, players=9, games=1)
    named(drive)
    play_deals(drive, hands=[1, 2, 3])
    return drive


FORMATS = {"classic": classic, "rubber": rubbers, "prediction": predictions}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", sorted(FORMATS))
def test_every_sheet_sets_its_headings_whole_and_its_text_inside_its_cells(
    club, record, language, form
):
    drive = FORMATS[form](club)
    kinds = KINDS + (PREDICTION_KINDS if form == "prediction" else ())
    faults: dict[str, list[str]] = {}
    with translation.override(language):
        titles = headings()
        for kind in kinds:
            for per_page in (1, 2, 4):
                record.strings.clear()
                record.sheet_names.clear()
                record.deal_headings.clear()
                printed = render(drive, kind, per_page=per_page)
                keep(printed, f"{form}-{language}-{kind}-{per_page}")
                found = (
                    heading_faults(record, titles)
                    + deal_heading_faults(record)
                    + overflow_faults(record)
                    + name_size_faults(record)
                )
                if found:
                    faults[f"{kind} {per_page} a page"] = sorted(set(found))
        record.tables.clear()
        printed = render(drive, "results")
        keep(printed, f"{form}-{language}-results")
        if found := table_faults(record):
            faults["results"] = found
    assert faults == {}, "\n".join(f"{k}: {v}" for k, v in faults.items())
