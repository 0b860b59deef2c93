"""Drawing the sheets that are not ruled grids: table cards (one per table, with
the captain link's QR code) and the results sheet, which flows over as many
pages as it needs, its heading row repeated on each. printing.pdf has the page
layout they share.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from django.utils.translation import gettext, pgettext
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from drive.secret_links import CAPTAIN
from players.typed_text import printable_text
from printing import grid_columns
from printing.card_codes import _beside_code, _caption, _escape, _qr, _two_codes
from printing.content import RESULT_COLUMNS, ResultsSheet
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    HEADING_LEADING,
    SMALLEST_HEADING,
    facts_lines,
    parted_lines,
    spread,
    text_width,
)
from printing.fonts import BOLD, FONT_DIR, REGULAR, register_fonts
from printing.grid_pdf import draw_sideways
from printing.pdf import (
    GREY,
    INK,
    LIGHT,
    PADDING,
    PAPERS,
    SHADE,
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
# a page, as usual, they are 12 pt and more. Where a quarter page does not
# hold every line of the card at 8 pt, the big table number gives up room
# first (down to SMALLEST_NUMBER), then the club's name on the top line.
SMALL_CARD_TEXT = READABLE
SMALLEST_NUMBER = 48.0


def _table_piece(
    card: TableCard, cramped: list[TableCard]
) -> Callable[[Canvas, Slot], None]:
    """The card's drawing; a card whose lines do not all fit goes in `cramped`."""

    def draw(canvas: Canvas, slot: Slot) -> None:
        scale = min(slot.width / A4[0], slot.height / A4[1])
        number_size = 190 * scale
        if scale < 1:
            # Drawn once aside, to see what room the card's text lacks.
            spare, _all = _draw_table_card(Aside(io.BytesIO()), card, slot, number_size)
            if spare < 0:
                number_size = max(
                    min(SMALLEST_NUMBER, number_size), number_size + spare / 0.85
                )
        if not _draw_table_card(canvas, card, slot, number_size)[1]:
            cramped.append(card)

    return draw


def _draw_table_card(
    canvas: Canvas, card: TableCard, slot: Slot, number_size: float
) -> tuple[float, bool]:
    """One table card in `slot`, its number `number_size` high."""
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
    qr_size = 62 * mm * scale
    qr_y = below - qr_size
    codes = 2 if card.wifi else 1
    # Beside the (captain's) QR code, on its left: where phones go.
    gap = 10 * mm * scale
    beside = _beside_code(
        canvas,
        card,
        left=x,
        right=middle - (codes * qr_size + (codes - 1) * gap) / 2 - 4 * mm * scale,
        top=qr_y + qr_size,
        height=qr_size,
        scale=scale,
    )
    if card.wifi:
        above = _two_codes(canvas, card, middle, qr_y, qr_size, width, scale)
    else:
        _qr(canvas, card.url, middle - qr_size / 2, qr_y, qr_size)
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
        leading=max(SMALL_CARD_TEXT * HEADING_LEADING, 16 * scale, text_size * 1.25),
        alignment=TA_LEFT,
        textColor=INK,
    )
    if card.deals:
        heading = _escape(gettext("Deals of each game:"))
        blocks = [f"<b>{heading}</b> {_escape(card.deals)}"]
    else:
        heading = _escape(gettext("Trumps, hand by hand:"))
        blocks = [f"<b>{heading}</b> {_escape(card.trumps_text)}"]
    blocks += [f"• {_escape(line)}" for line in card.instructions]
    if card.unreachable and not beside:
        # No room beside the code: the wrong address goes first, in bold.
        blocks.insert(0, f"<b>{_escape(card.address_caption)}</b>")
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
    # 0: what the number gives up), and whether every line was drawn.
    size, lines = layouts[0]
    under = first_line(size) - (len(lines) - 1) * size * HEADING_LEADING
    need = sum(heights) + 4 * scale * (len(heights) - 1)
    return under - 10 * scale - lowest - need, drawn == len(paragraphs)


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


# --- results sheet -----------------------------------------------------------------


# The results table's columns set on the left (the rest are figures, on the right).
LEFT_COLUMNS = ("name", "group")
# A heading cell's padding either side (less than reportlab's 6: the
# headings of the narrow columns need the room).
CELL_PADDING = 3
RESULTS_HEADING = 10


def _heading_cell(heading: grid_columns.Heading, left: bool) -> Flowable:
    """A results table's column heading as set (printing.grid_columns): its
    lines, each word whole, or turned sideways."""
    lines = [line for part, _font in heading.lines for line in part]
    if heading.sideways:
        return Sideways(lines, heading.size)
    size = heading.size
    style = ParagraphStyle(
        "column",
        fontName=BOLD,
        fontSize=size,
        leading=size * HEADING_LEADING,
        alignment=TA_LEFT if left else TA_RIGHT,
        splitLongWords=0,
    )
    return Paragraph("<br/>".join(_escape(line) for line in lines), style)


class Sideways(Flowable):
    """A heading turned to read upwards, in the middle of its cell."""

    def __init__(self, lines: Sequence[str], size: float) -> None:
        super().__init__()
        self.lines = list(lines)
        self.size = size

    def wrap(self, available_width: float, available_height: float):
        length = max(text_width(line, BOLD, self.size) for line in self.lines)
        self.width = available_width
        self.height = length + 2
        return self.width, self.height

    def draw(self) -> None:
        draw_sideways(
            self.canv,
            [(line, BOLD, INK) for line in self.lines],
            middle=self.width / 2,
            bottom=0,
            height=self.height,
            size=self.size,
        )


# A results cell's padding either side, as reportlab sets it.
DATA_PADDING = 6


def _needs(
    sheet: ResultsSheet, columns: Sequence[tuple[str, str, float]], size: float
) -> list[float]:
    """What each column of the results table needs: its widest figure at
    `size` (the name and group columns, which wrap, their longest word)."""
    texts = [line.texts() for section in sheet.sections for line in section.lines]
    needs = []
    for key, _title, _share in columns:
        need = 0.0
        for row in texts:
            value = printable_text(row.get(key, ""))
            if key in LEFT_COLUMNS:
                value = max(value.split() or [""], key=len)
            need = max(need, text_width(value, BOLD, size) + 2 * DATA_PADDING)
        needs.append(need)
    return needs


PRIZE_SHARES = (0.35, 0.45, 0.2)


def _prize_widths(sheet: ResultsSheet, width: float, size: float) -> list[float]:
    """The prizes table's column widths: each at least its longest word
    (at `size`; its heading's in bold), so no word is cut ("rozstrzygni-
    ęte" in a large-print note), the rest as PRIZE_SHARES share it."""
    columns = [
        (gettext("Prize"), [prize.prize for prize in sheet.prizes]),
        (
            pgettext("prize table column: who won it", "Winner"),
            [prize.winner for prize in sheet.prizes],
        ),
        (gettext("Note"), [prize.note for prize in sheet.prizes]),
    ]
    needs = []
    for title, values in columns:
        words = [w for value in values for w in printable_text(value).split()]
        need = max((text_width(w, REGULAR, size) for w in words), default=0.0)
        need = max(need, text_width(printable_text(title), BOLD, current().floor(10)))
        needs.append(need + 2 * DATA_PADDING)
    return spread(needs, PRIZE_SHARES, width)


def _large_widths(
    sheet: ResultsSheet,
    columns: Sequence[tuple[str, str, float]],
    width: float,
    size: float,
) -> list[float]:
    """The results table's column widths in large print: each column as wide
    as its longest heading word and widest figure at `size`, the name
    (which wraps) given the rest as the usual shares give it."""
    needs = _needs(sheet, columns, size)
    for index, (_key, title, _share) in enumerate(columns):
        words = printable_text(str(title)).split() or [""]
        word = max(text_width(word, BOLD, size) for word in words)
        needs[index] = max(needs[index], word + 2 * CELL_PADDING)
    return spread(needs, [share for _key, _title, share in columns], width)


def _column_plan(
    sheet: ResultsSheet,
    columns: Sequence[tuple[str, str, float]],
    widths: Sequence[float],
    text: float,
) -> grid_columns.ColumnPlan:
    """The results table's widths and headings, every heading whole."""
    edition = current()
    return grid_columns.fit_headings(
        [title for _key, title, _share in columns],
        widths,
        _needs(sheet, columns, text),
        size=edition.floor(RESULTS_HEADING),
        smallest=edition.smallest_heading or SMALLEST_HEADING,
        most=3 if edition.is_large else 2,
        fewer_lines=not edition.is_large,
        pad=2 * CELL_PADDING,
    )


def draw_results(
    sheet: ResultsSheet, *, paper: str, edition: Edition = STANDARD
) -> Printed:
    with in_use(edition):
        return _draw_results(sheet, paper=paper, edition=edition)


def _draw_results(sheet: ResultsSheet, *, paper: str, edition: Edition) -> Printed:
    register_fonts()
    # Large print: the titles scaled, and nothing set smaller than 16 pt.
    big, floor = edition.size, edition.floor
    size = PAPERS[paper]
    buffer = io.BytesIO()
    pages = [0]
    footer = f"{sheet.club} · {sheet.drive} · {sheet.date}"
    if edition.is_large:  # the club is on the sheet's head
        footer = f"{sheet.drive} · {sheet.date}"
    foot_size, foot_width = floor(8), size[0] - 30 * mm
    foot_leading = foot_size * 1.2

    def foot_lines(page: int) -> list[str]:
        """The foot of page `page`: on one line, or where large print's is
        too wide, on two, broken between its facts (the page number whole)."""
        return parted_lines(
            # Translators: the results sheet's foot: club · drive · date · page 2.
            gettext("%(footer)s · page %(page)d") % {"footer": footer, "page": page},
            REGULAR,
            foot_size,
            foot_width,
            2,
        )

    # Room above the foot for its second line, where it has one (page 99's).
    raised = (len(foot_lines(99)) - 1) * foot_leading

    def on_page(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        pages[0] += 1
        canvas.saveState()
        lines = foot_lines(doc.page)
        for index, line in enumerate(lines):
            draw_text(
                canvas,
                line,
                size[0] / 2,
                10 * mm + (len(lines) - 1 - index) * foot_leading,
                size=foot_size,
                width=foot_width,
                align="center",
                color=GREY,
            )
        canvas.restoreState()

    doc = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=18 * mm + raised,
        title=printable_text(gettext("Results: %(drive)s") % {"drive": sheet.drive}),
        author=printable_text(sheet.club),
    )
    width = size[0] - 30 * mm
    title = ParagraphStyle("title", fontName=BOLD, fontSize=big(20), leading=big(24))
    subtitle = ParagraphStyle(
        "subtitle", fontName=REGULAR, fontSize=big(11), leading=big(15)
    )
    heading = ParagraphStyle(
        "heading",
        fontName=BOLD,
        fontSize=big(14),
        leading=big(18),
        spaceBefore=8,
        spaceAfter=4,
        # A section's heading goes over to the next page with its table,
        # never left alone at the foot of a page.
        keepWithNext=1,
    )
    text = floor(10.5)
    cell = ParagraphStyle("cell", fontName=REGULAR, fontSize=text, leading=text + 2)
    story: list = [
        Paragraph(_escape(sheet.drive), title),
        Paragraph(_escape(f"{sheet.club} · {sheet.date}"), subtitle),
        Paragraph(_escape(sheet.status), subtitle),
    ]
    if sheet.scoring:
        story.append(Paragraph(_escape(sheet.scoring), subtitle))
    if sheet.rules:
        rules = ParagraphStyle(
            "rules", fontName=REGULAR, fontSize=floor(9), leading=floor(9) + 2.5
        )
        for term, words in sheet.rules:
            line = f"<b>{_escape(term)}:</b> {_escape(words)}."
            story.append(Paragraph(line, rules))
    story.append(Spacer(1, 4 * mm))
    if sheet.prizes:
        story.append(Paragraph(_escape(gettext("Prizes")), heading))
        prize_data: list[list] = [
            [
                gettext("Prize"),
                pgettext("prize table column: who won it", "Winner"),
                gettext("Note"),
            ]
        ]
        for prize in sheet.prizes:
            prize_data.append(
                [
                    Paragraph(_escape(prize.prize), cell),
                    Paragraph(_escape(prize.winner), cell),
                    Paragraph(_escape(prize.note), cell),
                ]
            )
        prize_table = LongTable(
            prize_data,
            colWidths=_prize_widths(sheet, width, text),
            repeatRows=1,
        )
        prize_table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, 0), BOLD, floor(10)),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), edition.light_rule, LIGHT),
                    ("LINEBELOW", (0, 0), (-1, 0), edition.heavy_rule, INK),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        story.append(prize_table)
        story.append(Spacer(1, 6 * mm))
    with_groups = any(line.group for s in sheet.sections for line in s.lines)
    # A drive where nobody sat out has no sit-out column (a column of noughts).
    with_sit_outs = any(line.sat_out for s in sheet.sections for line in s.lines)
    dropped = {
        key
        for key, shown in (("group", with_groups), ("sat_out", with_sit_outs))
        if not shown
    }
    columns = [c for c in RESULT_COLUMNS if c[0] not in dropped]
    total_share = sum(share for _, _, share in columns)
    widths = [share / total_share * width for _, _, share in columns]
    if edition.is_large:
        widths = _large_widths(sheet, columns, width, text)
    plan = _column_plan(sheet, columns, widths, text)
    widths = list(plan.widths)
    for section in sheet.sections:
        story.append(CondPageBreak(40 * mm))
        story.append(Paragraph(_escape(section.title), heading))
        data: list[list] = [
            [
                _heading_cell(heading, key in LEFT_COLUMNS)
                for (key, _title, _), heading in zip(
                    columns, plan.headings, strict=True
                )
            ]
        ]
        for line in section.lines:
            texts = line.texts()
            data.append(
                [
                    Paragraph(_escape(texts[key]), cell)
                    if key in LEFT_COLUMNS
                    else texts[key]
                    for key, _, _ in columns
                ]
            )
        # Nobody in the section: the words across the whole table.
        empty = len(data) == 1
        if empty:
            data.append([Paragraph(_escape(gettext("No entries.")), cell)])
            data[-1] += [""] * (len(columns) - 1)
        table = LongTable(data, colWidths=widths, repeatRows=1)
        name_col = [key for key, _, _ in columns].index("name")
        table.setStyle(
            TableStyle(
                [("SPAN", (0, 1), (-1, 1))] * empty
                + [
                    ("FONT", (0, 0), (-1, -1), REGULAR, text, text * 1.2),
                    ("FONT", (0, 0), (-1, 0), BOLD, floor(10)),
                    ("FONT", (-1, 1), (-1, -1), BOLD, text, text * 1.2),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), edition.light_rule, LIGHT),
                    ("LINEBELOW", (0, 0), (-1, 0), edition.heavy_rule, INK),
                    ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
                    (
                        "ALIGN",
                        (name_col, 0),
                        (name_col + (1 if with_groups else 0), -1),
                        "LEFT",
                    ),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (-1, 0), CELL_PADDING),
                    ("RIGHTPADDING", (0, 0), (-1, 0), CELL_PADDING),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
                ]
            )
        )
        story.append(table)
        story.append(Spacer(1, 6 * mm))
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return Printed(buffer.getvalue(), pages[0])
