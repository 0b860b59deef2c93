"""Drawing the sheets with reportlab: the page layout and the strings set
on it (the ruled grids of score cards and travel slips: printing.grid_pdf;
the cards themselves: printing.card_pdf, printing.slip_pdf; table cards:
printing.posters; the results sheet: printing.results_pdf).

Cards (score cards, travel slips, table cards) go 1, 2 or 4 to a page: the
page is cut into *slots* (whole page; top and bottom halves; quarters) with
cut marks between them. A card with more rows than its slot holds carries on
in the next slot, marked "continued". The results sheet flows over as many
pages as it needs, its heading row repeated on each.

Every sheet is drawn in an edition (printing.editions): the usual one, or
large print (16 pt and more, heavier rules, one card to a page). A run of
score cards may hold both: the players who asked for large print get theirs
after the others, each on its own page.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from players.typed_text import printable_text
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    SMALLEST_HEADING,
    HeadPart,
    SheetHead,
    drawn_floor,
    fit,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts

PAPERS = {"a4": A4, "letter": LETTER}
INK = colors.HexColor("#1a1a1a")
RED = colors.HexColor("#b3131b")
GREY = colors.HexColor("#777777")
LIGHT = colors.HexColor("#bbbbbb")
SHADE = colors.HexColor("#eeeeee")
PADDING = 8 * mm
MIN_ROW = 3.4 * mm
MAX_ROW = 7 * mm
# The small words over a card's boxes (No., Name, Group): 9 pt where they fit
# (printing.fitting.roomy_size), else the smallest heading.
LABEL = SMALLEST_HEADING


@dataclass(frozen=True)
class Slot:
    x: float
    y: float
    width: float
    height: float
    # The page's only slot (one card a page).
    whole_page: bool = False


@dataclass(frozen=True)
class Printed:
    data: bytes
    pages: int
    # Where the cards a page chosen would have set words under 8 pt
    # (printing.readable): the number chosen, and the number printed.
    chosen_per_page: int | None = None
    per_page: int | None = None
    # Some of a sheet's lines left off for want of room (a table card's).
    cramped: bool = False


def slots(paper: tuple[float, float], per_page: int) -> list[Slot]:
    """The slots of one page, top to bottom, left to right."""
    width, height = paper
    if per_page == 1:
        return [Slot(0, 0, width, height, whole_page=True)]
    if per_page == 2:
        half = height / 2
        return [Slot(0, half, width, half), Slot(0, 0, width, half)]
    if per_page == 4:
        w, h = width / 2, height / 2
        return [Slot(0, h, w, h), Slot(w, h, w, h), Slot(0, 0, w, h), Slot(w, 0, w, h)]
    raise ValueError(f"{per_page} cards a page is not a layout (1, 2 or 4).")


def _cut_marks(canvas: Canvas, paper: tuple[float, float], per_page: int) -> None:
    """Ticks at the paper's edges where to cut, and a light dashed guide line.

    A tick runs 12 mm in from the edge: most printers leave the outer 4 to
    5 mm blank, which took most of a 7 mm tick. The guide is mid grey, as a
    black-and-white printer still prints it."""
    if per_page == 1:
        return
    width, height = paper
    tick = 12 * mm
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    cuts_y = [height / 2]
    cuts_x = [width / 2] if per_page == 4 else []
    for y in cuts_y:
        canvas.line(0, y, tick, y)
        canvas.line(width - tick, y, width, y)
    for x in cuts_x:
        canvas.line(x, 0, x, tick)
        canvas.line(x, height - tick, x, height)
    if cuts_x:
        cross = 3 * mm
        canvas.line(width / 2 - cross, height / 2, width / 2 + cross, height / 2)
        canvas.line(width / 2, height / 2 - cross, width / 2, height / 2 + cross)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.4)
    canvas.setDash(2, 3)
    for y in cuts_y:
        canvas.line(tick + 2 * mm, y, width - tick - 2 * mm, y)
    for x in cuts_x:
        canvas.line(x, tick + 2 * mm, x, height - tick - 2 * mm)
    canvas.restoreState()


# The widths of strings, and their fitted forms, are worked out once (printing.fitting).
_width = text_width
_fit = fit


class TextStyle(TypedDict, total=False):
    """How a string is set; what is left out takes placed's default."""

    font: str
    size: float
    width: float | None  # shrink, then cut with an ellipsis, to fit this width
    align: str  # left, center or right of x
    color: colors.Color
    smallest: float  # below the edition's smallest: a large-print heading


def placed(
    text: str,
    x: float,
    *,
    font: str = REGULAR,
    size: float = 10,
    width: float | None = None,
    align: str = "left",
    color: colors.Color = INK,
    smallest: float | None = None,
) -> tuple[str, float, str, float, colors.Color]:
    """(text, left edge, font, size, colour): fitted to `width` if given, aligned on `x`."""
    text = printable_text(text)
    floor = drawn_floor(size, smallest)
    size = max(size, floor)
    if width is not None:
        text, size = _fit(text, font, size, width, floor)
    if align == "center":
        x -= _width(text, font, size) / 2
    elif align == "right":
        x -= _width(text, font, size)
    return text, x, font, size, color


class Aside(Canvas):
    """A page drawn on only to measure what room is left, never kept."""


def draw_text(
    canvas: Canvas, text: str, x: float, y: float, **style: Unpack[TextStyle]
) -> None:
    if isinstance(canvas, Aside):
        return
    text, x, font, size, color = placed(text, x, **style)
    # Setting the font or colour writes to the page each time: only when it changes.
    if (canvas._fontname, canvas._fontsize) != (font, size):
        canvas.setFont(font, size)
    if canvas._fillColorObj != color:
        canvas.setFillColor(color)
    canvas.drawString(x, y, text)


def draw_head_part(
    canvas: Canvas,
    part: HeadPart,
    x: float,
    y: float,
    width: float,
    **style: Unpack[TextStyle],
) -> float:
    """Draw a line of a sheet's head (printing.fitting.head_part), its first
    line's baseline at `y`, each line `part.leading` under the one before;
    return its last line's baseline."""
    for line in part.lines:
        draw_text(
            canvas, line, x, y, font=part.font, size=part.size, width=width, **style
        )
        y -= part.leading
    return y + part.leading


def continued_title(drive: str, part: int, parts: int) -> str:
    """A sheet's drive's line: the drive's name, and on the second part of a
    sheet that runs over more than one, which part it is."""
    if part <= 1:
        return drive
    # Translators: a travel slip's title when it runs over more than one sheet.
    return _("%(drive)s (continued, part %(part)d of %(parts)d)") % {
        "drive": drive,
        "part": part,
        "parts": parts,
    }


def draw_sheet_head(
    canvas: Canvas, head: SheetHead, x: float, top: float, width: float
) -> None:
    """Draw a travel slip's or a prediction whist sheet's head
    (printing.fitting.sheet_head) from `top` down, `width` wide from `x`:
    its kind, the club's and drive's lines and the date at the left, the
    table's number at the right."""
    k = current().scale
    draw_text(
        canvas, head.kind, x, top - 9 * k, font=BOLD, size=10 * k, width=head.room
    )
    y = draw_head_part(canvas, head.club, x, top - 20 * k, head.room)
    y = draw_head_part(canvas, head.title, x, y - 11 * k, head.room)
    draw_text(
        canvas, head.date, x, y - 11 * k, size=head.date_size, width=head.date_width
    )
    draw_text(
        canvas,
        head.table,
        x + width,
        top - 26 * k,
        font=BOLD,
        size=head.table_size,
        width=head.table_width,
        align="right",
    )


class TextRun:
    """Many strings written as one PDF text object, drawn when finished.

    A score card is some 250 strings in a handful of styles (font, size and
    colour). They are gathered by style and written style by style in one text
    object, so each style is set once a card rather than at every change along
    a row; the page looks the same (strings do not overlap), and far less is
    written than a text object per string (what ``drawString`` does).
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.styles: dict[
            tuple[str, float, colors.Color], list[tuple[float, float, str]]
        ] = {}

    def draw(self, text: str, x: float, y: float, **style: Unpack[TextStyle]) -> None:
        text, x, font, size, color = placed(text, x, **style)
        strings = self.styles.get((font, size, color))
        if strings is None:
            strings = self.styles[font, size, color] = []
        strings.append((x, y, text))

    def finish(self) -> None:
        written = self.canvas.beginText()
        for (font, size, color), strings in self.styles.items():
            written.setFont(font, size)
            written.setFillColor(color)
            for x, y, text in strings:
                written.setTextOrigin(x, y)
                written.textOut(text)
        self.canvas.saveState()
        self.canvas.drawText(written)
        self.canvas.restoreState()


Piece = Callable[[Canvas, Slot], None]


@dataclass(frozen=True)
class Run:
    """Sheets drawn one after another in one edition: `pieces` is given the
    size of a slot (one of the page's `per_page`) and yields what goes in each."""

    pieces: Callable[[Slot], Iterator[Piece]]
    per_page: int
    edition: Edition = STANDARD
    # On the paper turned sideways (a large-print card too wide for it upright).
    landscape: bool = False


def paged(
    paper: tuple[float, float],
    per_page: int,
    pieces: Callable[[Slot], Iterator[Piece]],
    *,
    edition: Edition = STANDARD,
) -> Printed:
    """Draw each piece into the next slot, page after page."""
    return paged_runs(paper, [Run(pieces, per_page, edition)])


def paged_runs(paper: tuple[float, float], runs: Sequence[Run]) -> Printed:
    """Draw the runs one after another, each from a new page and in its own
    edition (which may fix the cards a page)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=paper, pageCompression=1)
    pages = 0
    for run in runs:
        with in_use(run.edition) as edition:
            per_page = edition.per_page or run.per_page
            size = landscape(paper) if run.landscape else paper
            canvas.setPageSize(size)
            layout = slots(size, per_page)
            index = 0
            for piece in run.pieces(layout[0]):
                if index == 0:
                    pages += 1
                    canvas.setFont(REGULAR, edition.floor(10))
                piece(canvas, layout[index])
                index += 1
                if index == len(layout):
                    _cut_marks(canvas, size, per_page)
                    canvas.showPage()
                    index = 0
            if index:
                _cut_marks(canvas, size, per_page)
                canvas.showPage()
    if pages == 0:
        pages = 1
        canvas.showPage()
    canvas.save()
    return Printed(buffer.getvalue(), pages)
