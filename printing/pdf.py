"""Drawing the sheets with reportlab: the page layout, and the ruled grids of
score cards and travel slips (table cards and the results sheet: printing.posters).

Cards (score cards, travel slips, table cards) go 1, 2 or 4 to a page: the
page is cut into *slots* (whole page; top and bottom halves; quarters) with
cut marks between them. A card with more rows than its slot holds carries on
in the next slot, marked "continued". The results sheet flows over as many
pages as it needs, its heading row repeated on each.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from drive.trumps import Trump
from players.typed_text import printable_text
from printing.content import SlipRoundRow, SlipRow, TravelSlip
from printing.fitting import (
    HEADING_LEADING,
    SMALLEST_HEADING,
    fit,
    heading_height,
    heading_lines,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts
from scoring.cards import SUMMARY_KINDS, CardRow, RowKind, ScoreCard

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
    """Ticks at the paper's edges where to cut, and a faint dashed guide line."""
    if per_page == 1:
        return
    width, height = paper
    tick = 7 * mm
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
    canvas.setStrokeColor(LIGHT)
    canvas.setLineWidth(0.3)
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


def _placed(
    text: str,
    x: float,
    *,
    font: str = REGULAR,
    size: float = 10,
    width: float | None = None,
    align: str = "left",
    color: colors.Color = INK,
) -> tuple[str, float, str, float, colors.Color]:
    """(text, left edge, font, size, colour): fitted to `width` if given, aligned on `x`."""
    text = printable_text(text)
    if width is not None:
        text, size = _fit(text, font, size, width)
    if align == "center":
        x -= _width(text, font, size) / 2
    elif align == "right":
        x -= _width(text, font, size)
    return text, x, font, size, color


def draw_text(
    canvas: Canvas, text: str, x: float, y: float, **style: Unpack[TextStyle]
) -> None:
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


def paged(
    paper: tuple[float, float],
    per_page: int,
    pieces: Iterator[Callable[[Canvas, Slot], None]],
) -> Printed:
    """Draw each piece into the next slot, page after page."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=paper, pageCompression=1)
    layout = slots(paper, per_page)
    pages = 0
    index = 0
    for piece in pieces:
        if index == 0:
            pages += 1
            canvas.setFont(REGULAR, 10)
        piece(canvas, layout[index])
        index += 1
        if index == len(layout):
            _cut_marks(canvas, paper, per_page)
            canvas.showPage()
            index = 0
    if index:
        _cut_marks(canvas, paper, per_page)
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


# A summary row's label (half-time, total...) spans the first five columns.
SUMMARY_LABEL_COLUMNS = 5


# A grid's column headings start at this size (points) and wrap rather than
# shrink below printing.fitting.SMALLEST_HEADING.
HEADING_SIZE = 8.5


def _rows_per_slot(height: float, rows: int) -> tuple[int, float]:
    """(rows that fit, row height) for the grid part of a slot."""
    fits = max(1, int(height // MIN_ROW))
    count = min(rows, fits) or 1
    return fits, min(MAX_ROW, height / max(count, 1))


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


def _headings(
    columns: Sequence[tuple[str, str, float]], width: float
) -> list[tuple[tuple[str, ...], float]]:
    """Each column's heading as (lines, size) in its cell."""
    lefts = _lefts(columns, 0, width)
    return [
        heading_lines(str(title), BOLD, HEADING_SIZE, lefts[i + 1] - lefts[i] - 2)
        for i, (_key, title, _share) in enumerate(columns)
    ]


def _heading_row(columns: Sequence[tuple[str, str, float]], width: float) -> float:
    """The height the heading row needs: its tallest heading's lines."""
    return max(
        (heading_height(len(lines), size) for lines, size in _headings(columns, width)),
        default=MIN_ROW,
    )


def _cells(
    columns: Sequence[tuple[str, str, float]], row: GridRow
) -> list[tuple[str, int, int]]:
    """(key, first column, columns spanned) of each cell of a row."""
    spans = dict(row.spans)
    if row.kind in SUMMARY_KINDS:
        spans = {columns[0][0]: SUMMARY_LABEL_COLUMNS}
    cells = []
    index = 0
    while index < len(columns):
        key = columns[index][0]
        span = max(1, min(spans.get(key, 1), len(columns) - index))
        cells.append((key, index, span))
        index += span
    return cells


def _grid(
    canvas: Canvas,
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    *,
    x: float,
    top: float,
    width: float,
    row_height: float,
    head_height: float,
) -> None:
    size = min(10.5, row_height * 0.55)
    lefts = _lefts(columns, x, width)
    # Heading row: each heading whole, on as many lines as its cell needs.
    canvas.setFillColor(SHADE)
    canvas.rect(x, top - head_height, width, head_height, stroke=0, fill=1)
    canvas.setStrokeColor(INK)
    # Rules are gathered and drawn together at the end, two weights.
    light: list[tuple[float, float, float, float]] = []
    heavy: list[tuple[float, float, float, float]] = []
    texts = _TextRun(canvas)
    for index, (lines, head_size) in enumerate(_headings(columns, width)):
        left, right = lefts[index], lefts[index + 1]
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
                font=BOLD if summary or key in ("hand", "round", "total") else REGULAR,
                size=size,
                width=right - left - 3,
                align="left" if label else "center",
                color=color,
            )
        y = bottom
    canvas.setLineWidth(0.4)
    canvas.lines(light)
    canvas.setLineWidth(1.2)
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


def _pieces_of_grid(
    slot_sample: Slot,
    header_height: float,
    footer_height: float,
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
) -> list[GridPiece]:
    """Cut `rows` into the runs each slot holds, all at one row height, under
    a heading row tall enough for the headings' lines."""
    available = slot_sample.height - 2 * PADDING - header_height - footer_height
    needed = _heading_row(columns, slot_sample.width - 2 * PADDING)
    per_slot, row_height = _rows_per_slot(available - needed, len(rows))
    # The heading row is never lower than the rows under it.
    head = max(needed, row_height)
    if head > needed:
        per_slot, row_height = _rows_per_slot(available - head, len(rows))
    runs = [rows[i : i + per_slot] for i in range(0, len(rows), per_slot)] or [[]]
    return [
        GridPiece(run, row_height, part, len(runs), head)
        for part, run in enumerate(runs, start=1)
    ]


# --- score cards -------------------------------------------------------------------


def _card_grid_rows(card: ScoreCard) -> list[GridRow]:
    rows = []
    previous_round = None
    for row in card.rows:
        new_round = (
            card.hands_per_round > 1
            and row.kind == RowKind.HAND
            and previous_round is not None
            and row.round != previous_round
        )
        rows.append(_card_grid_row(row, new_round))
        if row.kind == RowKind.HAND:
            previous_round = row.round
    return rows


def _card_grid_row(row: CardRow, new_round: bool) -> GridRow:
    return GridRow(row.texts(), row.kind, row.trumps, new_round, row.spans)


def _header_height(slot: Slot) -> float:
    return 24 * mm if slot.width > 130 * mm else 21 * mm


def _card_header(
    canvas: Canvas, card: ScoreCard, slot: Slot, part: int, parts: int
) -> None:
    x = slot.x + PADDING
    width = slot.width - 2 * PADDING
    top = slot.y + slot.height - PADDING
    big = slot.width > 130 * mm
    small = 8.5 if big else 7.5
    draw_text(canvas, card.club, x, top - 8, font=BOLD, size=small, width=width * 0.6)
    draw_text(
        canvas,
        card.date,
        x + width,
        top - 8,
        size=small,
        width=width * 0.4,
        align="right",
    )
    title = card.drive
    if part > 1:
        # Translators: a score card's title when it runs over more than one sheet.
        title = _("%(drive)s  (continued, part %(part)d of %(parts)d)") % {
            "drive": card.drive,
            "part": part,
            "parts": parts,
        }
    draw_text(
        canvas, title, x, top - 21, font=BOLD, size=12 if big else 10, width=width
    )
    # The entry line: No. box, name, group; blank lines to write on for a walk-in.
    line_y = top - (24 * mm if big else 21 * mm) + 5
    box = 14 * mm if big else 12 * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1)
    canvas.rect(x, line_y - 2, box, 9 * mm if big else 8 * mm, stroke=1, fill=0)
    draw_text(
        canvas,
        # Translators: the box for the entry's number on a score card ("number").
        _("No."),
        x + 1.5,
        line_y + (9 if big else 8) * mm - 8.5,
        size=LABEL,
        width=box - 3,
    )
    if card.number is not None:
        draw_text(
            canvas,
            str(card.number),
            x + box / 2,
            line_y + 1,
            font=BOLD,
            size=16 if big else 13,
            width=box - 3,
            align="center",
        )
    name_x = x + box + 3 * mm
    # No Group box on a card with nothing to write in it (no groups).
    group_w = width * 0.28 if card.shows_group else 0
    name_w = width - box - 3 * mm - (group_w + 3 * mm if card.shows_group else 0)
    draw_text(
        canvas,
        _("Name"),
        name_x,
        line_y + 17 if big else line_y + 15,
        size=LABEL,
        color=GREY,
    )
    draw_text(
        canvas,
        card.name,
        name_x,
        line_y + 1,
        font=BOLD,
        size=13 if big else 11,
        width=name_w,
    )
    canvas.setLineWidth(0.4)
    canvas.line(name_x, line_y - 2, name_x + name_w, line_y - 2)
    if not card.shows_group:
        return
    group_x = x + width - group_w
    draw_text(
        canvas,
        card.group_heading or _("Group"),
        group_x,
        line_y + 17 if big else line_y + 15,
        size=LABEL,
        color=GREY,
    )
    draw_text(
        canvas, card.group, group_x, line_y + 1, size=11 if big else 9, width=group_w
    )
    canvas.line(group_x, line_y - 2, x + width, line_y - 2)


def card_pieces(
    cards: Sequence[ScoreCard], sample: Slot
) -> Iterator[Callable[[Canvas, Slot], None]]:
    header = _header_height(sample) + 2 * mm
    for card in cards:
        for piece in _pieces_of_grid(
            sample, header, 0, card.columns, _card_grid_rows(card)
        ):
            yield _card_piece(card, piece, header)


def _card_piece(
    card: ScoreCard, piece: GridPiece, header: float
) -> Callable[[Canvas, Slot], None]:
    def draw(canvas: Canvas, slot: Slot) -> None:
        _card_header(canvas, card, slot, piece.part, piece.parts)
        _grid(
            canvas,
            card.columns,
            piece.run,
            x=slot.x + PADDING,
            top=slot.y + slot.height - PADDING - header,
            width=slot.width - 2 * PADDING,
            row_height=piece.row_height,
            head_height=piece.head_height,
        )

    return draw


def draw_score_cards(
    cards: Sequence[ScoreCard], *, paper: str, per_page: int
) -> Printed:
    size = PAPERS[paper]
    return paged(size, per_page, card_pieces(cards, slots(size, per_page)[0]))


# --- travel slips ------------------------------------------------------------------

# The height of each line of the notes at a slip's foot (mm).
NOTE_LINE = 3
# The foot of a travel slip: room for its first note line.
SLIP_FOOT = 6 * mm


def _slip_grid_rows(slip: TravelSlip) -> list[GridRow]:
    rows = []
    for row in slip.rows:
        rows.append(
            GridRow(
                row.texts(),
                row.kind,
                row.trumps,
                slip.hands_per_round > 1
                and row.hand is not None
                and row.hand > 1
                and _first_of_round(row, slip),
            )
        )
    return rows


def _first_of_round(row: SlipRow | SlipRoundRow, slip: TravelSlip) -> bool:
    return row.hand is not None and (row.hand - 1) % slip.hands_per_round == 0


def _slip_pieces(
    slips: Sequence[TravelSlip], sample: Slot
) -> Iterator[Callable[[Canvas, Slot], None]]:
    header = 20 * mm
    for slip in slips:
        footer = SLIP_FOOT + NOTE_LINE * (len(slip.notes) - 1) * mm
        for piece in _pieces_of_grid(
            sample, header, footer, slip.columns, _slip_grid_rows(slip)
        ):
            yield _slip_piece(slip, piece, header)


def _slip_piece(
    slip: TravelSlip, piece: GridPiece, header: float
) -> Callable[[Canvas, Slot], None]:
    def draw(canvas: Canvas, slot: Slot) -> None:
        x = slot.x + PADDING
        width = slot.width - 2 * PADDING
        top = slot.y + slot.height - PADDING
        draw_text(canvas, _("Travel slip"), x, top - 9, font=BOLD, size=10)
        draw_text(
            canvas,
            _("Table %(table)s") % {"table": slip.table},
            x + width,
            top - 26,
            font=BOLD,
            size=26,
            align="right",
        )
        draw_text(canvas, slip.club, x, top - 20, size=8, width=width * 0.6)
        title = slip.drive
        if piece.part > 1:
            # Translators: a travel slip's title when it runs over more than one sheet.
            title = _("%(drive)s (continued, part %(part)d of %(parts)d)") % {
                "drive": slip.drive,
                "part": piece.part,
                "parts": piece.parts,
            }
        draw_text(canvas, title, x, top - 31, font=BOLD, size=9, width=width * 0.6)
        draw_text(canvas, slip.date, x, top - 42, size=8, width=width * 0.6)
        grid_top = top - header
        _grid(
            canvas,
            slip.columns,
            piece.run,
            x=x,
            top=grid_top,
            width=width,
            row_height=piece.row_height,
            head_height=piece.head_height,
        )
        bottom = grid_top - piece.head_height - piece.row_height * len(piece.run)
        for line, note in enumerate(slip.notes):
            draw_text(
                canvas,
                str(note),
                x,
                bottom - 10 - line * NOTE_LINE * mm,
                size=7,
                width=width,
                color=GREY,
            )

    return draw


def draw_travel_slips(
    slips: Sequence[TravelSlip], *, paper: str, per_page: int
) -> Printed:
    size = PAPERS[paper]
    return paged(size, per_page, _slip_pieces(slips, slots(size, per_page)[0]))
