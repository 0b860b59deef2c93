"""QR codes of links (the captain link on the table card and the room page), as SVG.

Drawn by reportlab's own QR widget, so no other library is needed.
"""

from __future__ import annotations

from reportlab.graphics import renderSVG
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing


def qr_svg(text: str, *, size: float = 180) -> str:
    """An SVG document of the QR code of `text`, `size` points square."""
    widget = QrCodeWidget(text, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    width, height = x1 - x0, y1 - y0
    drawing = Drawing(
        size, size, transform=[size / width, 0, 0, size / height, -x0, -y0]
    )
    drawing.add(widget)
    return renderSVG.drawToString(drawing)
