"""Drawing a prediction whist drive's score sheets (the Wist grid) and travel
slips: one table's game to a slot, the players down the side, a column per
deal. On a score sheet each deal's box is split across, the prediction above
and the points below; on a slip each deal has a prediction column (P) and a
tricks column (T), and a last row adds up each deal's tricks.

The players' own cards are ordinary score cards (printing.pdf.draw_score_cards)
and the table cards ordinary table cards (printing.posters).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing.fonts import BOLD, REGULAR
from printing.pdf import (
    GREY,
    INK,
    PADDING,
    PAPERS,
    RED,
    SHADE,
    Printed,
    Slot,
    _TextRun,
    draw_text,
    paged,
)
from printing.prediction import GameSheet, SheetPlayer

HEADER = 21 * mm
NOTE_LINE = 3 * mm
MAX_PLAYER_ROW = 15 * mm
MAX_SLIP_ROW = 9 * mm


@dataclass(frozen=True)
class Layout:
    """The columns of a sheet, as shares of the width: the player's columns,
    the 8 deals, and the columns after them."""

    seat: float
    number: float
    name: float
    deal: float
    after: tuple[tuple[str, float], ...]


GRID_LAYOUT = Layout(
    seat=0.05,
    number=0.06,
    name=0.15,
    deal=0.0775,
    after=(("game", 0.06), ("evening", 0.06)),
)
SLIP_LAYOUT = Layout(
    seat=0.04,
    number=0.05,
    name=0.11,
    deal=0.08,
    after=(("points", 0.06), ("initials", 0.10)),
)


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
    game = "" if player.game_total is None else str(player.game_total)
    evening = "" if player.evening_total is None else str(player.evening_total)
    return {"game": game, "evening": evening, "points": game, "initials": ""}


def _heading(canvas: Canvas, sheet: GameSheet, slot: Slot) -> None:
    x = slot.x + PADDING
    width = slot.width - 2 * PADDING
    top = slot.y + slot.height - PADDING
    draw_text(canvas, sheet.title, x, top - 9, font=BOLD, size=10, width=width * 0.6)
    draw_text(canvas, sheet.club, x, top - 20, size=8, width=width * 0.6)
    draw_text(canvas, sheet.drive, x, top - 31, font=BOLD, size=9, width=width * 0.6)
    draw_text(
        canvas,
        f"{sheet.date} · {sheet.game_text}",
        x,
        top - 42,
        size=8,
        width=width * 0.62,
    )
    table = (
        _("Table %(table)s") % {"table": sheet.table}
        if sheet.table is not None
        else _("Table ___")
    )
    draw_text(
        canvas,
        table,
        x + width,
        top - 26,
        font=BOLD,
        size=24,
        width=width * 0.36,
        align="right",
    )


def _edges(x: float, width: float, sheet: GameSheet, layout: Layout) -> list[float]:
    """The left edge of each column, and the right edge of the last."""
    shares = [layout.seat, layout.number, layout.name]
    shares += [layout.deal] * len(sheet.deals)
    shares += [share for _key, share in layout.after]
    scale = 1 / sum(shares)
    edges = [x]
    for share in shares:
        edges.append(edges[-1] + share * scale * width)
    edges[-1] = x + width
    return edges


def _sheet_piece(sheet: GameSheet) -> Callable[[Canvas, Slot], None]:
    def draw(canvas: Canvas, slot: Slot) -> None:
        _heading(canvas, sheet, slot)
        layout = SLIP_LAYOUT if sheet.slip else GRID_LAYOUT
        x = slot.x + PADDING
        width = slot.width - 2 * PADDING
        top = slot.y + slot.height - PADDING - HEADER
        footer = NOTE_LINE * (len(sheet.notes) + 1)
        room = top - (slot.y + PADDING + footer)
        head = min(12 * mm, room * 0.22)
        lines = len(sheet.players) + (1 if sheet.slip else 0)
        limit = MAX_SLIP_ROW if sheet.slip else MAX_PLAYER_ROW
        row = min(limit, (room - head) / max(lines, 1))
        edges = _edges(x, width, sheet, layout)
        bottom = _table(canvas, sheet, edges, top=top, head=head, row=row)
        for index, note in enumerate(sheet.notes):
            draw_text(
                canvas,
                str(note),
                x,
                bottom - 9 - index * NOTE_LINE,
                size=6.5,
                width=width,
                color=GREY,
            )

    return draw


def _table(
    canvas: Canvas,
    sheet: GameSheet,
    edges: Sequence[float],
    *,
    top: float,
    head: float,
    row: float,
) -> float:
    """Draw the heading, the players' rows (and a slip's tricks row); return
    the bottom of the table."""
    left, right = edges[0], edges[-1]
    deals = len(sheet.deals)
    first_deal = 3
    after_keys = [
        key for key, _share in (SLIP_LAYOUT if sheet.slip else GRID_LAYOUT).after
    ]
    texts = _TextRun(canvas)
    light: list[tuple[float, float, float, float]] = []
    heavy: list[tuple[float, float, float, float]] = []
    canvas.setFillColor(SHADE)
    canvas.rect(left, top - head, right - left, head, stroke=0, fill=1)
    size = min(9.0, row * 0.42 if sheet.slip else row * 0.3)
    head_size = min(7.5, head / 4.2)
    # Heading: the player's columns, each deal's three lines, the columns after.
    titles = [_("Seat"), _("No."), _("Name")]
    for index, title in enumerate(titles):
        a, b = edges[index], edges[index + 1]
        texts.draw(
            title,
            (a + b) / 2,
            top - head * 0.6,
            font=BOLD,
            size=head_size,
            width=b - a - 2,
            align="center",
        )
    slip_letters = _slip_letters() if sheet.slip else ()
    for offset, heading in enumerate(sheet.deals):
        a, b = edges[first_deal + offset], edges[first_deal + offset + 1]
        kind, trumps, dealer = heading.lines()
        middle = (a + b) / 2
        texts.draw(
            kind,
            middle,
            top - head * 0.27,
            font=BOLD,
            size=head_size,
            width=b - a - 2,
            align="center",
        )
        texts.draw(
            trumps,
            middle,
            top - head * 0.52,
            size=head_size * 0.9,
            width=b - a - 2,
            align="center",
            color=RED if heading.trumps.is_red else INK,
        )
        if sheet.slip:
            for part, label in enumerate(slip_letters):
                texts.draw(
                    label,
                    a + (b - a) * (0.25 + 0.5 * part),
                    top - head * 0.93,
                    font=BOLD,
                    size=head_size * 0.85,
                    width=(b - a) / 2 - 1,
                    align="center",
                )
            light.append((middle, top - head * 0.78, middle, top - head))
            if dealer:
                texts.draw(
                    dealer,
                    middle,
                    top - head * 0.74,
                    size=head_size * 0.75,
                    width=b - a - 2,
                    align="center",
                    color=GREY,
                )
        elif dealer:
            texts.draw(
                dealer,
                middle,
                top - head * 0.8,
                size=head_size * 0.8,
                width=b - a - 2,
                align="center",
                color=GREY,
            )
    titles_after = _after_titles()
    for offset, key in enumerate(after_keys):
        a, b = (
            edges[first_deal + deals + offset],
            edges[first_deal + deals + offset + 1],
        )
        texts.draw(
            titles_after[key],
            (a + b) / 2,
            top - head * 0.6,
            font=BOLD,
            size=head_size,
            width=b - a - 2,
            align="center",
        )
    for edge in edges[1:-1]:
        light.append((edge, top, edge, top - head))
    # The players.
    y = top - head
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
            texts.draw(
                text,
                a + 2 if index == 2 else (a + b) / 2,
                bottom + row * 0.5 - size * 0.35,
                font=BOLD if index < 2 else REGULAR,
                size=size * (1.2 if index == 1 else 1),
                width=b - a - 3,
                align="left" if index == 2 else "center",
            )
        predictions = player.prediction_texts()
        seconds = player.second_texts()
        for offset in range(deals):
            a, b = edges[first_deal + offset], edges[first_deal + offset + 1]
            middle = (a + b) / 2
            if sheet.slip:
                light.append((middle, y, middle, bottom))
                places = (
                    (a + (b - a) * 0.25, predictions[offset]),
                    (a + (b - a) * 0.75, seconds[offset]),
                )
                for place, text in places:
                    if text:
                        texts.draw(
                            text,
                            place,
                            bottom + row * 0.5 - size * 0.35,
                            size=size,
                            width=(b - a) / 2 - 2,
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
        bottom = y - row
        canvas.setFillColor(SHADE)
        canvas.rect(left, bottom, right - left, row, stroke=0, fill=1)
        heavy.append((left, y, right, y))
        texts.draw(
            _("Tricks added up"),
            edges[0] + 2,
            bottom + row * 0.5 - size * 0.35,
            font=BOLD,
            size=size * 0.9,
            width=edges[first_deal] - edges[0] - 4,
        )
        for offset, total in enumerate(sheet.tricks_totals()):
            a, b = edges[first_deal + offset], edges[first_deal + offset + 1]
            light.append((a, y, a, bottom))
            if total:
                texts.draw(
                    total,
                    a + (b - a) * 0.75,
                    bottom + row * 0.5 - size * 0.35,
                    font=BOLD,
                    size=size,
                    width=(b - a) / 2 - 2,
                    align="center",
                )
        a = edges[first_deal + deals]
        light.append((a, y, a, bottom))
        y = bottom
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.4)
    canvas.lines(light)
    canvas.setLineWidth(1.1)
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
    sheets: Sequence[GameSheet], *, paper: str, per_page: int
) -> Printed:
    return paged(PAPERS[paper], per_page, (_sheet_piece(sheet) for sheet in sheets))
