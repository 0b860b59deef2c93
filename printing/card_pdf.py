"""Drawing a player's score card with reportlab: its header (the club, the
drive, the date, the entry's number, name and group) over its ruled grid,
1, 2 or 4 to a page (printing.pdf lays out the page and draws the grid).

A card in large print (printing.editions) goes on a page of its own; where
its column headings, each word whole at 16 pt, do not fit side by side
across the page, the page is turned to landscape. Cards asked four to a
page go two where a quarter would cut a card in two that half a page holds
whole. Cards printed as usual (the organiser chose no number a page) go one
to a page where two (or four) would make their rows too low to write a score
in by hand: under WRITABLE_ROW (a 24-hand card two to an A4 page had rows of
4 mm). Asked for by number, they are printed as asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from players.typed_text import printable_text
from printing.editions import LARGE, STANDARD, Edition, current, in_use
from printing.fitting import (
    HEADING_LEADING,
    HeadPart,
    cut_within,
    fit,
    head_part,
    left_share,
    lines_at,
    roomy_size,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.grid_pdf import GridPiece, GridRow, draw_grid, pieces_of_grid, whole_in
from printing.pdf import (
    GREY,
    INK,
    LABEL,
    PADDING,
    PAPERS,
    Piece,
    Printed,
    Run,
    Slot,
    draw_head_part,
    draw_text,
    paged_runs,
    slots,
)
from printing.readable import READABLE, ROOMY
from scoring.card_rows import CardRow, RowKind, ScoreCard

# The lowest row a score is written in by hand, at a table, with a pencil.
WRITABLE_ROW = 6 * mm


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
    return (24 * mm if slot.width > 130 * mm else 21 * mm) * current().scale


@dataclass(frozen=True)
class _Head:
    """A card's club and drive lines, and the height of its header (the
    usual, and a line more for each line more they take)."""

    club_width: float
    club: HeadPart
    title: HeadPart
    height: float


def _sizes(slot: Slot) -> tuple[float, float]:
    """The club's and the drive's sizes on a card in `slot`."""
    k = current().scale
    big = slot.width > 130 * mm
    return (8.5 if big else 8) * k, (12 if big else 10) * k


def _club_size(card: ScoreCard, slot: Slot) -> float:
    """The club's and the date's size on a card in `slot`: 9 pt (ROOMY)
    where both fit their line side by side at it, else as `_sizes` has it
    (the club is then cut, as it was, never the date: left_share)."""
    small = _sizes(slot)[0]
    if current().is_large or small >= ROOMY:
        return small
    width = slot.width - 2 * PADDING
    needs = text_width(printable_text(card.club), BOLD, ROOMY) + text_width(
        printable_text(card.date), REGULAR, ROOMY
    )
    return ROOMY if needs + CLUB_GAP <= width else small


# Room between a card's club and its date (as printing.fitting.left_share).
CLUB_GAP = 4 * mm


def _card_title(card: ScoreCard, part: int, parts: int) -> str:
    if part <= 1:
        return card.drive
    # Translators: a score card's title when it runs over more than one sheet.
    return _("%(drive)s  (continued, part %(part)d of %(parts)d)") % {
        "drive": card.drive,
        "part": part,
        "parts": parts,
    }


def _head(card: ScoreCard, slot: Slot, part: int, parts: int) -> _Head:
    """The club's and drive's names on as many lines as they take, broken
    between words (a long club's name was cut in large print, and a card's
    drive where it went on to a second page)."""
    width = slot.width - 2 * PADDING
    big = _sizes(slot)[1]
    small = _club_size(card, slot)
    club_width = left_share(
        card.club, BOLD, card.date, REGULAR, current().floor(small), width
    )
    title = _card_title(card, part, parts)
    if not current().is_large:
        # The usual edition: a line each, the club cut where it must be (the
        # date kept whole: left_share), and the drive's name, not which part
        # this is; four cards a page have no room for more lines.
        cut_title = cut_within(title, card.drive, BOLD, big, width, 0)
        return _Head(
            club_width,
            HeadPart.one_line(card.club, BOLD, small),
            HeadPart.one_line(cut_title, BOLD, big),
            _header_height(slot),
        )
    club = head_part(card.club, BOLD, small, club_width)
    title_lines = head_part(title, BOLD, big, width)
    extra = club.extra + title_lines.extra
    return _Head(club_width, club, title_lines, _header_height(slot) + extra)


def _card_head(card: ScoreCard, slot: Slot) -> tuple[float, list[GridPiece]]:
    """A card's header's height (the grid 2 mm below) and its grid's pieces
    in `slot`: every part under the same header, as tall as the tallest
    part's ("(continued, part 2 of 3)" may take a line more)."""
    rows = _card_grid_rows(card)
    height = _head(card, slot, 1, 1).height
    found = pieces_of_grid(slot, height + 2 * mm, 0, card.columns, rows)
    if len(found) > 1:
        parts = len(found)
        longer = _head(card, slot, parts, parts).height
        if longer > height:
            height = longer
            found = pieces_of_grid(slot, height + 2 * mm, 0, card.columns, rows)
    return height, found


def _card_header(
    canvas: Canvas, card: ScoreCard, slot: Slot, piece: GridPiece, height: float
) -> None:
    # Large print: the same header, every size and distance scaled.
    k = current().scale
    x = slot.x + PADDING
    width = slot.width - 2 * PADDING
    top = slot.y + slot.height - PADDING
    big = slot.width > 130 * mm
    small = _club_size(card, slot)
    head = _head(card, slot, piece.part, piece.parts)
    draw_head_part(canvas, head.club, x, top - 8 * k, head.club_width)
    draw_text(
        canvas,
        card.date,
        x + width,
        top - 8 * k,
        size=small,
        width=width - head.club_width,
        align="right",
    )
    draw_head_part(canvas, head.title, x, top - 21 * k - head.club.extra, width)
    # The entry line: No. box, name, group; blank lines to write on for a walk-in.
    line_y = top - height + 5 * k
    box = (14 * mm if big else 12 * mm) * k
    box_height = (9 if big else 8) * mm * k
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(k)
    canvas.rect(x, line_y - 2 * k, box, box_height, stroke=1, fill=0)
    # Translators: the box for the entry's number on a score card ("number").
    number_word = _("No.")
    number_size = roomy_size(number_word, REGULAR, box - 3 * k, LABEL)
    draw_text(
        canvas,
        number_word,
        x + 1.5 * k,
        line_y - 2 * k + box_height - current().size(number_size) * 0.93,
        size=number_size,
        width=box - 3 * k,
    )
    if card.number is not None:
        draw_text(
            canvas,
            str(card.number),
            x + box / 2,
            line_y + k,
            font=BOLD,
            size=(16 if big else 13) * k,
            width=box - 3 * k,
            align="center",
        )
    name_x = x + box + 3 * mm * k
    # No Group box on a card with nothing to write in it (no groups).
    group_w = width * 0.28 if card.shows_group else 0
    name_w = width - box - 3 * mm * k - (group_w + 3 * mm if card.shows_group else 0)
    label_y = line_y + (17 if big else 15) * k
    name_size = (13 if big else 11) * k
    names = _name_lines(card.name, name_size, name_w)
    if len(names) > 1:
        name_size = _name_smallest()
    leading = name_size * HEADING_LEADING
    name_label_y = label_y + leading * (len(names) - 1)
    name_word = _("Name")
    draw_text(
        canvas,
        name_word,
        name_x,
        name_label_y,
        size=roomy_size(name_word, REGULAR, name_w, LABEL),
        width=name_w,
        color=GREY,
    )
    for line, name in enumerate(names):
        draw_text(
            canvas,
            name,
            name_x,
            line_y + k + leading * (len(names) - 1 - line),
            font=BOLD,
            size=name_size,
            width=name_w,
        )
    canvas.setLineWidth(0.4 * k)
    canvas.line(name_x, line_y - 2 * k, name_x + name_w, line_y - 2 * k)
    if not card.shows_group:
        return
    group_x = x + width - group_w
    group_word = card.group_heading or _("Group")
    draw_text(
        canvas,
        group_word,
        group_x,
        label_y,
        size=roomy_size(group_word, REGULAR, group_w, LABEL),
        width=group_w,
        color=GREY,
    )
    draw_text(
        canvas,
        card.group,
        group_x,
        line_y + k,
        size=(11 if big else 9) * k,
        width=group_w,
    )
    canvas.line(group_x, line_y - 2 * k, x + width, line_y - 2 * k)


def _name_lines(name: str, size: float, width: float) -> list[str]:
    """A card's name on one line; a name too long for the line at 8 pt (16 pt
    in large print) goes on two lines at that size rather than being cut."""
    edition = current()
    name = printable_text(name)
    smallest = _name_smallest()
    size = edition.floor(size)
    if fit(name, BOLD, size, width, smallest)[0] == name:
        return [name]
    return lines_at(name, BOLD, smallest, width, 2)


def _name_smallest() -> float:
    """The smallest a card's name is set: 16 pt in large print, else 8 pt."""
    return current().smallest or READABLE


def card_pieces(cards: Sequence[ScoreCard]) -> Callable[[Slot], Iterator[Piece]]:
    def pieces(sample: Slot) -> Iterator[Piece]:
        for card in cards:
            height, found = _card_head(card, sample)
            for piece in found:
                yield _card_piece(card, piece, height)

    return pieces


def _card_piece(card: ScoreCard, piece: GridPiece, height: float) -> Piece:
    def draw(canvas: Canvas, slot: Slot) -> None:
        _card_header(canvas, card, slot, piece, height)
        draw_grid(
            canvas,
            piece.columns,
            piece.run,
            x=slot.x + PADDING,
            top=slot.y + slot.height - PADDING - height - 2 * mm,
            width=slot.width - 2 * PADDING,
            row_height=piece.row_height,
            head_height=piece.head_height,
            headings=piece.headings,
        )

    return draw


def draw_score_cards(
    cards: Sequence[ScoreCard],
    *,
    paper: str,
    per_page: int,
    edition: Edition = STANDARD,
    large_print: Sequence[ScoreCard] = (),
    per_page_asked: bool = True,
) -> Printed:
    """The cards in `edition`; then the cards in `large_print` (the players
    who asked for it) in large print, each on its own page. Unless
    `per_page_asked`, fewer to a page where `per_page` would make rows too
    low to write in (`writable_per_page`)."""
    register_fonts()
    size = PAPERS[paper]
    if not per_page_asked:
        per_page = writable_per_page(cards, size, per_page, edition)
    per_page = whole_per_page(cards, size, per_page, edition)
    runs = [Run(card_pieces(cards), per_page, edition, turned(cards, size, edition))]
    if large_print:
        runs.append(
            Run(card_pieces(large_print), 1, LARGE, turned(large_print, size, LARGE))
        )
    return paged_runs(size, runs)


def turned(
    cards: Sequence[ScoreCard], paper: tuple[float, float], edition: Edition
) -> bool:
    """Whether cards in `edition` go on the paper turned sideways: in large
    print, when some card's values and column headings, each word whole at
    16 pt, do not fit side by side across the page upright (a long
    language's headings would otherwise break inside their words)."""
    if not edition.is_large:
        return False
    width = paper[0] - 2 * PADDING
    with in_use(edition):
        return not all(
            whole_in(card.columns, _card_grid_rows(card), width) for card in cards
        )


def row_height(
    cards: Sequence[ScoreCard],
    paper: tuple[float, float],
    per_page: int,
    edition: Edition = STANDARD,
) -> float:
    """The lowest row of `cards` drawn `per_page` to a page of `paper`."""
    slot = slots(paper, edition.per_page or per_page)[0]
    with in_use(edition):
        return min(
            (piece.row_height for card in cards for piece in _card_head(card, slot)[1]),
            default=edition.max_row,
        )


def writable_per_page(
    cards: Sequence[ScoreCard],
    paper: tuple[float, float],
    per_page: int,
    edition: Edition,
) -> int:
    """The most cards a page, up to `per_page`, whose rows are all
    WRITABLE_ROW or higher (one a page however low they are)."""
    while per_page > 1 and row_height(cards, paper, per_page, edition) < WRITABLE_ROW:
        per_page //= 2
    return per_page


def whole_per_page(
    cards: Sequence[ScoreCard],
    paper: tuple[float, float],
    per_page: int,
    edition: Edition,
) -> int:
    """The cards a page: as asked, but 2 where a quarter of the page would
    cut a card in two that half a page holds whole (a 24-hand card whose
    heading row is taller with a heading turned sideways): the same paper,
    and every card whole."""
    if per_page != 4 or edition.per_page:
        return per_page
    quarter, half = slots(paper, 4)[0], slots(paper, 2)[0]
    with in_use(edition):
        for card in cards:
            parts = [len(_card_head(card, slot)[1]) for slot in (quarter, half)]
            if parts[0] > parts[1]:
                return 2
    return per_page
