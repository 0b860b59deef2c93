"""The QR codes of a table card and the words around them: each code's
caption, the hall's Wi-Fi code beside the captain's, and, beside the
captain's, the site's address in words ("Phones open 192.168.1.20:8000", or
on a card printed from the organiser's own computer's address, that no phone
can open it). Drawn by printing.posters."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics import renderPDF
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from drive.qr import qr_drawing
from players.typed_text import printable_text
from printing.editions import current
from printing.fitting import (
    HEADING_LEADING,
    SMALLEST_HEADING,
    heading_lines,
    held_numbers,
    lines_at,
)
from printing.fonts import BOLD, REGULAR
from printing.pdf import INK, Aside, draw_text
from printing.table_cards import TableCard

# Between the captain's QR code and the Wi-Fi's (mm on a card a page).
WIFI_GAP_MM = 10.0


def _qr(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    # A page only measured on (pdf.Aside) keeps nothing drawn: a code's room
    # is its size, which the caller has already taken.
    if isinstance(canvas, Aside):
        return
    renderPDF.draw(qr_drawing(text, size), canvas, x, y)


def _two_codes(
    canvas: Canvas,
    card: TableCard,
    *,
    code_x: float,
    qr_y: float,
    qr_size: float,
    left: float,
    right: float,
    scale: float,
) -> float:
    """The captain's QR code, its left edge at `code_x`, and the one that
    joins the hall's Wi-Fi on its right, each with its caption under it; the
    captions' bottom: in the middle, two or four cards a page, or one where
    the words beside the codes at its edge do not fit. The captions meet
    at the gap between the codes, the gap apart, the captain's set right up
    to its code's right edge and reaching left to the card's edge (`left`),
    the Wi-Fi's set left from its code's left edge to `right`: each has half
    the card (the captain's took six lines in Russian in a column little
    wider than its code), and the two do not read on as one line
    ("Kapitanie stolika: Wi-Fi: Sala-Parafialna", 4 pt apart).

    Under the Wi-Fi's caption, where phones go ("Phones open
    192.168.1.20:8000"), for a captain whose camera reads neither code: in
    the room the captain's caption's two or three lines leave beside its
    one; across the card under both where the address is wider than its
    column. (The wrong-address warning is the card's first words instead.)"""
    gap = WIFI_GAP_MM * mm * scale
    gutter = gap
    between = code_x + qr_size + gap / 2
    _qr(canvas, card.url, code_x, qr_y, qr_size)
    _qr(canvas, card.wifi, code_x + qr_size + gap, qr_y, qr_size)
    size = current().floor(max(SMALLEST_HEADING, 12 * scale))
    top = qr_y - 3 * scale
    end, start = between - gutter / 2, between + gutter / 2
    captain = _caption(
        canvas, card.link_caption, end, top, size, end - left, align="right"
    )
    wifi = _caption(
        canvas, card.wifi_caption, start, top, size, right - start, align="left"
    )
    if card.unreachable:
        return min(captain, wifi)
    address = card.address_caption
    host = max(printable_text(address).split(), key=len)
    if stringWidth(host, REGULAR, size) <= right - start:
        return min(captain, _words(canvas, address, start, wifi, size, right - start))
    middle = (left + right) / 2
    return _words(
        canvas, address, middle, min(captain, wifi), size, right - left, "center"
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
    caption: bool = False,
    under: float = 0.0,
    address: bool = True,
    shrink: bool = True,
) -> float | None:
    """The site's address in words, beside the QR code ("Phones open
    192.168.1.20:8000"), so the table sees where its phones go; on a card
    printed from the organiser's own computer's address (127.0.0.1), in
    bold, that no phone can open it. With `caption`, the captain's caption
    over it, in bold: beside its code, it says whose code it is. As large as
    the column and the code's height (and `under` it) allow, never below the
    edition's smallest type (without `shrink`, only at their usual size),
    the address never broken; without `address`, the caption alone. The
    words' bottom; or None, with nothing drawn, where the column cannot hold
    them so (a small card with the Wi-Fi code too): the card says it
    elsewhere."""
    width = right - left
    if width <= 0:
        return None
    edition = current()
    size = edition.floor(max(SMALLEST_HEADING, 14 * scale))
    texts = [(card.address_caption, BOLD if card.unreachable else REGULAR)]
    if not address:
        texts = []
    if caption:
        texts.insert(0, (card.link_caption, BOLD))
    # The widest word: the address, which is never broken ("12" over
    # "7.0.0.1:8000" reads as another address).
    words = [
        (word, font) for text, font in texts for word in printable_text(text).split()
    ]
    smallest = edition.floor(SMALLEST_HEADING) if shrink else size
    while True:
        paragraphs = [
            Paragraph(
                _escape(text),
                ParagraphStyle(
                    "beside",
                    fontName=font,
                    fontSize=size,
                    leading=size * HEADING_LEADING,
                    alignment=TA_RIGHT,
                    textColor=INK,
                    splitLongWords=0,
                ),
            )
            for text, font in texts
        ]
        between = size * (HEADING_LEADING - 1) * 2
        heights = [paragraph.wrap(width, height + under)[1] for paragraph in paragraphs]
        used = sum(heights) + between * (len(heights) - 1)
        widest = max((stringWidth(word, font, size) for word, font in words), default=0)
        if (used <= height + under and widest <= width) or size <= smallest:
            break
        size = max(smallest, size - 0.5)
    if widest > width or used > height + under:
        return None
    # In the middle of the code's height; from its top where taller.
    y = top - max(0.0, (height - used) / 2)
    for paragraph, used_by in zip(paragraphs, heights, strict=True):
        paragraph.drawOn(canvas, left, y - used_by)
        y -= used_by + between
    return y + between


def _codes_at_the_edge(
    canvas: Canvas,
    card: TableCard,
    *,
    code_x: float,
    qr_y: float,
    qr_size: float,
    left: float,
    lowest: float,
    scale: float,
    across: bool = True,
) -> tuple[float, bool] | None:
    """The captain's QR code and the Wi-Fi's, side by side at the card's
    right edge (the captain's left at `code_x`), on a card a page: the
    captain's caption and the address beside the captain's code on its
    left, the Wi-Fi's caption under the codes. The bottom of it all, and
    whether the address is beside the code; or None, with nothing drawn,
    where the words beside do not fit their column.

    The words beside stay within the codes' height, at their usual size.
    With `across`, the wrong-address warning that does not goes first in
    the card's words, across its width, and the caption alone beside the
    code: in a column beside two codes it ran on well under them, a word or
    two a line (Italian, as usual, ten lines of it under the codes). Else
    the words beside may go on under the codes' height and smaller, beside
    the Wi-Fi's caption and lower (down to `lowest`): the card's rules
    start under them."""
    gap = WIFI_GAP_MM * mm * scale
    block = 2 * qr_size + gap
    size = current().floor(max(SMALLEST_HEADING, 12 * scale))
    column = {
        "left": left,
        "right": code_x - 4 * mm * scale,
        "top": qr_y + qr_size,
        "height": qr_size,
        "scale": scale,
        "caption": True,
    }
    beside = _beside_code(canvas, card, **column, shrink=False)
    address = beside is not None
    if beside is None and across and card.unreachable:
        beside = _beside_code(canvas, card, **column, address=False)
    elif beside is None:
        beside = _beside_code(canvas, card, **column, under=qr_y - lowest)
        address = True
    if beside is None:
        return None
    _qr(canvas, card.url, code_x, qr_y, qr_size)
    _qr(canvas, card.wifi, code_x + qr_size + gap, qr_y, qr_size)
    # Under both codes, set right: under the Wi-Fi's, and never past it.
    bottom = _caption(
        canvas,
        card.wifi_caption,
        code_x + block,
        qr_y - 3 * scale,
        size,
        block,
        align="right",
    )
    return min(beside, bottom), address


def _caption(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    size: float,
    width: float,
    align: str = "center",
) -> float:
    """Bold words under a QR code, centred on `x` (or `align`ed on it), from
    `top` down, on as many lines as `width` needs (never below 8 pt, a long
    word broken); the bottom."""
    lines, fitted = heading_lines(
        text, BOLD, size, width, most=3, smallest=current().floor(SMALLEST_HEADING)
    )
    return _lines_down(canvas, lines, x, top, BOLD, fitted, width, align)


def _words(
    canvas: Canvas,
    text: str,
    x: float,
    top: float,
    size: float,
    width: float,
    align: str = "left",
) -> float:
    """Plain words `align`ed on `x` from `top` down, broken only between
    words, within `width` (which holds the longest); the bottom."""
    words = printable_text(text).split()
    lines = lines_at(text, REGULAR, size, width, most=max(1, len(words)))
    return _lines_down(canvas, lines, x, top, REGULAR, size, width, align)


def _lines_down(
    canvas: Canvas,
    lines: Sequence[str],
    x: float,
    top: float,
    font: str,
    size: float,
    width: float,
    align: str,
) -> float:
    """`lines` in `font` at `size`, `align`ed on `x`, each within `width`,
    from `top` down a heading's leading apart; the bottom of the last."""
    y = top - size * 0.85
    for line in lines:
        draw_text(canvas, line, x, y, font=font, size=size, width=width, align=align)
        y -= size * HEADING_LEADING
    return y + size * HEADING_LEADING - size * 0.3


def _escape(text: str) -> str:
    """`text` for a Paragraph: its markup characters escaped, nothing a PDF cannot show."""
    return (
        printable_text(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


def _sentence(text: str) -> str:
    """A printed sentence for a Paragraph (a table card's moves, the results
    sheet's rules and notes): escaped, each number held to the word before
    it (fitting.held_numbers), so no line starts with "128." alone."""
    return _escape(held_numbers(printable_text(text)))
