"""Drawing the table of a prediction whist drive's score sheet or travel slip
(printing.prediction_pdf lays the sheet out): the heading, a row for each
player, and on a slip a last row adding up each deal's tricks.

The players' names are in a column of their own, or, where a name does not
fit that column whole (printing.prediction_pdf says where), each in a band
across the whole table over its player's row: the name on as many lines as
it takes at 8 pt (16 pt in large print), never cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.pdfgen.canvas import Canvas

from printing import grid_columns
from printing.editions import STANDARD, current
from printing.fitting import HEADING_LEADING, name_lines, names_size
from printing.fonts import BOLD, REGULAR
from printing.grid_pdf import draw_sideways
from printing.pdf import GREY, INK, SHADE, TextRun
from printing.prediction import GameSheet, SheetPlayer
from printing.prediction_layout import (
    SMALLEST,
    after_texts,
    deal_parts,
    first_deal,
    heading_cells,
    letters_band,
    lines_height,
    sheet_layout,
    slip_letters,
)
from printing.readable import READABLE

Line = tuple[float, float, float, float]

# A band's words stand this far in from the table's rules, each side.
INSET = 3


def tricks_words() -> str:
    return _("Tricks added up")


def band_height(lines: int, size: float) -> float:
    """The height of a band of `lines` lines at `size` over a player's row."""
    return lines * size * HEADING_LEADING + size * 0.35


def draw_table(
    canvas: Canvas,
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    edges: Sequence[float],
    *,
    top: float,
    head: float,
    row: float,
    last: float = 0.0,
    bands: Sequence[Sequence[str]] | None = None,
    rows: tuple[int, int] | None = None,
    letters: float = 0.0,
) -> float:
    """Draw the heading, the players' rows (and a slip's tricks row, `last`
    high, or `row`); return the bottom of the table. With `bands` (each
    player's name's lines, then on a slip the tricks row's), each name is
    drawn in a band over its player's row, and the table has no name
    column. `rows`: the players (first, after the last) of a sheet whose
    rows go on over more than one page; the tricks row under the last.
    `letters`: the size of a slip's letters under each deal (8 pt, or
    16 pt in large print, where not given)."""
    left, right = edges[0], edges[-1]
    named = bands is None
    deals = len(sheet.deals)
    first = first_deal(named)
    texts = TextRun(canvas)
    light: list[Line] = []
    heavy: list[Line] = []
    # Where the rules between the columns run: the heading and each row
    # (not across a name's band).
    spans = [(top, top - head)]
    edition = current()
    size = edition.floor(
        max(SMALLEST, min(9.0, row * 0.42 if sheet.slip else row * 0.3))
    )
    _heading(
        canvas,
        texts,
        light,
        sheet,
        plan,
        edges,
        top=top,
        head=head,
        named=named,
        letter_size=letters or edition.floor(SMALLEST),
    )
    y = top - head
    name_room = edges[3] - edges[2] - 3 if named else 0.0
    # The players: the names of one sheet at one size, on two lines where
    # the row has room (a name still too long is cut, not shrunk on its own).
    # As many lines as the row holds: a long name is set on three lines at
    # 9 pt rather than on two at 5.4 pt (and every other name with it).
    name_size, name_most = names_size(
        [player.name for player in sheet.players] if named else [],
        REGULAR,
        size,
        name_room,
        row,
        # Never under 8 pt, a player's name read across the table (a long
        # one is given the room for its longest part: `_needs`).
        smallest=edition.floor(min(size, max(size * 0.6, READABLE))),
    )
    band_size = edition.floor(READABLE)
    start, end = rows or (0, len(sheet.players))
    for index, player in enumerate(sheet.players[start:end], start):
        heavy.append((left, y, right, y))
        if bands is not None:
            y = _band(texts, light, bands[index], band_size, left, right, y)
        bottom = y - row
        spans.append((y, bottom))
        cells = [
            str(player.seat),
            "" if player.number is None else str(player.number),
        ]
        for column, text in enumerate(cells):
            a, b = edges[column], edges[column + 1]
            if text:
                texts.draw(
                    text,
                    (a + b) / 2,
                    bottom + row * 0.5 - size * 0.35,
                    font=BOLD,
                    size=size * (1.2 if column == 1 else 1),
                    width=b - a - 3,
                    align="center",
                )
        if named and player.name:
            lines = name_lines(player.name, REGULAR, name_size, name_room, name_most)
            leading = name_size * HEADING_LEADING
            baseline = bottom + row * 0.5 - name_size * 0.35
            baseline += (len(lines) - 1) * leading / 2
            for line in lines:
                texts.draw(line, edges[2] + 2, baseline, size=name_size)
                baseline -= leading
        _deal_cells(texts, light, sheet, player, edges, first, y, row, size)
        for edge in edges[1:-1]:
            light.append((edge, y, edge, bottom))
        y = bottom
    if sheet.slip and end == len(sheet.players):
        # Each deal's tricks added up: 13, or 10 at a table of five.
        row = last or row
        heavy.append((left, y, right, y))
        # The row's label at the rows' size (9 pt where they have room),
        # never under 8 pt.
        label_size = max(size, SMALLEST)
        if bands is not None:
            # The row's words in a band over it, as the names are.
            band = band_height(len(bands[-1]), band_size)
            canvas.setFillColor(SHADE)
            canvas.rect(left, y - band, right - left, band, stroke=0, fill=1)
            y = _band(texts, light, bands[-1], band_size, left, right, y, font=BOLD)
        bottom = y - row
        spans.append((y, bottom))
        canvas.setFillColor(SHADE)
        canvas.rect(left, bottom, right - left, row, stroke=0, fill=1)
        if named:
            texts.draw(
                tricks_words(),
                edges[0] + 2,
                bottom + row * 0.5 - size * 0.35,
                font=BOLD,
                size=label_size,
                width=edges[first] - edges[0] - 4,
            )
        for offset, total in enumerate(sheet.tricks_totals()):
            a, b = edges[first + offset], edges[first + offset + 1]
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
        a = edges[first + deals]
        light.append((a, y, a, bottom))
        y = bottom
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(edition.light_rule)
    canvas.lines(light)
    canvas.setLineWidth(1.1 * edition.heavy_rule / STANDARD.heavy_rule)
    canvas.lines(heavy)
    # The deals apart: a heavier rule before each deal and after the last.
    if named:
        spans = [(top, y)]
    canvas.lines(
        [
            (edges[first + i], upper, edges[first + i], lower)
            for i in range(deals + 1)
            for upper, lower in spans
        ]
    )
    canvas.rect(left, y, right - left, top - y, stroke=1, fill=0)
    texts.finish()
    return y


def _heading(
    canvas: Canvas,
    texts: TextRun,
    light: list[Line],
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    edges: Sequence[float],
    *,
    top: float,
    head: float,
    named: bool,
    letter_size: float,
) -> None:
    """The table's heading: each column's lines whole, in the middle of the
    cell; a slip's letters (at `letter_size`) under each deal in a band of
    their own at the foot."""
    left, right = edges[0], edges[-1]
    canvas.setFillColor(SHADE)
    canvas.rect(left, top - head, right - left, head, stroke=0, fill=1)
    first = first_deal(named)
    deals = len(sheet.deals)
    letters = letters_band(letter_size) if sheet.slip else 0.0
    cells = heading_cells(sheet, plan, named)
    for index, (lines, heading) in enumerate(zip(cells, plan.headings, strict=True)):
        a, b = edges[index], edges[index + 1]
        deal = first <= index < first + deals
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
        baseline = top - (head - band - lines_height(lines)) / 2
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
            cut, first_middle, second = deal_parts()
            middle = a + (b - a) * cut
            for place, share, label in zip(
                (first_middle, second), (cut, 1 - cut), slip_letters(), strict=True
            ):
                texts.draw(
                    label,
                    a + (b - a) * place,
                    top - head + letters * 0.3,
                    font=BOLD,
                    size=letter_size,
                    width=(b - a) * share - 1,
                    align="center",
                )
            light.append((middle, top - head + letters, middle, top - head))
            light.append((a, top - head + letters, b, top - head + letters))
    for edge in edges[1:-1]:
        light.append((edge, top, edge, top - head))


def _band(
    texts: TextRun,
    light: list[Line],
    lines: Sequence[str],
    size: float,
    left: float,
    right: float,
    top: float,
    font: str = REGULAR,
) -> float:
    """A band across the table from `top`: its lines (a player's name) at
    `size`, a light rule under it; return its foot."""
    leading = size * HEADING_LEADING
    baseline = top - size * 1.1
    for line in lines:
        texts.draw(
            line,
            left + INSET,
            baseline,
            font=font,
            size=size,
            width=right - left - 2 * INSET,
        )
        baseline -= leading
    bottom = top - band_height(max(len(lines), 1), size)
    light.append((left, bottom, right, bottom))
    return bottom


def _deal_cells(
    texts: TextRun,
    light: list[Line],
    sheet: GameSheet,
    player: SheetPlayer,
    edges: Sequence[float],
    first: int,
    top: float,
    row: float,
    size: float,
) -> None:
    """A player's row's deals (a slip's prediction and tricks side by side,
    a score sheet's prediction above its points) and the columns after."""
    bottom = top - row
    deals = len(sheet.deals)
    predictions = player.prediction_texts()
    seconds = player.second_texts()
    for offset in range(deals):
        a, b = edges[first + offset], edges[first + offset + 1]
        # Each part of the deal's cell: its text, its middle across, its
        # middle up (a share of the row), its room, its font and colour.
        if sheet.slip:
            cut, first_middle, second = deal_parts()
            light.append((a + (b - a) * cut, top, a + (b - a) * cut, bottom))
            parts = (
                (predictions[offset], first_middle, 0.5, cut, REGULAR, INK),
                (seconds[offset], second, 0.5, 1 - cut, REGULAR, INK),
            )
            pad = 2
        else:
            light.append((a, bottom + row / 2, b, bottom + row / 2))
            parts = (
                (predictions[offset], 0.5, 0.75, 1.0, REGULAR, GREY),
                (seconds[offset], 0.5, 0.25, 1.0, BOLD, INK),
            )
            pad = 3
        for text, across, up, share, font, color in parts:
            if text:
                texts.draw(
                    text,
                    a + (b - a) * across,
                    bottom + row * up - size * 0.35,
                    font=font,
                    size=size,
                    width=(b - a) * share - pad,
                    align="center",
                    color=color,
                )
    after = after_texts(player)
    for offset, (key, _share) in enumerate(sheet_layout(sheet).after):
        a = edges[first + deals + offset]
        b = edges[first + deals + offset + 1]
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
