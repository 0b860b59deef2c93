"""QR codes of links (the captain link on the table card and the room page).

Drawn by reportlab's own QR widget, so no other library is needed. A code is
encoded once per link and kept: the widget encodes afresh (and tries every
mask) each time it is asked for its size or drawn, and a drive's table cards
ask for the same few links again and again, in every size they try.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.graphics import renderSVG
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing, Group


@lru_cache(maxsize=512)
def _encoded(text: str) -> tuple[Group, tuple[float, float, float, float]]:
    """The code's shapes (its dark modules and its quiet zone) and their
    bounds, in the widget's own units. Never changed once made: a drawing
    shows them, at any size, without copying."""
    shapes = QrCodeWidget(text, barLevel="M").draw()
    return shapes, shapes.getBounds()


def qr_drawing(text: str, size: float) -> Drawing:
    """The QR code of `text`, its quiet zone included, `size` points square."""
    shapes, (x0, y0, x1, y1) = _encoded(text)
    drawing = Drawing(
        size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), -x0, -y0]
    )
    drawing.add(shapes)
    return drawing


def qr_svg(text: str, *, size: float = 180) -> str:
    """An SVG document of the QR code of `text`, `size` points square."""
    return renderSVG.drawToString(qr_drawing(text, size))
