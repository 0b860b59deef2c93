"""Drawing a prediction whist drive's score sheets (the Wist grid) and travel
slips: one table's game to a slot, the players down the side, a column per
deal. On a score sheet each deal's box is split across, the prediction above
and the points below; on a slip each deal has a prediction column (P) and a
tricks column (T), and a last row adds up each deal's tricks.

The players' own cards are ordinary score cards (printing.card_pdf.draw_score_cards)
and the table cards ordinary table cards (printing.posters).

In large print (printing.editions) a sheet has a page of its own, turned
sideways, so the deals' columns have room for 16 pt words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from players.score_text import score_text
from printing import grid_columns
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    GLUED,
    HEADING_LEADING,
    SMALLEST_HEADING,
    _name_pieces,
    heading_height,
    lines_at,
    name_lines,
    names_size,
    room_beside,
    text_width,
)
from printing.fonts import BOLD, REGULAR
from printing.grid_pdf import draw_sideways
from printing.pdf import (
    GREY,
    INK,
    PADDING,
    PAPERS,
    RED,
    SHADE,
    Printed,
    Slot,
    TextRun,
    draw_text,
    paged,
    slots,
)
from printing.prediction import GameSheet, SheetPlayer, prediction_text
from printing.prediction_layout import (
    GRID_LAYOUT,
    deal_parts,
    slip_layout,
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
MAX_SLIP_ROW = 9 * mm

# Points the name column gives back at a time, where the sheet's other
# columns lack room (_plan).
NAME_STEP = 6.0


def _slip_letters() -> tuple[str, str]:
    """A slip's two columns under each deal: the prediction's letter and the
    tricks' letter, the letters the slip's note explains
    (printing.prediction.slip_notes)."""
    return (
        # Translators: the travel slip's column under each deal for the
        # player's prediction (the bid): one or two letters, the letter the
        # slip's note "P: each player's prediction..." gives it.
        pgettext("slip column: prediction", "P"),
        # Translators: the travel slip's column under each deal for the tricks
        # the player took: one or two letters, the letter the slip's note
        # "... T: the tricks taken." gives it.
        pgettext("slip column: tricks", "T"),
    )


def _after_titles() -> dict[str, str]:
    return {
        "game": pgettext("prediction whist", "Game"),
        "evening": _("Evening"),
        "points": _("Points"),
        "initials": _("Initials"),
    }


def _after_texts(player: SheetPlayer) -> dict[str, str]:
    game = score_text(player.game_total)
    evening = score_text(player.evening_total)
    return {"game": game, "evening": evening, "points": game, "initials": ""}


def _heading(canvas: Canvas, sheet: GameSheet, slot: Slot) -> None:
    k = current().scale
    x = slot.x + PADDING
    width = slot.width - 2 * PADDING
    top = slot.y + slot.height - PADDING
    table = (
        _("Table %(table)s") % {"table": sheet.table}
        if sheet.table is not None
        else _("Table ___")
    )
    # The club's and drive's lines: the room beside the table's number.
    room = room_beside(width, table, BOLD, 24 * k)
    draw_text(canvas, sheet.title, x, top - 9 * k, font=BOLD, size=10 * k, width=room)
    draw_text(canvas, sheet.club, x, top - 20 * k, size=8 * k, width=room)
    draw_text(canvas, sheet.drive, x, top - 31 * k, font=BOLD, size=9 * k, width=room)
    # Below the table's number: the line may take the sheet's whole width
    # (a long date and "smazzate 1–8" were cut on Letter in large print).
    draw_text(
        canvas,
        f"{sheet.date} · {sheet.game_text}",
        x,
        top - 42 * k,
        size=8 * k,
        width=width,
    )
    draw_text(
        canvas,
        table,
        x + width,
        top - 26 * k,
        font=BOLD,
        size=24 * k,
        width=width * 0.36,
        align="right",
    )


# The heading's words start at this size (points) and wrap rather than shrink
# below SMALLEST: a sheet read at arm's length in a hall sets nothing a
# player must read under 8 pt (its headings were 7.25, its P and T 7).
HEAD_SIZE = 9.0
SMALLEST = max(8.0, SMALLEST_HEADING)

# A heading cell's lines: (text, font, size, colour).
HeadingLine = tuple[str, str, float, Color]


def _titles(sheet: GameSheet) -> list[tuple[tuple[str, str, Color], ...]]:
    """Each column's heading as parts (text, font, colour): the player's
    columns, each deal's kind, trumps and dealer, the columns after."""
    titles_after = _after_titles()
    layout = slip_layout() if sheet.slip else GRID_LAYOUT
    parts: list[tuple[tuple[str, str, Color], ...]] = [
        ((title, BOLD, INK),) for title in (_("Seat"), _("No."), _("Name"))
    ]
    for heading in sheet.deals:
        kind, trumps, dealer = heading.lines()
        parts.append(
            tuple(
                part
                for part in (
                    (kind, BOLD, INK),
                    (trumps, REGULAR, RED if heading.trumps.is_red else INK),
                    (dealer, REGULAR, GREY),
                )
                if part[0]
            )
        )
    parts += [((titles_after[key], BOLD, INK),) for key, _share in layout.after]
    return parts


def _needs(sheet: GameSheet, widths: Sequence[float]) -> list[float]:
    """What each column keeps for its values, measured at the smallest size
    they are drawn at: the numbers, a deal's prediction ("Wist") and
    figure; the name its whole room (names are set at one size to fit it;
    in large print room for the longest, as the rest leave),
    the initials half theirs."""
    size = current().floor(SMALLEST)
    pad = 4.0

    def widest(texts: Sequence[str], font: str, at: float) -> float:
        return max(text_width(text, font, at) for text in ("88", *texts)) + pad

    seat = widest([str(p.seat) for p in sheet.players], BOLD, size)
    number = widest([str(p.number or "") for p in sheet.players], BOLD, size * 1.2)
    words = max(text_width(prediction_text(n), REGULAR, size) for n in range(0, 14))
    figure = text_width("13", BOLD, size)
    if sheet.slip:
        # A deal's prediction and tricks parts, each drawn 2 pt inside.
        cut = deal_parts()[0]
        deal = max((words + 2) / cut, (figure + 2) / (1 - cut))
    else:
        deal = max(words, figure) + pad
    totals = [t for p in sheet.players for t in _after_texts(p).values()]
    deals = len(sheet.deals)
    after = len(widths) - 3 - deals
    needs = [seat, number, widths[2]] + [deal] * deals
    needs += [widest(totals, BOLD, size)] * after
    if sheet.slip:
        needs[-1] = widths[-1] * 0.5  # the initials
    if not current().is_large:
        # A name is never set under 8 pt (printing.readable): room for its
        # longest part on a line at 8 pt, as far as the others can spare.
        pieces = [piece for p in sheet.players for piece in _name_pieces(p.name)]
        longest = max(
            (text_width(piece.lstrip(GLUED), REGULAR, READABLE) for piece in pieces),
            default=0.0,
        )
        left = sum(widths) - sum(needs) + needs[2]
        needs[2] = max(needs[2], min(longest + pad + 3, sum(widths) / 3, left))
    else:
        # Large print never sets a name smaller than 16 pt: room for the
        # longest on one line (it was cut, "Giuseppina …"), as much as a
        # third of the sheet and the other columns' needs leave.
        longest_name = max(
            (text_width(p.name, REGULAR, size) for p in sheet.players), default=0.0
        )
        left = sum(widths) - sum(needs) + needs[2]
        needs[2] = max(needs[2], min(longest_name + pad + 3, sum(widths) / 3, left))
    return needs


def _plan(sheet: GameSheet, width: float) -> grid_columns.ColumnPlan:
    """The sheet's columns' widths and headings, every heading whole
    (printing.grid_columns)."""
    titles, widths, needs, options = _asked(sheet, width)
    # A large-print name's room (`_needs`) is only what the others can spare:
    # given back a step at a time while another column would be left short
    # of its values. (A heading may be set smaller, to 14 pt, or turned
    # sideways for it, as printing.grid_columns does for any column: a name
    # cut short is the greater harm.)
    while needs[2] > widths[2]:
        plan = grid_columns.fit_headings(titles, widths, needs, **options)
        short = plan.crowded or any(
            got < need - grid_columns.SLACK
            for index, (got, need) in enumerate(zip(plan.widths, needs, strict=True))
            if index != 2
        )
        if not short:
            return plan
        needs[2] = max(widths[2], needs[2] - NAME_STEP)
    return grid_columns.fit_headings(titles, widths, needs, **options)


def _asked(
    sheet: GameSheet, width: float
) -> tuple[list, list[float], list[float], dict]:
    """What the sheet asks printing.grid_columns: its titles, its columns'
    usual widths, what their values need, the sizes."""
    edition = current()
    layout = slip_layout() if sheet.slip else GRID_LAYOUT
    shares = [layout.seat, layout.number, layout.name]
    shares += [layout.deal] * len(sheet.deals)
    shares += [share for _key, share in layout.after]
    widths = [share / sum(shares) * width for share in shares]
    titles = [tuple((text, font) for text, font, _c in t) for t in _titles(sheet)]
    options = {
        "size": edition.floor(HEAD_SIZE),
        "smallest": edition.smallest_heading or SMALLEST,
        "most": 4 if edition.is_large else 3,
        "fewer_lines": not edition.is_large,
        # A little room beside the words, between the deals' heavy rules.
        "pad": 4.0,
    }
    return titles, widths, _needs(sheet, widths), options


def _heading_cells(
    sheet: GameSheet, plan: grid_columns.ColumnPlan
) -> list[list[HeadingLine]]:
    """Each column's heading as lines that fit its cell (a sideways
    heading's lines, one a part, to be turned)."""
    cells = []
    for parts, heading in zip(_titles(sheet), plan.headings, strict=True):
        lines: list[HeadingLine] = []
        for (_text, _font, color), (wrapped, font) in zip(
            parts, heading.lines, strict=True
        ):
            lines += [(line, font, heading.size, color) for line in wrapped]
        cells.append(lines)
    return cells


def _lines_height(lines: Sequence[HeadingLine]) -> float:
    return sum(size * HEADING_LEADING for _text, _font, size, _color in lines)


def _letters_band() -> float:
    """The height of a slip's band of P and T letters under each deal."""
    return heading_height(1, current().floor(SMALLEST))


def _heading_height(sheet: GameSheet, plan: grid_columns.ColumnPlan) -> float:
    """The height the heading needs for its tallest cell."""
    tallest = max(
        heading.height() if heading.sideways else _lines_height(lines)
        for heading, lines in zip(
            plan.headings, _heading_cells(sheet, plan), strict=True
        )
    )
    room = current().floor(SMALLEST) * 0.8
    return tallest + room + (_letters_band() if sheet.slip else 0)


def _edges(x: float, plan: grid_columns.ColumnPlan) -> list[float]:
    """The left edge of each column, and the right edge of the last."""
    edges = [x]
    for room in plan.widths:
        edges.append(edges[-1] + room)
    return edges


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


def _sheet_piece(
    sheet: GameSheet, names_cut: list[GameSheet]
) -> Callable[[Canvas, Slot], None]:
    """The sheet's drawing; a sheet whose rows are too low for a name's
    lines at 8 pt goes in `names_cut` (the name is cut short)."""

    def draw(canvas: Canvas, slot: Slot) -> None:
        edition = current()
        _heading(canvas, sheet, slot)
        x = slot.x + PADDING
        width = slot.width - 2 * PADDING
        top = slot.y + slot.height - PADDING - _header_height()
        note_size = edition.floor(NOTE_SIZE)
        note_line = note_size * NOTE_LEADING
        # Each note on as many lines as it takes at 9 pt (16 pt in large
        # print), never shrunk: the rows give up the room they need.
        notes = [
            line
            for note in sheet.notes
            for line in lines_at(str(note), REGULAR, note_size, width, NOTE_LINES)
        ]
        footer = note_line * (len(notes) + 1)
        if edition.is_large:  # the notes' last line's foot, no blank line more
            footer = note_line * len(notes) + note_size * 0.25
        room = top - (slot.y + PADDING + footer)
        plan = _plan(sheet, width)
        edges = _edges(x, plan)
        head = max(min(12 * mm, room * 0.22), _heading_height(sheet, plan))
        limit = (MAX_SLIP_ROW if sheet.slip else MAX_PLAYER_ROW) * edition.scale
        # A row as high as its longest name takes on lines at 8 pt (16 pt in
        # large print), where the slot has the room (rather than the name cut).
        name_room = edges[3] - edges[2] - 3
        name_size = edition.floor(READABLE)
        most = max(
            (
                len(name_lines(p.name, REGULAR, name_size, name_room, 4))
                for p in sheet.players
            ),
            default=1,
        )
        needed = most * name_size * HEADING_LEADING + 4
        limit = max(limit, needed)
        # A large-print slip's tricks row is one line high: the names' rows
        # take the rest (a 16 pt name on two lines was cut to its first word).
        last = edition.min_row if sheet.slip and edition.is_large else 0.0
        lines = len(sheet.players) + (1 if sheet.slip and not last else 0)
        row = min(limit, (room - head - last) / max(lines, 1))
        if row < needed:  # a name cut: fewer sheets a page (printing.documents)
            names_cut.append(sheet)
        bottom = _table(
            canvas, sheet, plan, edges, top=top, head=head, row=row, last=last
        )
        for index, note in enumerate(notes):
            draw_text(
                canvas,
                str(note),
                x,
                bottom - note_size * 1.1 - index * note_line,
                size=note_size,
                width=width,
                color=GREY,
            )

    return draw


def _table(
    canvas: Canvas,
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    edges: Sequence[float],
    *,
    top: float,
    head: float,
    row: float,
    last: float = 0.0,
) -> float:
    """Draw the heading, the players' rows (and a slip's tricks row, `last`
    high, or `row`); return the bottom of the table."""
    left, right = edges[0], edges[-1]
    deals = len(sheet.deals)
    first_deal = 3
    after_keys = [
        key for key, _share in (slip_layout() if sheet.slip else GRID_LAYOUT).after
    ]
    texts = TextRun(canvas)
    light: list[tuple[float, float, float, float]] = []
    heavy: list[tuple[float, float, float, float]] = []
    canvas.setFillColor(SHADE)
    canvas.rect(left, top - head, right - left, head, stroke=0, fill=1)
    edition = current()
    size = edition.floor(
        max(SMALLEST, min(9.0, row * 0.42 if sheet.slip else row * 0.3))
    )
    # Heading: each column's lines whole, in the middle of the cell; a slip's
    # letters under each deal in a band of their own at the foot.
    letters = _letters_band() if sheet.slip else 0.0
    cells = _heading_cells(sheet, plan)
    for index, (lines, heading) in enumerate(zip(cells, plan.headings, strict=True)):
        a, b = edges[index], edges[index + 1]
        deal = first_deal <= index < first_deal + deals
        band = letters if deal else 0.0
        if heading.sideways:
            draw_sideways(
                canvas,
                [(text, font, color) for text, font, _size, color in lines],
                middle=(a + b) / 2,
                bottom=top - head + band,
                height=head - band,
                size=heading.size,
            )
            lines = []
        baseline = top - (head - band - _lines_height(lines)) / 2
        for text, font, line_size, color in lines:
            baseline -= line_size * HEADING_LEADING
            texts.draw(
                text,
                (a + b) / 2,
                baseline + line_size * 0.25,
                font=font,
                size=line_size,
                width=b - a - 2,
                smallest=line_size,
                align="center",
                color=color,
            )
        if deal and sheet.slip:
            cut, first, second = deal_parts()
            middle = a + (b - a) * cut
            for place, share, label in zip(
                (first, second), (cut, 1 - cut), _slip_letters(), strict=True
            ):
                texts.draw(
                    label,
                    a + (b - a) * place,
                    top - head + letters * 0.3,
                    font=BOLD,
                    size=current().floor(SMALLEST),
                    width=(b - a) * share - 1,
                    align="center",
                )
            light.append((middle, top - head + letters, middle, top - head))
            light.append((a, top - head + letters, b, top - head + letters))
    for edge in edges[1:-1]:
        light.append((edge, top, edge, top - head))
    # The players: the names of one sheet at one size, on two lines where
    # the row has room (a name still too long is cut, not shrunk on its own).
    y = top - head
    name_room = edges[3] - edges[2] - 3
    # As many lines as the row holds: a long name is set on three lines at
    # 9 pt rather than on two at 5.4 pt (and every other name with it).
    name_size, name_most = names_size(
        [player.name for player in sheet.players],
        REGULAR,
        size,
        name_room,
        row,
        # Never under 8 pt, a player's name read across the table (a long
        # one is given the room for its longest part: `_needs`).
        smallest=edition.floor(min(size, max(size * 0.6, READABLE))),
    )
    for player in sheet.players:
        bottom = y - row
        heavy.append((left, y, right, y))
        cells = [
            str(player.seat),
            "" if player.number is None else str(player.number),
            player.name,
        ]
        for index, text in enumerate(cells):
            a, b = edges[index], edges[index + 1]
            if not text:
                continue
            if index == 2:
                lines = name_lines(text, REGULAR, name_size, name_room, name_most)
                leading = name_size * HEADING_LEADING
                baseline = bottom + row * 0.5 - name_size * 0.35
                baseline += (len(lines) - 1) * leading / 2
                for line in lines:
                    texts.draw(line, a + 2, baseline, size=name_size)
                    baseline -= leading
                continue
            texts.draw(
                text,
                (a + b) / 2,
                bottom + row * 0.5 - size * 0.35,
                font=BOLD,
                size=size * (1.2 if index == 1 else 1),
                width=b - a - 3,
                align="center",
            )
        predictions = player.prediction_texts()
        seconds = player.second_texts()
        for offset in range(deals):
            a, b = edges[first_deal + offset], edges[first_deal + offset + 1]
            middle = (a + b) / 2
            if sheet.slip:
                cut, first, second = deal_parts()
                light.append((a + (b - a) * cut, y, a + (b - a) * cut, bottom))
                places = (
                    (first, cut, predictions[offset]),
                    (second, 1 - cut, seconds[offset]),
                )
                for place, share, text in places:
                    if text:
                        texts.draw(
                            text,
                            a + (b - a) * place,
                            bottom + row * 0.5 - size * 0.35,
                            size=size,
                            width=(b - a) * share - 2,
                            align="center",
                        )
                continue
            light.append((a, bottom + row / 2, b, bottom + row / 2))
            if predictions[offset]:
                texts.draw(
                    predictions[offset],
                    middle,
                    bottom + row * 0.75 - size * 0.35,
                    size=size,
                    width=b - a - 3,
                    align="center",
                    color=GREY,
                )
            if seconds[offset]:
                texts.draw(
                    seconds[offset],
                    middle,
                    bottom + row * 0.25 - size * 0.35,
                    font=BOLD,
                    size=size,
                    width=b - a - 3,
                    align="center",
                )
        after = _after_texts(player)
        for offset, key in enumerate(after_keys):
            a = edges[first_deal + deals + offset]
            b = edges[first_deal + deals + offset + 1]
            if after[key]:
                texts.draw(
                    after[key],
                    (a + b) / 2,
                    bottom + row * 0.5 - size * 0.35,
                    font=BOLD,
                    size=size,
                    width=b - a - 3,
                    align="center",
                )
        for edge in edges[1:-1]:
            light.append((edge, y, edge, bottom))
        y = bottom
    if sheet.slip:
        # Each deal's tricks added up: 13, or 10 at a table of five.
        row = last or row
        bottom = y - row
        canvas.setFillColor(SHADE)
        canvas.rect(left, bottom, right - left, row, stroke=0, fill=1)
        heavy.append((left, y, right, y))
        texts.draw(
            _("Tricks added up"),
            edges[0] + 2,
            bottom + row * 0.5 - size * 0.35,
            font=BOLD,
            size=max(size * 0.9, SMALLEST),
            width=edges[first_deal] - edges[0] - 4,
        )
        for offset, total in enumerate(sheet.tricks_totals()):
            a, b = edges[first_deal + offset], edges[first_deal + offset + 1]
            light.append((a, y, a, bottom))
            if total:
                cut, _first, second = deal_parts()
                texts.draw(
                    total,
                    a + (b - a) * second,
                    bottom + row * 0.5 - size * 0.35,
                    font=BOLD,
                    size=size,
                    width=(b - a) * (1 - cut) - 2,
                    align="center",
                )
        a = edges[first_deal + deals]
        light.append((a, y, a, bottom))
        y = bottom
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(edition.light_rule)
    canvas.lines(light)
    canvas.setLineWidth(1.1 * edition.heavy_rule / STANDARD.heavy_rule)
    canvas.lines(heavy)
    # The deals apart: a heavier rule before each deal and after the last.
    canvas.lines(
        [
            (edges[first_deal + i], top, edges[first_deal + i], y)
            for i in range(deals + 1)
        ]
    )
    canvas.rect(left, y, right - left, top - y, stroke=1, fill=0)
    texts.finish()
    return y


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
    names_cut: list[GameSheet] = []
    printed = paged(
        size,
        readable_per_page(sheets, size, per_page, edition),
        lambda _slot: (_sheet_piece(sheet, names_cut) for sheet in sheets),
        edition=edition,
    )
    return replace(printed, cramped=bool(names_cut))


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
        asked = [_asked(sheet, width) for sheet in sheets]
        if not all(
            not grid_columns.trial(titles, widths, needs, **options).sideways
            for titles, widths, needs, options in asked
        ):
            return 2
    return per_page
