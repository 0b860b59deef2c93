"""The QR codes of a table card and the words around them: each code's
caption, the hall's Wi-Fi code beside the captain's, and, beside the
captain's, the site's address in words ("Phones open 192.168.1.20:8000", or
on a card printed from the organiser's own computer's address, that no phone
can open it). Drawn by printing.posters."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from players.typed_text import printable_text
from printing.editions import current
from printing.fitting import HEADING_LEADING, SMALLEST_HEADING, heading_lines
from printing.fonts import BOLD, REGULAR
from printing.pdf import INK, draw_text
from printing.table_cards import TableCard


def _qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    widget = QrCodeWidget(text, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(
        size,
        size,
        transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), -x0, -y0],
    )
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x, y)


def _two_codes(
    canvas: Canvas,
    card: TableCard,
    middle: float,
    qr_y: float,
    qr_size: float,
    width: float,
    scale: float,
) -> float:
    """The captain's QR code and the one that joins the hall's Wi-Fi, side by
    side, each with its caption under it; the captions' bottom."""
    gap = 10 * mm * scale
    # Each caption under its own code, never past the middle between the two.
    column = min((width - gap) / 2, qr_size + gap - 4 * scale)
    left, right = middle - (qr_size + gap) / 2, middle + (qr_size + gap) / 2
    _qr(canvas, card.url, left - qr_size / 2, qr_y, qr_size)
    _qr(canvas, card.wifi, right - qr_size / 2, qr_y, qr_size)
    size = current().floor(max(SMALLEST_HEADING, 12 * scale))
    top = qr_y - 3 * scale
    return min(
        _caption(canvas, card.link_caption, left, top, size, column),
        _caption(canvas, card.wifi_caption, right, top, size, column),
    )


def _beside_code(
    canvas: Canvas,
    card: TableCard,
    *,
    left: float,
    right: float,
    top: float,
    height: float,
    scale: float,
) -> bool:
    """The site's address in words, beside the QR code ("Phones open
    192.168.1.20:8000"), so the table sees where its phones go; on a card
    printed from the organiser's own computer's address (127.0.0.1), in
    bold, that no phone can open it. As large as the column and the code's
    height allow, never below the edition's smallest type, the address never
    broken. False, with nothing drawn, where the column cannot hold it so
    (a small card with the Wi-Fi code too): the card says it elsewhere."""
    width = right - left
    if width <= 0:
        return False
    edition = current()
    size = edition.floor(max(SMALLEST_HEADING, 14 * scale))
    text = _escape(card.address_caption)
    font = BOLD if card.unreachable else REGULAR
    # The widest word: the address, which is never broken ("12" over
    # "7.0.0.1:8000" reads as another address).
    words = printable_text(card.address_caption).split()
    while True:
        style = ParagraphStyle(
            "beside",
            fontName=font,
            fontSize=size,
            leading=size * HEADING_LEADING,
            alignment=TA_RIGHT,
            textColor=INK,
            splitLongWords=0,
        )
        paragraph = Paragraph(text, style)
        used = paragraph.wrap(width, height)[1]
        widest = max((stringWidth(word, font, size) for word in words), default=0)
        smallest = edition.floor(SMALLEST_HEADING)
        if (used <= height and widest <= width) or size <= smallest:
            break
        size = max(smallest, size - 0.5)
    if widest > width or used > height:
        return False
    paragraph.drawOn(canvas, left, top - min(used, height) - (height - used) / 2)
    return True


def _caption(
    canvas: Canvas, text: str, x: float, top: float, size: float, width: float
) -> float:
    """Bold words centred on `x` under a QR code, from `top` down, on as many
    lines as `width` needs (never below 8 pt, a long word broken); the bottom."""
    lines, fitted = heading_lines(
        text, BOLD, size, width, most=3, smallest=current().floor(SMALLEST_HEADING)
    )
    y = top - fitted * 0.85
    for line in lines:
        draw_text(
            canvas, line, x, y, font=BOLD, size=fitted, width=width, align="center"
        )
        y -= fitted * HEADING_LEADING
    return y + fitted * HEADING_LEADING - fitted * 0.3


def _escape(text: str) -> str:
    """`text` for a Paragraph: its markup characters escaped, nothing a PDF cannot show."""
    return (
        printable_text(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )
