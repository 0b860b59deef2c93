"""Drawing the table cards: one per table, with the captain link's QR code,
the trumps and the movement in words (printing.table_cards says what each
holds). printing.pdf has the page layout; the results sheet is
printing.results_pdf's.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from django.utils.translation import gettext
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Paragraph,
)

from drive.secret_links import CAPTAIN
from printing.card_codes import (
    WIFI_GAP_MM,
    _beside_code,
    _caption,
    _codes_at_the_edge,
    _escape,
    _qr,
    _sentence,
    _two_codes,
)
from printing.editions import STANDARD, Edition, current
from printing.fitting import (
    HEADING_LEADING,
    facts_lines,
    text_width,
)
from printing.fonts import BOLD, FONT_DIR, REGULAR, register_fonts
from printing.pdf import (
    INK,
    PADDING,
    PAPERS,
    Aside,
    Printed,
    Slot,
    draw_text,
    paged,
)
from printing.readable import READABLE
from printing.table_cards import TableCard

# --- table cards -------------------------------------------------------------------

# The smallest a table card's words are set (points), on a card asked two or
# four to a page (printing.readable): read at the table in a dim hall. One to
# a page, as usual, they are 12 pt and more. Where a card's slot (a quarter
# page at 8 pt, or a whole page in large print) does not hold every line of
# the card, the big table number gives up room first (down to
# SMALLEST_NUMBER), then the club's name on the top line.
SMALL_CARD_TEXT = READABLE
SMALLEST_NUMBER = 48.0
# The captain's QR code (mm, on a card a page). A large-print card whose
# words still lack room with the number at its smallest (a prediction drive's
# rules at 16 pt, in Russian or Polish) gives up some of the code, down to
# SMALLEST_QR_MM: still read at arm's length by any phone's camera.
QR_MM = 62.0
SMALLEST_QR_MM = 40.0
# The lines of the card's rules, times their size, apart; where a large-print
# card lacks room with the number and the code at their smallest (a Russian
# prediction drive's card with the Wi-Fi code and the wrong-address warning
# lacked 22 pt), the headings' leading (1.15), still clear of the line below.
RULES_LEADING = 1.25


def _table_piece(
    card: TableCard, cramped: list[TableCard]
) -> Callable[[Canvas, Slot], None]:
    """The card's drawing; a card whose lines do not all fit goes in `cramped`."""

    def draw(canvas: Canvas, slot: Slot) -> None:
        scale = min(slot.width / A4[0], slot.height / A4[1])
        number_size = 190 * scale
        # Drawn once aside, to see what room the card's text lacks: on a card
        # a page too, where large print's 16 pt moves (or a long language's)
        # would otherwise lose their last lines with nothing fewer to print.
        spare = _draw_table_card(Aside(io.BytesIO()), card, slot, number_size)[0]
        if spare < 0:
            # A point more than the text lacks: the room left exactly came out
            # a hair short (-0.0) and the last line off.
            number_size = max(
                min(SMALLEST_NUMBER, number_size), number_size + (spare - 1) / 0.85
            )
        qr_mm = QR_MM
        if spare < 0 and current().is_large:
            spare = _draw_table_card(Aside(io.BytesIO()), card, slot, number_size)[0]
            if spare < 0:
                qr_mm = _smaller_code(card, slot, number_size, spare, scale)
        across = True
        if card.wifi and slot.whole_page:
            qr_mm, across = _codes_with_words_beside(card, slot, number_size, qr_mm)
        leading = RULES_LEADING
        if (
            qr_mm == SMALLEST_QR_MM
            and not _draw_table_card(
                Aside(io.BytesIO()), card, slot, number_size, qr_mm, across=across
            )[1]
        ):
            leading = HEADING_LEADING
        drawn = _draw_table_card(
            canvas, card, slot, number_size, qr_mm, leading, across=across
        )
        if not drawn[1]:
            cramped.append(card)

    return draw


def _smaller_code(
    card: TableCard, slot: Slot, number_size: float, spare: float, scale: float
) -> float:
    """The QR code's width (mm) that leaves the card's words the `spare`
    they lack (less than 0) with the number `number_size` high, never under
    SMALLEST_QR_MM. The words beside the code may no longer fit beside a
    smaller one and go under it: a millimetre less at a time, then, until
    every line is drawn."""
    qr_mm = max(SMALLEST_QR_MM, QR_MM + (spare - 1) / (mm * scale))
    while (
        qr_mm > SMALLEST_QR_MM
        and not _draw_table_card(Aside(io.BytesIO()), card, slot, number_size, qr_mm)[1]
    ):
        qr_mm = max(SMALLEST_QR_MM, qr_mm - 1)
    return qr_mm


def _codes_with_words_beside(
    card: TableCard, slot: Slot, number_size: float, qr_mm: float
) -> tuple[float, bool]:
    """The width (mm) of two QR codes at the card's right edge that leaves
    the words beside them (the captain's caption and the address) room for
    their longest word, and the card's rules room under them: a millimetre
    less at a time, never under SMALLEST_QR_MM (Italian's
    "dell'organizzatore;" at 16 pt is wider than the room beside two 62 mm
    codes); and whether the wrong-address warning goes across the card
    (card_codes._codes_at_the_edge). Across at any such width rather than
    beside: only where no width leaves every line room so does the warning
    run on under the codes beside them. `qr_mm` where no such width is: the
    words go elsewhere."""
    ways = (True, False) if card.unreachable else (True,)
    for across in ways:
        for smaller in range(int(qr_mm), int(SMALLEST_QR_MM) - 1, -1):
            size = min(qr_mm, float(smaller))
            _spare, whole, beside = _draw_table_card(
                Aside(io.BytesIO()), card, slot, number_size, size, across=across
            )
            if beside and whole:
                return size, across
    return qr_mm, True


def _draw_table_card(
    canvas: Canvas,
    card: TableCard,
    slot: Slot,
    number_size: float,
    qr_mm: float = QR_MM,
    leading: float = RULES_LEADING,
    *,
    across: bool = True,
) -> tuple[float, bool, bool]:
    """One table card in `slot`, its number `number_size` high, its QR code
    `qr_mm` wide (on a whole page), the lines of its rules `leading` times
    their size apart; with the Wi-Fi code, the wrong-address warning
    `across` the card where it does not fit beside the codes
    (card_codes._codes_at_the_edge)."""
    scale = min(slot.width / A4[0], slot.height / A4[1])
    x = slot.x + PADDING
    width = slot.width - 2 * PADDING
    top = slot.y + slot.height - PADDING
    middle = slot.x + slot.width / 2
    size = current().floor(max(SMALL_CARD_TEXT, 12 * scale))
    # Three lines for a long club's and drive's names; without the club where
    # they do not hold it all.
    facts = facts_lines((card.club, card.drive, card.date), REGULAR, size, width, 3)
    for index, line in enumerate(facts):
        draw_text(
            canvas,
            line,
            middle,
            top - 12 * scale - index * size * HEADING_LEADING,
            size=size,
            width=width,
            align="center",
        )
    # A second line of facts moves the rest down.
    top -= (len(facts) - 1) * size * HEADING_LEADING
    draw_text(
        canvas,
        # Translators: the big word over the table number on a table card.
        gettext("TABLE"),
        middle,
        top - 50 * scale,
        font=BOLD,
        size=max(10, 30 * scale),
        align="center",
    )
    draw_text(
        canvas,
        str(card.table),
        middle,
        top - 50 * scale - number_size * 0.85,
        font=BOLD,
        size=number_size,
        width=width,
        align="center",
    )
    below = top - 50 * scale - number_size * 0.85 - 14 * scale
    qr_size = qr_mm * mm * scale
    qr_y = below - qr_size
    # The QR codes side by side, the captain's first: its own, or with the
    # one that joins the hall's Wi-Fi.
    codes = 2 if card.wifi else 1
    block = codes * qr_size + (codes - 1) * WIFI_GAP_MM * mm * scale
    # Beside the codes, on their left: where phones go.
    code_x = middle - block / 2
    apart = 4 * mm * scale

    def beside_left_of(right: float) -> bool:
        return (
            _beside_code(
                canvas,
                card,
                left=x,
                right=right,
                top=qr_y + qr_size,
                height=qr_size,
                scale=scale,
            )
            is not None
        )

    # On a card a page, where there are too many words for the room beside
    # the codes in the middle (the wrong-address warning in a long language
    # at 16 pt; any words at all beside two codes), the codes go to the right
    # edge and the words into the wider room on their left, where a person
    # looks for the code, rather than over the card's rules, which then
    # lacked lines. Beside two codes the captain's caption goes there too,
    # over the address, and the Wi-Fi's under the codes: a caption under
    # each code took a column little wider than the code, six lines of it in
    # Russian. (Two or four a page, such a card prints fewer a page.)
    at_the_edge = x + width - block
    beside = not card.wifi and beside_left_of(code_x - apart)
    # Whether the address (or the warning) is beside the code(s).
    address_beside = beside
    above: float | None = None
    if not beside and slot.whole_page:
        if card.wifi:
            edge = _codes_at_the_edge(
                canvas,
                card,
                code_x=at_the_edge,
                qr_y=qr_y,
                qr_size=qr_size,
                left=x,
                lowest=slot.y + PADDING / 2,
                scale=scale,
                across=across,
            )
            beside = edge is not None
            if edge is not None:
                above, address_beside = edge
        elif beside_left_of(at_the_edge - apart):
            beside, code_x, address_beside = True, at_the_edge, True
    if card.wifi and above is None:
        # Under each code its caption, and under the Wi-Fi's (or across the
        # card) where phones go; the wrong-address warning, if any, goes
        # first in the card's words (address_beside is False).
        above = _two_codes(
            canvas,
            card,
            code_x=code_x,
            qr_y=qr_y,
            qr_size=qr_size,
            left=x,
            right=x + width,
            scale=scale,
        )
    elif not card.wifi:
        _qr(canvas, card.url, code_x, qr_y, qr_size)
        if current().is_large or scale < 1:
            # The caption whole, on as many lines as it takes at 16 pt (8 pt
            # on a card two or four to a page).
            caption = current().floor(max(SMALL_CARD_TEXT, 12 * scale))
            above = _caption(
                canvas, card.link_caption, middle, qr_y - 3, caption, width
            )
        else:
            caption_size = max(SMALL_CARD_TEXT, 12 * scale)
            caption_y = qr_y - 12 * scale
            draw_text(
                canvas,
                card.link_caption,
                middle,
                caption_y,
                font=BOLD,
                size=caption_size,
                width=width,
                align="center",
            )
            above = caption_y - 0.25 * caption_size
    edition = current()
    text_size = edition.floor(max(SMALL_CARD_TEXT, 12.5 * scale))
    style = ParagraphStyle(
        "card",
        fontName=REGULAR,
        fontSize=text_size,
        leading=max(SMALL_CARD_TEXT * HEADING_LEADING, 16 * scale, text_size * leading),
        alignment=TA_LEFT,
        textColor=INK,
    )
    if card.deals:
        heading = _escape(gettext("Deals of each game:"))
        blocks = [f"<b>{heading}</b> {_sentence(card.deals)}"]
    else:
        heading = _escape(gettext("Trumps, hand by hand:"))
        blocks = [f"<b>{heading}</b> {_sentence(card.trumps_text)}"]
    # Each number held to its word: "la masa" over "128." was read as a
    # line of its own.
    blocks += [f"• {_sentence(line)}" for line in card.instructions]
    if card.unreachable and not address_beside:
        # No room beside the code: the wrong address goes first, in bold.
        blocks.insert(0, f"<b>{_sentence(card.address_caption)}</b>")
    paragraphs = [Paragraph(block, style) for block in blocks]
    heights = [paragraph.wrap(width, slot.height)[1] for paragraph in paragraphs]
    lowest = slot.y + PADDING / 2

    def first_line(size: float) -> float:
        # Under what is above, a little apart: the link's capitals and
        # digits (0.73 of its size).
        return above - 3 * scale - 0.8 * size

    def kept(layout: tuple[float, list[str]]) -> int:
        """How many of the card's paragraphs fit under the link set so."""
        size, lines = layout
        y = first_line(size) - (len(lines) - 1) * size * HEADING_LEADING
        y -= 10 * scale
        for count, used in enumerate(heights):
            if y - used < lowest:
                return count
            y -= used + 4 * scale
        return len(heights)

    # The link as large as leaves room for every line of the card's text,
    # or for as much of it as any size of the link leaves room for.
    layouts = typed_links(card.url, width, scale)
    most = max(kept(layout) for layout in layouts)
    url_size, url_lines = next(layout for layout in layouts if kept(layout) == most)
    url_font = typed_font(card.url)
    url_y = first_line(url_size)
    for line in url_lines:
        draw_text(
            canvas,
            line,
            middle,
            url_y,
            font=url_font,
            size=url_size,
            width=width,
            align="center",
        )
        url_y -= url_size * HEADING_LEADING
    text_y = url_y + url_size * HEADING_LEADING - 10 * scale
    drawn = 0
    for paragraph, used in zip(paragraphs, heights, strict=True):
        if text_y - used < lowest:
            break
        paragraph.drawOn(canvas, x, text_y - used)
        text_y -= used + 4 * scale
        drawn += 1
    # The room every line would leave under the link at its best (less than
    # 0: what the number gives up), whether every line was drawn, and whether
    # the words beside the code(s) were.
    size, lines = layouts[0]
    under = first_line(size) - (len(lines) - 1) * size * HEADING_LEADING
    need = sum(heights) + 4 * scale * (len(heights) - 1)
    return under - 10 * scale - lowest - need, drawn == len(paragraphs), beside


# The captain link under the QR code is typed by hand when the code will not
# scan (poor light, an old phone), letter by letter, as the site's "no such
# page" asks: so it is set in black, in a monospaced face whose l, I and 1 and
# O and 0 differ (DejaVu Sans Mono Bold: an l with a tail, a 1 with a flag, an
# I with serifs, a 0 with a dot), embedded like the sheets' DejaVu Sans and
# bundled beside it in printing/fonts (Debian's fonts-dejavu-core, the same
# licence). Were it missing, the system's copy, then reportlab's own Courier
# Bold (the link is ASCII).
TYPED = "DejaVuSansMono-Bold"
TYPED_FALLBACK = "Courier-Bold"
_TYPED_FILES = (
    FONT_DIR / "DejaVuSansMono-Bold.ttf",
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"),
)
# The link's size: 12 pt on a card a page, not below 9 pt at 2 or 4 cards a
# page unless the card's text would not fit, never below 7 pt (the captions'
# smallest) nor the edition's smallest. Rather 8 pt on one line than 9 pt on
# two: an address on two lines may be typed with a space, or only its first.
TYPED_SIZE = 12.0
TYPED_SMALLEST = 9.0
TYPED_ONE_LINE = 8.0
TYPED_LAST = SMALL_CARD_TEXT


@cache
def _typed_face() -> str:
    register_fonts()
    for path in _TYPED_FILES:
        if path.is_file():
            pdfmetrics.registerFont(TTFont(TYPED, str(path)))
            return TYPED
    return TYPED_FALLBACK


def typed_font(url: str) -> str:
    """The face the link is typed from: monospaced; the sheets' own face for
    a link Courier cannot show (a host written in its own letters)."""
    face = _typed_face()
    if face == TYPED_FALLBACK and not url.isascii():
        return REGULAR
    return face


def typed_links(url: str, width: float, scale: float) -> list[tuple[float, list[str]]]:
    """The ways to set the captain link within `width`, the best first (size,
    lines): on one line, from 12 pt (times the card's scale) down by half
    points to 8 pt; then from the largest size down to 7 pt, on one line or
    else on two broken before the captain's path ("https://club.example.org"
    and "/t/<key>/", the key whole on its line), or else a part too wide on
    as many lines as it takes, letter by letter. Never a space inside: the
    address is typed as it is printed."""
    font = typed_font(url)
    edition = current()
    last = edition.floor(TYPED_LAST)
    size = max(edition.floor(TYPED_SIZE * scale), edition.floor(TYPED_SMALLEST))
    sizes = []
    while size >= last:
        sizes.append(size)
        size -= 0.5
    cut = url.rfind(CAPTAIN.prefix)
    parts = [url[:cut], url[cut:]] if cut > 0 else [url]
    layouts = [
        (size, [url])
        for size in sizes
        if size >= edition.floor(TYPED_ONE_LINE)
        and text_width(url, font, size) <= width
    ]
    for size in sizes:
        if text_width(url, font, size) <= width:
            lines = [url]
        elif all(text_width(part, font, size) <= width for part in parts):
            lines = parts
        else:
            lines = []
            for part in parts:
                lines.append("")
                for letter in part:
                    if lines[-1] and text_width(lines[-1] + letter, font, size) > width:
                        lines.append("")
                    lines[-1] += letter
        if (size, lines) not in layouts:
            layouts.append((size, lines))
    return layouts


def draw_table_cards(
    cards: Sequence[TableCard],
    *,
    paper: str,
    per_page: int,
    edition: Edition = STANDARD,
) -> Printed:
    cramped: list[TableCard] = []
    printed = paged(
        PAPERS[paper],
        per_page,
        lambda _slot: (_table_piece(card, cramped) for card in cards),
        edition=edition,
    )
    return replace(printed, cramped=bool(cramped))
