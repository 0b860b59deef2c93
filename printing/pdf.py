"""Drawing the sheets with reportlab: the page layout and the ruled grids
(score cards: printing.card_pdf; travel slips: printing.slip_pdf; table
cards and the results sheet: printing.posters).

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

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from drive.trumps import Trump
from players.typed_text import printable_text
from printing import grid_columns
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    GLUED,
    HEADING_LEADING,
    SMALLEST_HEADING,
    column_widths,
    fit,
    heading_height,
    heading_pieces,
    spread,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.readable import READABLE
from scoring.card_rows import SUMMARY_KINDS, RowKind

PAPERS = {"a4": A4, "letter": LETTER}
INK = colors.HexColor("#1a1a1a")
RED = colors.HexColor("#b3131b")
GREY = colors.HexColor("#777777")
LIGHT = colors.HexColor("#bbbbbb")
SHADE = colors.HexColor("#eeeeee")
PADDING = 8 * mm
MIN_ROW = 3.4 * mm
MAX_ROW = 7 * mm
# The small words over a card's boxes (No., Name, Group): the smallest heading.
LABEL = SMALLEST_HEADING


@dataclass(frozen=True)
class Slot:
    x: float
    y: float
    width: float
    height: float


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
        return [Slot(0, 0, width, height)]
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
    """How a string is set; what is left out takes _placed's default."""

    font: str
    size: float
    width: float | None  # shrink, then cut with an ellipsis, to fit this width
    align: str  # left, center or right of x
    color: colors.Color
    smallest: float  # below the edition's smallest: a large-print heading


def _placed(
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
    edition = current()
    floor = edition.smallest if smallest is None else min(smallest, edition.smallest)
    if not edition.is_large:
        # Not shrunk under 8 pt to fit, read in a dim hall: cut (printing.readable).
        floor = max(floor, min(size, READABLE))
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
    text, x, font, size, color = _placed(text, x, **style)
    # Setting the font or colour writes to the page each time: only when it changes.
    if (canvas._fontname, canvas._fontsize) != (font, size):
        canvas.setFont(font, size)
    if canvas._fillColorObj != color:
        canvas.setFillColor(color)
    canvas.drawString(x, y, text)


class _TextRun:
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
        text, x, font, size, color = _placed(text, x, **style)
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


# --- a ruled grid of rows (score cards and travel slips) ----------------------------


@dataclass(frozen=True)
class GridRow:
    texts: dict[str, str]
    kind: str = RowKind.HAND
    trumps: Trump | None = None
    rule_above: bool = False  # a heavier line: a new round starts here
    spans: tuple[tuple[str, int], ...] = ()  # (key, columns) of cells wider than one


# A summary row's label (half-time, total...) spans the columns before the
# total, or the first five where a grid has no total.
SUMMARY_LABEL_COLUMNS = 5


# A grid's column headings start at this size (points) and wrap rather than
# shrink below printing.fitting.SMALLEST_HEADING.
HEADING_SIZE = 8.5


def _rows_per_slot(height: float, rows: int) -> tuple[int, float]:
    """(rows that fit, row height) for the grid part of a slot."""
    edition = current()
    fits = max(1, int(height // edition.min_row))
    count = min(rows, fits) or 1
    return fits, min(edition.max_row, height / max(count, 1))


def _lefts(
    columns: Sequence[tuple[str, str, float]], x: float, width: float
) -> list[float]:
    """The left edge of each column, and the right edge of the last."""
    lefts = []
    position = x
    for _key, _title, share in columns:
        lefts.append(position)
        position += share * width
    lefts.append(x + width)
    return lefts


def grid_headings(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    value_size: float = 0.0,
) -> grid_columns.ColumnPlan:
    """The columns' widths and headings in `width`, every heading whole
    (printing.grid_columns): each column keeps room for its values, as
    they are drawn at `value_size` (VALUE_SIZE if not given)."""
    asked, options = _grid_asks(columns, rows, width, value_size)
    return grid_columns.fit_headings(*asked, **options)


def trial_headings(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
) -> grid_columns.ColumnPlan:
    """`grid_headings` for a grid that may not be drawn in `width` (a trial
    of the page's way round, or of how many to a page)."""
    asked, options = _grid_asks(columns, rows, width)
    return grid_columns.trial(*asked, **options)


def _grid_asks(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    value_size: float = 0.0,
) -> tuple[tuple[list, list[float], list[float]], dict]:
    """What a grid asks printing.grid_columns: its titles, its columns'
    usual widths, what their values need; the sizes."""
    edition = current()
    large = edition.is_large
    size = edition.smallest if large else min(value_size or VALUE_SIZE, VALUE_SIZE)
    _wants, needs = _wants_and_needs(columns, rows, size, tight=True)
    return (
        [title for _key, title, _share in columns],
        [share * width for _key, _title, share in columns],
        needs,
    ), {
        "size": edition.smallest if large else HEADING_SIZE,
        "smallest": edition.smallest_heading if large else SMALLEST_HEADING,
        "most": 4 if large else 2,
        "fewer_lines": not large,
        "pad": HEADING_PAD,
    }


# A heading is drawn this far inside its cell, both sides together (points).
HEADING_PAD = 3
# The largest size a standard grid's values are measured at, for the room
# each column keeps (they are drawn larger where the row allows, and shrink
# where their cell is narrow).
VALUE_SIZE = 8.0


def draw_sideways(
    canvas: Canvas,
    lines: Sequence[tuple[str, str, colors.Color]],
    *,
    middle: float,
    bottom: float,
    height: float,
    size: float,
) -> None:
    """Lines (text, font, colour) turned to read upwards, side by side,
    around `middle`, in the middle of the `height` above `bottom`."""
    leading = size * HEADING_LEADING
    first = middle - leading * (len(lines) - 1) / 2 + size * 0.35
    for index, (text, font, color) in enumerate(lines):
        text, _x, font, size, color = _placed(
            text, 0, font=font, size=size, width=height - 2, smallest=size
        )
        length = _width(text, font, size)
        canvas.saveState()
        canvas.translate(first + index * leading, bottom + (height - length) / 2)
        canvas.rotate(90)
        canvas.setFont(font, size)
        canvas.setFillColor(color)
        canvas.drawString(0, 0, text)
        canvas.restoreState()


# The room a large-print cell leaves beside its words (points, both sides);
# where the page is too narrow for that, a heading's longest word is given
# no less than TIGHT_CELL_ROOM (a heading is drawn 2 pt inside its cell).
LARGE_CELL_ROOM = 6
TIGHT_CELL_ROOM = 4


def _wants_and_needs(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    size: float,
    *,
    tight: bool = False,
) -> tuple[list[float], list[float]]:
    """What each column wants at `size`, its heading's longest word, and what
    it needs, its widest value (a cell over several columns, a summary's
    label, asks each for its part); each with a cell's room beside it.
    `tight`: each value in the font it is drawn in (rather than bold) with
    the least room (TIGHT_CELL_ROOM), for a page too narrow for the usual."""
    room = TIGHT_CELL_ROOM if tight else LARGE_CELL_ROOM
    wants = [
        max(
            _width(piece.removeprefix(GLUED), BOLD, size)
            for piece in heading_pieces(title)
        )
        + room
        if str(title).strip()
        else 0.0
        for _key, title, _share in columns
    ]
    needs = [0.0] * len(columns)
    spanned: list[tuple[int, int, float]] = []
    for row in rows:
        summary = row.kind in SUMMARY_KINDS
        for key, first, span in _cells(columns, row):
            text = row.texts.get(key, "")
            if text:
                font = _value_font(summary, key) if tight else BOLD
                # A cell over several columns (a summary's label) may be set
                # smaller in the usual edition, as any value is.
                at = size if span == 1 or current().is_large else size * 0.75
                need = _width(printable_text(text), font, at) + room
                if span == 1:
                    needs[first] = max(needs[first], need)
                else:
                    spanned.append((first, span, need))
    # A cell over several columns asks them only for what they lack between
    # them, each in proportion to its share.
    for first, span, need in spanned:
        over = range(first, first + span)
        lacking = need - sum(needs[index] for index in over)
        if lacking > 0:
            shares = [columns[index][2] for index in over]
            for index, share in zip(over, shares, strict=True):
                needs[index] += lacking * share / (sum(shares) or 1)
    return wants, needs


def _value_font(summary: bool, key: str) -> str:
    """The font of a grid's value: bold in a summary row and in the columns
    that number the rows or total them."""
    return BOLD if summary or key in ("hand", "round", "total") else REGULAR


def whole_in(
    columns: Sequence[tuple[str, str, float]], rows: Sequence[GridRow], width: float
) -> bool:
    """Whether, in large print, every column gets its widest value and its
    heading's longest word within `width`: no heading breaks inside a word."""
    wants, needs = _wants_and_needs(columns, rows, current().smallest)
    return sum(max(w, n) for w, n in zip(wants, needs, strict=True)) <= width


def widened(
    columns: Sequence[tuple[str, str, float]], rows: Sequence[GridRow], width: float
) -> tuple[tuple[str, str, float], ...]:
    """The columns with their shares of `width` made so that, in large print,
    each column is as wide as its widest text at 16 pt, then (where there is
    room) its heading's longest word, the rest of the width shared as the
    usual shares share it. (Large print never shrinks a value, so the width
    goes where the words are; a heading wraps at its spaces and dashes.)
    Where the width is too narrow for that, `column_widths` narrows the
    cells' room, then sets the widest headings smaller (`_large_heading`),
    rather than break a word. In the usual edition the columns are as they
    are."""
    edition = current()
    if not edition.is_large:
        return tuple(columns)
    wants, needs = _wants_and_needs(columns, rows, edition.smallest)
    shares = tuple(share for _key, _title, share in columns)
    if sum(map(max, wants, needs)) <= width:
        widths = spread(needs, shares, width, wants)
    else:
        # Too narrow for the usual room: each value measured as drawn, and
        # the headings given what printing.fitting.column_widths can give.
        tight_wants, tight_needs = _wants_and_needs(
            columns, rows, edition.smallest, tight=True
        )
        widths = column_widths(
            tuple(tight_needs),
            shares,
            width,
            tuple(max(0.0, want - TIGHT_CELL_ROOM) for want in tight_wants),
            size=edition.smallest,
            smallest=edition.smallest_heading,
            room=LARGE_CELL_ROOM,
            tight_room=TIGHT_CELL_ROOM,
        )
    return tuple(
        (key, title, room / width)
        for (key, title, _share), room in zip(columns, widths, strict=True)
    )


def _cells(
    columns: Sequence[tuple[str, str, float]], row: GridRow
) -> list[tuple[str, int, int]]:
    """(key, first column, columns spanned) of each cell of a row."""
    spans = dict(row.spans)
    if row.kind in SUMMARY_KINDS:
        keys = [key for key, _title, _share in columns]
        label = keys.index("total") if "total" in keys else SUMMARY_LABEL_COLUMNS
        spans = {keys[0]: label}
    cells = []
    index = 0
    while index < len(columns):
        key = columns[index][0]
        span = max(1, min(spans.get(key, 1), len(columns) - index))
        cells.append((key, index, span))
        index += span
    return cells


def draw_grid(
    canvas: Canvas,
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    *,
    x: float,
    top: float,
    width: float,
    row_height: float,
    head_height: float,
    headings: Sequence[grid_columns.Heading] = (),
) -> None:
    edition = current()
    size = edition.floor(min(10.5, row_height * 0.55))
    if not headings:
        headings = grid_headings(columns, rows, width).headings
    lefts = _lefts(columns, x, width)
    # Heading row: each heading whole, on as many lines as its cell needs.
    canvas.setFillColor(SHADE)
    canvas.rect(x, top - head_height, width, head_height, stroke=0, fill=1)
    canvas.setStrokeColor(INK)
    # Rules are gathered and drawn together at the end, two weights.
    light: list[tuple[float, float, float, float]] = []
    heavy: list[tuple[float, float, float, float]] = []
    texts = _TextRun(canvas)
    for index, heading in enumerate(headings):
        left, right = lefts[index], lefts[index + 1]
        head_size = heading.size
        lines = [line for part, _font in heading.lines for line in part]
        if heading.sideways:
            draw_sideways(
                canvas,
                [(line, BOLD, INK) for line in lines],
                middle=(left + right) / 2,
                bottom=top - head_height,
                height=head_height,
                size=head_size,
            )
            lines = []
        leading = head_size * HEADING_LEADING
        baseline = top - (head_height - leading * len(lines)) / 2 - head_size * 0.9
        for line in lines:
            texts.draw(
                line,
                (left + right) / 2,
                baseline,
                font=BOLD,
                size=head_size,
                width=right - left - 2,
                align="center",
                smallest=head_size,
            )
            baseline -= leading
        if index:
            light.append((left, top, left, top - head_height))
    y = top - head_height
    for row in rows:
        bottom = y - row_height
        summary = row.kind in SUMMARY_KINDS
        if summary:
            canvas.setFillColor(SHADE)
            canvas.rect(x, bottom, width, row_height, stroke=0, fill=1)
        (heavy if row.rule_above or summary else light).append((x, y, x + width, y))
        baseline = bottom + row_height * 0.3
        for key, first, span in _cells(columns, row):
            left, right = lefts[first], lefts[first + span]
            if first:
                light.append((left, y, left, bottom))
            text = row.texts.get(key, "")
            if not text:
                continue
            label = summary and first == 0
            color = RED if key == "trumps" and row.trumps and row.trumps.is_red else INK
            texts.draw(
                text,
                left + 2 if label else (left + right) / 2,
                baseline,
                font=_value_font(summary, key),
                size=size,
                width=right - left - 3,
                align="left" if label else "center",
                color=color,
            )
        y = bottom
    canvas.setLineWidth(edition.light_rule)
    canvas.lines(light)
    canvas.setLineWidth(edition.heavy_rule)
    if heavy:
        canvas.lines(heavy)
    canvas.rect(x, y, width, top - y, stroke=1, fill=0)
    texts.finish()  # over the rules, as each string was before


@dataclass(frozen=True)
class GridPiece:
    """The rows of a long grid that one slot holds, and which part of how many."""

    run: Sequence[GridRow]
    row_height: float
    part: int
    parts: int
    head_height: float = MAX_ROW
    # The columns as drawn (`widened` in large print, and each heading's
    # word whole: printing.grid_columns) and their headings as set.
    columns: Sequence[tuple[str, str, float]] = ()
    headings: Sequence[grid_columns.Heading] = ()


def pieces_of_grid(
    slot_sample: Slot,
    header_height: float,
    footer_height: float,
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
) -> list[GridPiece]:
    """Cut `rows` into the runs each slot holds, all at one row height, under
    a heading row tall enough for the headings' lines."""
    available = slot_sample.height - 2 * PADDING - header_height - footer_height
    width = slot_sample.width - 2 * PADDING
    columns = widened(columns, rows, width)
    # The values' size, where the heading takes two lines: many rows to a
    # slot are drawn small, and ask their columns for less.
    _fits, guess = _rows_per_slot(
        available - heading_height(2, HEADING_SIZE), len(rows)
    )
    plan = grid_headings(columns, rows, width, min(10.5, guess * 0.55))
    columns = tuple(
        (key, title, room / width)
        for (key, title, _share), room in zip(columns, plan.widths, strict=True)
    )
    needed = max(plan.height, current().min_row)
    per_slot, row_height = _rows_per_slot(available - needed, len(rows))
    # The heading row is never lower than the rows under it.
    head = max(needed, row_height)
    if head > needed:
        per_slot, row_height = _rows_per_slot(available - head, len(rows))
    runs = [rows[i : i + per_slot] for i in range(0, len(rows), per_slot)] or [[]]
    return [
        GridPiece(run, row_height, part, len(runs), head, columns, plan.headings)
        for part, run in enumerate(runs, start=1)
    ]


# --- score cards -------------------------------------------------------------------
