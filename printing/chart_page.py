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

from printing import card_pdf, pdf
from printing.editions import STANDARD, Edition, current
from printing.fonts import BOLD, REGULAR
from scoring import charts
from scoring.card_rows import ScoreCard

TITLE_SIZE = 14
# Between the chart's title and its drawing.
TITLE_GAP = 6 * mm


def _chart_piece(chart: charts.Chart) -> Callable[[Canvas, pdf.Slot], None]:
    def draw(canvas: Canvas, slot: pdf.Slot) -> None:
        top = slot.y + slot.height - pdf.PADDING
        title_size = current().floor(TITLE_SIZE)
        pdf.draw_text(
            canvas,
            chart.title,
            slot.x + pdf.PADDING,
            top - title_size,
            font=BOLD,
            size=title_size,
            width=slot.width - 2 * pdf.PADDING,
        )
        picture = charts.drawing(chart, font=REGULAR)
        scale = (slot.width - 2 * pdf.PADDING) / picture.width
        bottom = top - title_size - TITLE_GAP - picture.height * scale
        canvas.saveState()
        canvas.translate(slot.x + pdf.PADDING, bottom)
        canvas.scale(scale, scale)
        renderPDF.draw(picture, canvas, 0, 0)
        canvas.restoreState()

    return draw


def draw_card_with_chart(
    card: ScoreCard,
    chart: charts.Chart,
    *,
    paper: str = "a4",
    edition: Edition = STANDARD,
) -> pdf.Printed:
    """The card alone on its page(s) in `edition`, then the chart on a page
    of its own."""
    card_pieces = card_pdf.card_pieces([card])

    def pieces(sample: pdf.Slot) -> Iterator[pdf.Piece]:
        yield from card_pieces(sample)
        yield _chart_piece(chart)

    return pdf.paged(pdf.PAPERS[paper], 1, pieces, edition=edition)
