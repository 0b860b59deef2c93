"""Drawing the travel slips: one table's slip, a row per hand played there,
on the ruled grid of printing.pdf (in either edition: printing.editions).
Large-print slips whose headings would not all stand upright across the page
go on the page turned sideways, as large-print score cards do; so do those
whose headings would be set smaller than the edition's type beside values
each clear of its cell's lines (printing.grid_pdf.value_room), where turned
they take no more pages. Each column keeps room for what the table writes
in by hand (printing.slips.written_in: the seats of the rounds to come, the
tricks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import SheetHead, sentence_lines, sheet_head
from printing.fonts import REGULAR
from printing.grid_columns import SLACK
from printing.grid_pdf import (
    GridPiece,
    GridRow,
    draw_grid,
    pieces_of_grid,
    trial_headings,
    widened,
)
from printing.pdf import (
    GREY,
    PADDING,
    PAPERS,
    Piece,
    Printed,
    Run,
    Slot,
    continued_title,
    draw_sheet_head,
    draw_text,
    paged_runs,
    slots,
)
from printing.slips import SlipRoundRow, SlipRow, TravelSlip

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


def _slip_pieces(slips: Sequence[TravelSlip]) -> Callable[[Slot], Iterator[Piece]]:
    def pieces(sample: Slot) -> Iterator[Piece]:
        width = sample.width - 2 * PADDING
        for slip in slips:
            size = _note_size(sample.height)
            notes = _note_lines(slip.notes, width, size)
            footer = _slip_foot(len(notes), size)
            rows = _slip_grid_rows(slip)
            head = _slip_head(slip, width, 1, 1)
            found = pieces_of_grid(
                sample, head.height, footer, slip.columns, rows, slip.written
            )
            if len(found) > 1:
                # Every part under the head of a part: "(continued, part 2 of 3)"
                # may take a line more.
                longer = _slip_head(slip, width, len(found), len(found))
                if longer.height > head.height:
                    head = longer
                    found = pieces_of_grid(
                        sample, head.height, footer, slip.columns, rows, slip.written
                    )
            for piece in found:
                yield _slip_piece(slip, piece, head.height)

    return pieces


def _slip_head(slip: TravelSlip, width: float, part: int, parts: int) -> SheetHead:
    """The slip's head: the club's and drive's names on as many lines as
    they take in the room beside the table's number (a long club's name was
    cut in large print, and a continued slip's drive): the head grows a
    line for each."""
    return sheet_head(
        kind=_("Travel slip"),
        table=_("Table %(table)s") % {"table": slip.table},
        club=slip.club,
        title=continued_title(slip.drive, part, parts),
        date=slip.date,
        width=width,
        table_size=26,
        height=20 * mm * current().scale,
    )


def _note_line(size: float) -> float:
    """The height of each line of a slip's notes."""
    return max(NOTE_LINE * mm, size * 1.2)


# A slip's notes are set at this size (points) in the usual edition; at
# ROOMY_NOTE_SIZE on a slip a page to itself (the usual, printing.documents),
# where the room under 24 hands is a third of the page: the rules the table
# plays by, read at arm's length.
NOTE_SIZE = 8.0
ROOMY_NOTE_SIZE = 9.0
ROOMY_SLOT = 200 * mm


def _note_size(slot_height: float) -> float:
    if current().smallest:
        return current().smallest
    return ROOMY_NOTE_SIZE if slot_height >= ROOMY_SLOT else NOTE_SIZE


def _note_lines(notes: Sequence[object], width: float, size: float) -> list[str]:
    """A slip's notes, each on as many lines as it takes (up to six) at
    `size` (7 or 9 pt, or 16 pt in large print), rather than shrunk or cut:
    a long note (rubber whist's revoke rule in Russian) was shrunk to a 4 pt
    line no one could read. Each number is held to its word: a Russian slip
    two to a page put "0:0." alone at the start of a line."""
    return [
        line
        for note in notes
        for line in sentence_lines(str(note), REGULAR, size, width, 6)
    ]


def _slip_foot(notes: int, size: float) -> float:
    return max(SLIP_FOOT, current().smallest * 1.6) + _note_line(size) * (notes - 1)


def _slip_piece(slip: TravelSlip, piece: GridPiece, header: float) -> Piece:
    def draw(canvas: Canvas, slot: Slot) -> None:
        x = slot.x + PADDING
        width = slot.width - 2 * PADDING
        top = slot.y + slot.height - PADDING
        draw_sheet_head(
            canvas, _slip_head(slip, width, piece.part, piece.parts), x, top, width
        )
        grid_top = top - header
        draw_grid(
            canvas,
            piece.columns,
            piece.run,
            x=x,
            top=grid_top,
            width=width,
            row_height=piece.row_height,
            head_height=piece.head_height,
            headings=piece.headings,
        )
        bottom = grid_top - piece.head_height - piece.row_height * len(piece.run)
        first = max(10, current().smallest * 1.2)
        size = _note_size(slot.height)
        for line, note in enumerate(_note_lines(slip.notes, width, size)):
            draw_text(
                canvas,
                note,
                x,
                bottom - first - line * _note_line(size),
                size=size,
                width=width,
                color=GREY,
            )

    return draw


def draw_travel_slips(
    slips: Sequence[TravelSlip],
    *,
    paper: str,
    per_page: int,
    edition: Edition = STANDARD,
) -> Printed:
    size = PAPERS[paper]
    return paged_runs(
        size,
        [
            Run(
                _slip_pieces(slips),
                readable_per_page(slips, size, per_page),
                edition,
                turned(slips, size, edition),
            )
        ],
    )


def turned(
    slips: Sequence[TravelSlip], paper: tuple[float, float], edition: Edition
) -> bool:
    """Whether large-print slips go on the paper turned sideways: when some
    slip's column headings would not all stand upright across the page
    (printing.grid_columns turns a heading sideways only where it must); or
    when some heading would be set smaller than the edition's type, beside
    columns that keep their values clear of their lines (the Romanian
    slip's "Levate" and "Inițiale" at 14 pt, against their lines), and the
    slip takes no more pages turned (a 24-hand Russian slip stays one sheet
    on its table, its headings at 14 pt)."""
    if not edition.is_large:
        return False
    width = paper[0] - 2 * PADDING
    with in_use(edition):
        for slip in slips:
            rows = _slip_grid_rows(slip)
            upright = widened(slip.columns, rows, width, slip.written)
            plan = trial_headings(upright, rows, width, slip.written)
            if plan.sideways:
                return True
            smaller = any(
                heading.size < edition.smallest - SLACK
                for heading in plan.headings
                if heading.count
            )
            if smaller and _parts(slip, landscape(paper)) <= _parts(slip, paper):
                return True
    return False


def _parts(slip: TravelSlip, paper: tuple[float, float]) -> int:
    """The pages a large-print slip takes alone on `paper`."""
    return sum(1 for _piece in _slip_pieces([slip])(slots(paper, 1)[0]))


def readable_per_page(
    slips: Sequence[TravelSlip], paper: tuple[float, float], per_page: int
) -> int:
    """The slips a page: as asked, but 2 where a quarter of the page is too
    narrow for a slip's columns even with its headings turned sideways (a
    rubber drive's slip with honours and revokes has fourteen)."""
    if per_page <= 2:
        return per_page
    width = slots(paper, per_page)[0].width - 2 * PADDING
    return (
        2
        if any(
            trial_headings(slip.columns, rows, width, slip.written).crowded
            for slip in slips
            for rows in [_slip_grid_rows(slip)]
        )
        else per_page
    )
