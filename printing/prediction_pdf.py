"""Drawing a prediction whist drive's score sheets (the Wist grid) and travel
slips: one table's game to a slot, the players down the side, a column per
deal. On a score sheet each deal's box is split across, the prediction above
and the points below; on a slip each deal has a prediction column (P) and a
tricks column (T), and a last row adds up each deal's tricks.

The players' own cards are ordinary score cards (printing.card_pdf.draw_score_cards)
and the table cards ordinary table cards (printing.posters).

In large print (printing.editions) a sheet has a page of its own, turned
sideways, so the deals' columns have room for 16 pt words. Where a player's
name does not fit the name column whole beside eight deals (at 16 pt in
large print, a long Russian, Polish or three-part name; at 8 pt in the
usual edition, a name as long as the roster allows, even with a page to
itself), every name of the sheet goes over its player's row across the
whole table, on as many lines as it takes, never cut; the notes then go on
a page of their own where they would leave the rows too low to write in,
and the rows on over another page ("continued, part 2 of 2") where even
that is not enough. In the usual edition a sheet whose names would be
whole in their column in taller rows, or whose bands would go on over
another slot, asks for fewer sheets a page instead (`_cramped`:
printing.documents prints it so). The table itself is drawn by
printing.prediction_table, its columns worked out by
printing.prediction_layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing import grid_columns, prediction_table
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    HEADING_LEADING,
    SheetHead,
    name_fits,
    name_lines,
    names_size,
    sentence_lines,
    sheet_head,
    whole_lines,
)
from printing.fonts import BOLD, REGULAR
from printing.pdf import (
    GREY,
    PADDING,
    PAPERS,
    Printed,
    Slot,
    continued_title,
    draw_sheet_head,
    draw_text,
    paged,
    slots,
)
from printing.prediction import GameSheet
from printing.prediction_layout import (
    asked_columns,
    column_plan,
    deal_turned,
    edges_of,
    headings_height,
    roomier,
)
from printing.readable import READABLE

HEADER = 21 * mm
# The notes under a sheet (how to fill it in, how it scores) are set at this
# size (points) in the usual edition, a line each 1.25 times it: read at
# arm's length in a hall, as a slip's notes are on a page of its own
# (printing.slip_pdf). They were 6.5 pt, the smallest on the sheet.
NOTE_SIZE = 9.0
NOTE_LEADING = 1.25
# Each note takes as many lines as it needs, up to this many (a long Polish
# or Russian note takes three or four at 9 pt on half a page).
NOTE_LINES = 8
MAX_PLAYER_ROW = 15 * mm
# A name in its column takes at most this many lines (then it goes in a
# band over its row).
NAME_LINES = 4
MAX_SLIP_ROW = 9 * mm


def _sheet_head(
    sheet: GameSheet, width: float, part: int = 1, parts: int = 1
) -> SheetHead:
    """A sheet's heading above its table: the table's number at the right,
    and beside it the club's and drive's lines, on as many lines as they
    take (the heading is as much taller); the date and game under them may
    take the sheet's whole width (a long date and "smazzate 1–8" were cut
    on Letter in large print)."""
    return sheet_head(
        kind=sheet.title,
        table=(
            _("Table %(table)s") % {"table": sheet.table}
            if sheet.table is not None
            else _("Table ___")
        ),
        club=sheet.club,
        title=continued_title(sheet.drive, part, parts),
        date=f"{sheet.date} · {sheet.game_text}",
        width=width,
        table_size=24,
        height=_header_height(),
        table_share=0.36,
        date_across=True,
    )


def _heading(canvas: Canvas, slot: Slot, head: SheetHead) -> None:
    draw_sheet_head(
        canvas,
        head,
        slot.x + PADDING,
        slot.y + slot.height - PADDING,
        slot.width - 2 * PADDING,
    )


# Points between the large-print heading's date and the table.
_GAP_UNDER_DATE = 6


def _header_height() -> float:
    """The sheet's heading's height above its table: in large print, from
    its last line's foot (the date's, 42 pt down at the usual size) a little
    gap, not the usual 21 mm scaled (27 pt more that a long name's second
    line needs)."""
    edition = current()
    if not edition.is_large:
        return HEADER
    return 42 * edition.scale + edition.smallest * 0.25 + _GAP_UNDER_DATE


@dataclass(frozen=True)
class _Laid:
    """A sheet laid out in a slot: its heading, its columns, its table's
    heading's and rows' heights; each player's name in a band over the row
    (`bands`, then a slip's tricks row's words) or in the name column
    (None); its notes' lines, under the table or on a page of their own
    (`notes_apart`); whether a name is cut (rows too low for its lines)."""

    head: SheetHead
    plan: grid_columns.ColumnPlan
    table_head: float
    row: float
    last: float
    bands: tuple[tuple[str, ...], ...] | None
    notes: tuple[str, ...]
    notes_apart: bool
    names_cut: bool
    # The size of a slip's letters under each deal (ROOMY where the
    # table's heading has room for it: `_roomier`).
    letters: float = 0.0
    # The players of each page, where the rows go on over more than one.
    parts: tuple[tuple[int, int], ...] = ()


def _laid_out(sheet: GameSheet, slot: Slot) -> _Laid:
    """How `sheet` goes in `slot`. Its players' names in their column, on as
    many lines as the rows hold; where a name would not fit it whole (in
    large print a long Russian or three-part name beside eight deals at
    16 pt; in the usual edition a name that even rows of NAME_LINES lines
    at 8 pt, or a page to itself, would not hold), each over its row
    across the whole table, on as many lines as it takes, and the notes on
    a page of their own where the rows would otherwise be too low to write
    in."""
    edition = current()
    width = slot.width - 2 * PADDING
    head = _sheet_head(sheet, width)
    top = slot.height - PADDING - head.height
    note_size = edition.floor(NOTE_SIZE)
    note_line = note_size * NOTE_LEADING
    # Each note on as many lines as it takes at 9 pt (16 pt in large
    # print), never shrunk: the rows give up the room they need. Each
    # number held to its word ("даёт" over "25 (20 за столом" was read
    # alone).
    notes = tuple(
        line
        for note in sheet.notes
        for line in sentence_lines(str(note), REGULAR, note_size, width, NOTE_LINES)
    )
    footer = note_line * (len(notes) + 1)
    if edition.is_large:  # the notes' last line's foot, no blank line more
        footer = note_line * len(notes) + note_size * 0.25
    room = top - (PADDING + footer)
    plan = column_plan(sheet, width)
    table_head = max(min(12 * mm, room * 0.22), headings_height(sheet, plan))
    limit = (MAX_SLIP_ROW if sheet.slip else MAX_PLAYER_ROW) * edition.scale
    # A row as high as its longest name takes on lines at 8 pt (16 pt in
    # large print), where the slot has the room (rather than the name cut).
    name_room = plan.widths[2] - 3
    name_size = edition.floor(READABLE)
    most = max(
        (
            len(name_lines(p.name, REGULAR, name_size, name_room, NAME_LINES))
            for p in sheet.players
        ),
        default=1,
    )
    needed = most * name_size * HEADING_LEADING + 4
    # A large-print slip's tricks row is one line high: the names' rows
    # take the rest (a 16 pt name on two lines was cut to its first word).
    last = edition.min_row if sheet.slip and edition.is_large else 0.0
    lines = len(sheet.players) + (1 if sheet.slip and not last else 0)
    row = min(max(limit, needed), (room - table_head - last) / max(lines, 1))
    plan, letters, table_head = _roomier(
        sheet, plan, table_head, room - table_head - last - lines * row
    )
    laid = _Laid(
        head, plan, table_head, row, last, None, notes, False, row < needed, letters
    )
    if not edition.is_large and deal_turned(plan, sheet, True):
        # A deal's heading would be turned sideways beside seven upright
        # (its dealer's seat kept with its number at 9 pt, and names too
        # long to give the room): the names go over their rows instead.
        return _banded(sheet, laid, top, room)
    if _names_whole(sheet, name_room, row):
        return laid
    tallest = NAME_LINES * name_size * HEADING_LEADING + 4
    if not (edition.is_large or slot.whole_page) and _names_whole(
        sheet, name_room, tallest
    ):
        # Whole in rows as high as a slot to itself gives them: the sheets
        # go fewer a page (printing.documents), the names in their column.
        return laid
    return _banded(sheet, laid, top, room)


def _roomier(
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    table_head: float,
    spare: float,
    named: bool = True,
) -> tuple[grid_columns.ColumnPlan, float, float]:
    """The table's headings and a slip's letters at 9 pt where its heading
    (`table_head` high, and the `spare` height the rows leave under their
    highest, MAX_SLIP_ROW or MAX_PLAYER_ROW) has room for them; the
    heading's height then: the rows keep theirs."""
    head = table_head + max(0.0, spare)
    plan, letters = roomier(sheet, plan, head, named)
    return plan, letters, max(table_head, headings_height(sheet, plan, named, letters))


def _names_whole(sheet: GameSheet, room: float, row: float) -> bool:
    """Whether every name of a sheet fits its column whole at 8 pt (16 pt
    in large print), in rows `row` high (printing.prediction_table sets
    them so)."""
    size = current().floor(READABLE)
    names = [player.name for player in sheet.players]
    size, most = names_size(names, REGULAR, size, room, row, smallest=size)
    return all(name_fits(name, REGULAR, size, room, most) for name in names)


def _banded(sheet: GameSheet, laid: _Laid, top: float, room: float) -> _Laid:
    """`laid` with each name over its row, across the whole table, on as
    many lines as it takes at 8 pt (16 pt in large print): the name
    column's width goes to the deals. The rows are as high as a slip's are
    (9 mm scaled) where the page has room, never lower than a slip's
    smallest row (two lines of figures on a score sheet); the notes go on a
    page of their own where they would make them lower, and the rows go on
    over another page where even that is not enough (names of a hundred
    letters)."""
    edition = current()
    width = sum(laid.plan.widths)
    plan = column_plan(sheet, width, named=False)
    size = edition.floor(READABLE)
    bands = [
        tuple(
            whole_lines(player.name, REGULAR, size, width - 2 * prediction_table.INSET)
        )
        or ("",)
        for player in sheet.players
    ]
    tricks = 0.0
    if sheet.slip:
        words = prediction_table.tricks_words()
        bands.append(
            tuple(whole_lines(words, BOLD, size, width - 2 * prediction_table.INSET))
        )
        tricks = prediction_table.band_height(len(bands[-1]), size) + laid.last
    blocks = [prediction_table.band_height(len(band), size) for band in bands]
    limit = (MAX_SLIP_ROW if sheet.slip else MAX_PLAYER_ROW) * edition.scale
    # A slip's row holds a line of figures; a score sheet's two (the
    # prediction above the points).
    lowest = edition.min_row if sheet.slip else 2 * size * HEADING_LEADING
    count = len(sheet.players)
    table_head = max(min(12 * mm, room * 0.22), headings_height(sheet, plan, False))

    # A slip's tricks row is a row as the players' are, unless it has its
    # own height (large print's, `laid.last`).
    tricks_row = 1 if sheet.slip and not laid.last else 0

    def row_in(space: float, first: int, end: int) -> float:
        taken = table_head + sum(blocks[first:end])
        rows = end - first
        if end == count:
            taken += tricks
            rows += tricks_row
        return min(limit, (space - taken) / max(rows, 1))

    parts = ((0, count),)
    row = row_in(room, 0, count)
    apart = row < lowest
    if apart:
        row = row_in(top - PADDING, 0, count)
    if row < lowest:
        # Over more pages, each under the heading of a part ("continued").
        longer = _sheet_head(sheet, width, 2, 2)
        space = top + laid.head.height - longer.height - PADDING
        parts = _parts(count, lambda first, end: row_in(space, first, end) >= lowest)
        row = min(row_in(space, first, end) for first, end in parts)
    spare = 0.0
    if not apart and len(parts) == 1:
        spare = room - row_in(room, 0, count) * (count + tricks_row)
        spare -= table_head + sum(blocks) + tricks
    plan, letters, table_head = _roomier(sheet, plan, table_head, spare, named=False)
    return replace(
        laid,
        plan=plan,
        table_head=table_head,
        letters=letters,
        row=row,
        bands=tuple(bands),
        notes_apart=apart,
        names_cut=row < lowest,
        parts=parts,
    )


def _parts(count: int, fits: Callable[[int, int], bool]) -> tuple[tuple[int, int], ...]:
    """The players 0 to `count` in pages, as many to a page as `fits` (at
    least one; `fits` counts the tricks row with the last player's page)."""
    parts = []
    first = 0
    while first < count:
        end = first + 1
        while end < count and fits(first, end + 1):
            end += 1
        parts.append((first, end))
        first = end
    return tuple(parts)


def _sheet_piece(
    sheet: GameSheet, laid: _Laid, part: int = 1
) -> Callable[[Canvas, Slot], None]:
    """The sheet's drawing (its `part`th page of rows, where they go on over
    more): its heading, its table, and its notes under the table (unless
    they go on a page of their own)."""
    parts = len(laid.parts) or 1

    def draw(canvas: Canvas, slot: Slot) -> None:
        x = slot.x + PADDING
        width = slot.width - 2 * PADDING
        head = laid.head if parts == 1 else _sheet_head(sheet, width, part, parts)
        # Every page's table starts as low as the tallest heading's.
        lowest = max(laid.head.height, head.height)
        if parts > 1:
            lowest = max(lowest, _sheet_head(sheet, width, parts, parts).height)
        top = slot.y + slot.height - PADDING - lowest
        _heading(canvas, slot, head)
        bottom = prediction_table.draw_table(
            canvas,
            sheet,
            laid.plan,
            edges_of(x, laid.plan),
            top=top,
            head=laid.table_head,
            row=laid.row,
            last=laid.last,
            bands=laid.bands,
            rows=laid.parts[part - 1] if laid.parts else None,
            letters=laid.letters,
        )
        if not laid.notes_apart and part == parts:
            _notes(canvas, laid.notes, x, bottom, width)

    return draw


def _notes_piece(sheet: GameSheet, laid: _Laid) -> Callable[[Canvas, Slot], None]:
    """A page of a sheet's own notes, under the sheet's heading (which table
    and game they go with)."""

    def draw(canvas: Canvas, slot: Slot) -> None:
        _heading(canvas, slot, laid.head)
        top = slot.y + slot.height - PADDING - laid.head.height
        _notes(canvas, laid.notes, slot.x + PADDING, top, slot.width - 2 * PADDING)

    return draw


def _notes(
    canvas: Canvas, notes: Sequence[str], x: float, top: float, width: float
) -> None:
    """A sheet's notes, their first line's top at `top`."""
    size = current().floor(NOTE_SIZE)
    for index, note in enumerate(notes):
        draw_text(
            canvas,
            note,
            x,
            top - size * 1.1 - index * size * NOTE_LEADING,
            size=size,
            width=width,
            color=GREY,
        )


def _cramped(laid: _Laid, slot: Slot) -> bool:
    """Whether a sheet laid in `slot` would be better fewer a page: a name
    cut short; or, in the usual edition, names in bands whose notes or rows
    go on over another slot (a page to itself has room for them)."""
    if laid.names_cut:
        return True
    over = laid.notes_apart or len(laid.parts) > 1
    return bool(laid.bands) and over and not (current().is_large or slot.whole_page)


def _pieces(
    sheets: Sequence[GameSheet], cramped: list[GameSheet]
) -> Callable[[Slot], Iterator[Callable[[Canvas, Slot], None]]]:
    """Each sheet's drawing, and its notes' page where they have one; a
    sheet that would be better fewer a page (`_cramped`: a name cut short,
    or bands that go on over another slot) goes in `cramped`."""

    def pieces(sample: Slot) -> Iterator[Callable[[Canvas, Slot], None]]:
        for sheet in sheets:
            laid = _laid_out(sheet, sample)
            if _cramped(laid, sample):  # fewer sheets a page (printing.documents)
                cramped.append(sheet)
            for part in range(1, max(len(laid.parts), 1) + 1):
                yield _sheet_piece(sheet, laid, part)
            if laid.notes_apart:
                yield _notes_piece(sheet, laid)

    return pieces


def draw_game_sheets(
    sheets: Sequence[GameSheet],
    *,
    paper: str,
    per_page: int,
    edition: Edition = STANDARD,
) -> Printed:
    size = PAPERS[paper]
    if edition.is_large:
        size = landscape(size)
    cramped: list[GameSheet] = []
    printed = paged(
        size,
        readable_per_page(sheets, size, per_page, edition),
        _pieces(sheets, cramped),
        edition=edition,
    )
    return replace(printed, cramped=bool(cramped))


def readable_per_page(
    sheets: Sequence[GameSheet],
    paper: tuple[float, float],
    per_page: int,
    edition: Edition,
) -> int:
    """The sheets a page: as asked, but at most 2 where a quarter of the page
    would turn some heading sideways (eight deals' headings do not fit a
    quarter upright)."""
    if per_page <= 2:
        return per_page
    width = slots(paper, per_page)[0].width - 2 * PADDING
    with in_use(edition):
        asked = [asked_columns(sheet, width) for sheet in sheets]
        if not all(
            not grid_columns.trial(titles, widths, needs, **options).sideways
            for titles, widths, needs, options in asked
        ):
            return 2
    return per_page
