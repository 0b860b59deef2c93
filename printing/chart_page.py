"""A player's card with the race: the card, then a page with their line among
the leaders' (scoring.race), the same drawing the results page shows, here in
print colours and the printed sheets' font. The e-mail sends it (its picture
in a PDF: mail programs do not show the page's SVG, and reportlab's PNG needs
a cairo library the site does without).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from reportlab.graphics import renderPDF
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printing import pdf
from printing.fonts import BOLD, REGULAR, register_fonts
from scoring import charts
from scoring.cards import ScoreCard

TITLE_SIZE = 14


def _chart_piece(chart: charts.Chart) -> Callable[[Canvas, pdf.Slot], None]:
    def draw(canvas: Canvas, slot: pdf.Slot) -> None:
        top = slot.y + slot.height - pdf.PADDING
        pdf.draw_text(
            canvas,
            chart.title,
            slot.x + pdf.PADDING,
            top - TITLE_SIZE,
            font=BOLD,
            size=TITLE_SIZE,
            width=slot.width - 2 * pdf.PADDING,
        )
        picture = charts.drawing(chart, font=REGULAR)
        scale = (slot.width - 2 * pdf.PADDING) / picture.width
        bottom = top - TITLE_SIZE - 6 * mm - picture.height * scale
        canvas.saveState()
        canvas.translate(slot.x + pdf.PADDING, bottom)
        canvas.scale(scale, scale)
        renderPDF.draw(picture, canvas, 0, 0)
        canvas.restoreState()

    return draw


def draw_card_with_chart(
    card: ScoreCard, chart: charts.Chart, *, paper: str = "a4"
) -> pdf.Printed:
    """The card alone on its page(s), then the chart on a page of its own."""
    register_fonts()
    size = pdf.PAPERS[paper]
    sample = pdf.slots(size, 1)[0]

    def pieces() -> Iterator[Callable[[Canvas, pdf.Slot], None]]:
        yield from pdf.card_pieces([card], sample)
        yield _chart_piece(chart)

    return pdf.paged(size, 1, pieces())
