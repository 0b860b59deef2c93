"""A ruled grid of rows, drawn with reportlab: score cards
(printing.card_pdf), travel slips (printing.slip_pdf) and prediction whist
sheets' headings turned sideways (printing.prediction_pdf, results_pdf).

A grid with more rows than its slot holds is cut into pieces, one a slot,
all at one row height (pieces_of_grid); a card alone on its page never sets
its rows so low that their numbers would print under 8 pt
(printing.readable): it carries on in the next slot instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from drive.trumps import Trump
from players.typed_text import printable_text
from printing import grid_columns, pdf
from printing.editions import current
from printing.fitting import (
    GLUED,
    HEADING_LEADING,
    SMALLEST_HEADING,
    column_widths,
    heading_height,
    heading_pieces,
    spread,
    text_width,
)
from printing.fonts import BOLD, REGULAR
from printing.pdf import (
    INK,
    MAX_ROW,
    PADDING,
    RED,
    SHADE,
    Slot,
)
from printing.readable import READABLE, ROOMY
from scoring.card_rows import SUMMARY_KINDS, RowKind


@dataclass(frozen=True)
class GridRow:
    texts: dict[str, str]
    kind: str = RowKind.HAND
    trumps: Trump | None = None
    rule_above: bool = False  # a heavier line: a new round starts here
    spans: tuple[tuple[str, int], ...] = ()  # (key, columns) of cells wider than one


# (key, text): the widest text a person writes by hand in a column's blank
# cells (a travel slip's seats: the drive's highest entry number), which the
# column keeps room for as it does for its printed values.
Written = Sequence[tuple[str, str]]


# A summary row's label (half-time, total...) spans the columns before the
# total, or the first five where a grid has no total.
SUMMARY_LABEL_COLUMNS = 5


# A grid's column headings start at 9 pt (printing.readable.ROOMY) where that
# leaves the rows their height and the grid its pieces, else at this size
# (points), and wrap rather than shrink below printing.fitting.SMALLEST_HEADING.
HEADING_SIZE = 8.5


# A row's values are set at this share of its height (at most VALUE_MOST pt).
ROW_TYPE = 0.55
VALUE_MOST = 10.5
# A card alone on its page never has rows so low that its values would print
# under 8 pt: it carries on onto another page (a drive of 48 hands or more).
READABLE_ROW = READABLE / ROW_TYPE


def _value_size(row_height: float) -> float:
    """The size a grid's values are set at in rows of `row_height`."""
    return min(VALUE_MOST, row_height * ROW_TYPE)


def _lowest_row(slot: Slot) -> float:
    """The lowest a grid's row may be in `slot`: the edition's lowest; a card
    alone on its page, no lower than READABLE_ROW (where cards share a page,
    printing.documents prints fewer a page rather than type under 8 pt)."""
    edition = current()
    if slot.whole_page and not edition.is_large:
        return max(edition.min_row, READABLE_ROW)
    return edition.min_row


def _rows_per_slot(height: float, rows: int, lowest: float) -> tuple[int, float]:
    """(rows that fit, row height) for the grid part of a slot, rows no lower
    than `lowest`."""
    edition = current()
    fits = max(1, int(height // lowest))
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
    written: Written = (),
) -> grid_columns.ColumnPlan:
    """The columns' widths and headings in `width`, every heading whole
    (printing.grid_columns): each column keeps room for its values, as
    they are drawn at `value_size` (VALUE_SIZE if not given), and for what
    is `written` in by hand."""
    asked, options = _grid_asks(columns, rows, width, value_size, written)
    return grid_columns.fit_headings(*asked, **options)


def trial_headings(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    written: Written = (),
) -> grid_columns.ColumnPlan:
    """`grid_headings` for a grid that may not be drawn in `width` (a trial
    of the page's way round, or of how many to a page)."""
    asked, options = _grid_asks(columns, rows, width, written=written)
    return grid_columns.trial(*asked, **options)


def _grid_asks(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    value_size: float = 0.0,
    written: Written = (),
) -> tuple[tuple[list, list[float], list[float]], dict]:
    """What a grid asks printing.grid_columns: its titles, its columns'
    usual widths, what their values need; the sizes."""
    edition = current()
    large = edition.is_large
    size = edition.smallest if large else min(value_size or VALUE_SIZE, VALUE_SIZE)
    _wants, needs = _wants_and_needs(columns, rows, size, tight=True, written=written)
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
        text, _x, font, size, color = pdf.placed(
            text, 0, font=font, size=size, width=height - 2, smallest=size
        )
        length = text_width(text, font, size)
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
# A value stands at least this share of its size clear of each of its cell's
# lines (beyond the line's own width), however narrow the page and long the
# headings: a number read across the hall, or written in by hand, does not
# touch its lines (the large-print Romanian slip's N / E / S / V columns
# were squeezed to their digits by its long headings).
VALUE_CLEARANCE = 0.3


def value_room(size: float, room: float = 0.0) -> float:
    """The room (both sides together) a cell keeps beside a value set at
    `size`: at least `room`, and at least VALUE_CLEARANCE of the size each
    side clear of the grid's lines (its cells' light rules; the heavy frame
    stands beside a grid's first and last columns, whose headings widen
    them)."""
    return max(room, 2 * VALUE_CLEARANCE * size + current().light_rule)


def _wants_and_needs(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    size: float,
    *,
    tight: bool = False,
    written: Written = (),
) -> tuple[list[float], list[float]]:
    """What each column wants at `size`, its heading's longest word, and what
    it needs, its widest value (a cell over several columns, a summary's
    label, asks each for its part; the widest a person `written` in its
    blank cells by hand); each with a cell's room beside it, a value never
    less than its clearance (`value_room`). `tight`: each value in the font
    it is drawn in (rather than bold) with the least room (TIGHT_CELL_ROOM),
    for a page too narrow for the usual."""
    room = TIGHT_CELL_ROOM if tight else LARGE_CELL_ROOM
    wants = [
        max(
            text_width(piece.removeprefix(GLUED), BOLD, size)
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
                need = text_width(printable_text(text), font, at) + value_room(at, room)
                if span == 1:
                    needs[first] = max(needs[first], need)
                else:
                    spanned.append((first, span, need))
    place = {key: index for index, (key, _title, _share) in enumerate(columns)}
    for key, text in written:
        if key in place:
            font = _value_font(False, key) if tight else BOLD
            need = text_width(text, font, size) + value_room(size, room)
            needs[place[key]] = max(needs[place[key]], need)
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
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    written: Written = (),
) -> bool:
    """Whether, in large print, every column gets its widest value (and what
    is `written` in by hand) and its heading's longest word within `width`,
    each with a cell's usual room: no heading breaks inside a word."""
    wants, needs = _wants_and_needs(columns, rows, current().smallest, written=written)
    return sum(max(w, n) for w, n in zip(wants, needs, strict=True)) <= width


def widened(
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    width: float,
    written: Written = (),
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
    wants, needs = _wants_and_needs(columns, rows, edition.smallest, written=written)
    shares = tuple(share for _key, _title, share in columns)
    if sum(map(max, wants, needs)) <= width:
        widths = spread(needs, shares, width, wants)
    else:
        # Too narrow for the usual room: each value measured as drawn, and
        # the headings given what printing.fitting.column_widths can give.
        tight_wants, tight_needs = _wants_and_needs(
            columns, rows, edition.smallest, tight=True, written=written
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
    size = edition.floor(_value_size(row_height))
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
    texts = pdf.TextRun(canvas)
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
    written: Written = (),
) -> list[GridPiece]:
    """Cut `rows` into the runs each slot holds, all at one row height, under
    a heading row tall enough for the headings' lines (each column with room
    for what is `written` in its blank cells by hand). The headings at 9 pt
    (ROOMY) where that leaves the rows as high and the grid in as many
    pieces as at HEADING_SIZE; else as they were (8.5 pt, and smaller, never
    under 8 pt, where a heading's column is narrow)."""
    usual = _grid_pieces(
        slot_sample, header_height, footer_height, columns, rows, HEADING_SIZE, written
    )
    if current().is_large:
        return usual
    roomy = _grid_pieces(
        slot_sample, header_height, footer_height, columns, rows, ROOMY, written
    )
    if (
        len(roomy) == len(usual)
        and roomy[0].row_height >= usual[0].row_height - grid_columns.SLACK
    ):
        return roomy
    return usual


def _grid_pieces(
    slot_sample: Slot,
    header_height: float,
    footer_height: float,
    columns: Sequence[tuple[str, str, float]],
    rows: Sequence[GridRow],
    heading_size: float,
    written: Written = (),
) -> list[GridPiece]:
    """`pieces_of_grid` with the headings from `heading_size` down; then
    each heading set smaller than 9 pt (ROOMY) set larger, on more lines,
    where the heading row, or the room the rows leave under it (rows as
    high as they may be, MAX_ROW), holds it (printing.grid_columns.grown)."""
    available = slot_sample.height - 2 * PADDING - header_height - footer_height
    width = slot_sample.width - 2 * PADDING
    columns = widened(columns, rows, width, written)
    # The values' size, where the heading takes two lines: many rows to a
    # slot are drawn small, and ask their columns for less.
    lowest = _lowest_row(slot_sample)
    _fits, guess = _rows_per_slot(
        available - heading_height(2, HEADING_SIZE), len(rows), lowest
    )
    asked, options = _grid_asks(columns, rows, width, _value_size(guess), written)
    if not current().is_large:
        options["size"] = heading_size
    plan = grid_columns.fit_headings(*asked, **options)
    columns = tuple(
        (key, title, room / width)
        for (key, title, _share), room in zip(columns, plan.widths, strict=True)
    )
    needed = max(plan.height, current().min_row)
    per_slot, row_height = _rows_per_slot(available - needed, len(rows), lowest)
    # The heading row is never lower than the rows under it.
    head = max(needed, row_height)
    if head > needed:
        per_slot, row_height = _rows_per_slot(available - head, len(rows), lowest)
    runs = [rows[i : i + per_slot] for i in range(0, len(rows), per_slot)] or [[]]
    if not current().is_large:
        # Where the heading row (or the room the rows leave under it) has
        # room, a heading set smaller than 9 pt is set larger on as many
        # lines: the columns keep their widths, the rows their height.
        spare = available - max(len(run) for run in runs) * row_height
        plan = grid_columns.grown(
            asked[0],
            plan,
            size=ROOMY,
            height=max(head, spare),
            most=int(options["most"]),
            pad=float(options["pad"]),
            together=_twins(columns),
        )
        head = max(plan.height, current().min_row, row_height)
    return [
        GridPiece(run, row_height, part, len(runs), head, columns, plan.headings)
        for part, run in enumerate(runs, start=1)
    ]


def _twins(columns: Sequence[tuple[str, str, float]]) -> list[tuple[int, int]]:
    """Each N-S column with its E-W twin ("ns_tricks" and "ew_tricks"), by
    place: the pairs whose headings are set alike."""
    place = {key: i for i, (key, _title, _share) in enumerate(columns)}
    return [
        (i, place["ew_" + key[3:]])
        for key, i in place.items()
        if key.startswith("ns_") and "ew_" + key[3:] in place
    ]


# --- score cards -------------------------------------------------------------------
