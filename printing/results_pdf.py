"""Drawing the results sheet: the standings overall and per group (and the
prizes), a platypus story that flows over as many pages as it needs, its
heading row repeated on each (printing.content says what it holds).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from django.utils.translation import gettext, pgettext
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
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

from players.typed_text import printable_text
from printing import grid_columns
from printing.card_codes import _escape, _sentence
from printing.content import RESULT_COLUMNS, TIE_MARK, ResultLine, ResultsSheet
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    HEADING_LEADING,
    SMALLEST_HEADING,
    parted_lines,
    spread,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.grid_pdf import draw_sideways
from printing.pdf import (
    GREY,
    INK,
    LIGHT,
    PAPERS,
    SHADE,
    Printed,
    draw_text,
)

# The results table's columns set on the left (the rest are figures, on the right).
LEFT_COLUMNS = ("name", "group")
# A heading cell's padding either side (less than reportlab's 6: the
# headings of the narrow columns need the room).
CELL_PADDING = 3
RESULTS_HEADING = 10
# The standings' and prizes' text (points), and the page's margins either side.
TEXT = 10.5
MARGIN = 15 * mm


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
    needs = _large_needs(sheet, columns, size)
    return spread(needs, [share for _key, _title, share in columns], width)


def _large_needs(
    sheet: ResultsSheet, columns: Sequence[tuple[str, str, float]], size: float
) -> list[float]:
    """What each column needs in large print: its widest figure, longest
    word and longest heading word at `size`."""
    needs = _needs(sheet, columns, size)
    for index, (_key, title, _share) in enumerate(columns):
        words = printable_text(str(title)).split() or [""]
        word = max(text_width(word, BOLD, size) for word in words)
        needs[index] = max(needs[index], word + 2 * CELL_PADDING)
    return needs


def _columns(sheet: ResultsSheet) -> list[tuple[str, str, float]]:
    """The standings' columns: no group column where nobody has a group, no
    sit-out column where nobody sat out (a column of noughts)."""
    with_groups = any(line.group for s in sheet.sections for line in s.lines)
    with_sit_outs = any(line.sat_out for s in sheet.sections for line in s.lines)
    dropped = {
        key
        for key, shown in (("group", with_groups), ("sat_out", with_sit_outs))
        if not shown
    }
    return [c for c in RESULT_COLUMNS if c[0] not in dropped]


def _page_size(
    sheet: ResultsSheet, paper: str, edition: Edition
) -> tuple[float, float]:
    """The paper, upright; in large print turned sideways where the
    standings' figures and words at 16 pt do not fit across it upright (long
    names broke inside their words and the figures ran together). Their
    headings may turn sideways, so they do not turn the page."""
    size = PAPERS[paper]
    if edition.is_large:
        needs = _needs(sheet, _columns(sheet), edition.floor(TEXT))
        if sum(needs) > size[0] - 2 * MARGIN:
            return landscape(size)
    return size


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


def _unmarked_padding(
    sheet: ResultsSheet, lines: Sequence[ResultLine], size: float
) -> list[tuple]:
    """On a sheet with marked places ("5*"), the unmarked ranks' cells
    padded on the right by the mark's width, so every rank's figures stand
    in one column, the marks after them."""
    if not sheet.tie_key:
        return []
    room = DATA_PADDING + text_width(TIE_MARK, REGULAR, size)
    return [
        ("RIGHTPADDING", (0, row), (0, row), room)
        for row, line in enumerate(lines, start=1)
        if not line.placed
    ]


def draw_results(
    sheet: ResultsSheet, *, paper: str, edition: Edition = STANDARD
) -> Printed:
    with in_use(edition):
        return _draw_results(sheet, paper=paper, edition=edition)


# The rows of a section's table that go with its heading onto a page.
FIRST_ROWS = 3


def _room_to_start(title: Paragraph, table: LongTable, width: float) -> float:
    """The height a section needs to start on a page: its heading, the
    table's heading row and its first rows (at least 40 mm)."""
    style = title.style
    _w, title_height = title.wrap(width, 10**6)
    table.wrap(width, 10**6)
    rows = sum(table._rowHeights[: 1 + FIRST_ROWS])
    return max(40 * mm, style.spaceBefore + title_height + style.spaceAfter + rows)


def _draw_results(sheet: ResultsSheet, *, paper: str, edition: Edition) -> Printed:
    register_fonts()
    # Large print: the titles scaled, and nothing set smaller than 16 pt.
    big, floor = edition.size, edition.floor
    size = _page_size(sheet, paper, edition)
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
    width = size[0] - 2 * MARGIN
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
    )
    text = floor(TEXT)
    cell = ParagraphStyle("cell", fontName=REGULAR, fontSize=text, leading=text + 2)
    story: list = [
        Paragraph(_escape(sheet.drive), title),
        Paragraph(_escape(f"{sheet.club} · {sheet.date}"), subtitle),
        Paragraph(_sentence(sheet.status), subtitle),
    ]
    # The sheet's sentences hold each number to its word (card_codes._sentence):
    # the Russian rules put "13 очков." at the start of a line.
    if sheet.tie_key:
        # The key to the places marked "5*", as the final boards say it.
        key = f"{TIE_MARK} {sheet.tie_key}"
        story.append(Paragraph(_sentence(key), subtitle))
    if sheet.scoring:
        story.append(Paragraph(_sentence(sheet.scoring), subtitle))
    if sheet.rules:
        rules = ParagraphStyle(
            "rules", fontName=REGULAR, fontSize=floor(9), leading=floor(9) + 2.5
        )
        for term, words in sheet.rules:
            line = f"<b>{_escape(term)}:</b> {_sentence(words)}."
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
    columns = _columns(sheet)
    with_groups = any(key == "group" for key, _title, _share in columns)
    total_share = sum(share for _, _, share in columns)
    widths = [share / total_share * width for _, _, share in columns]
    if edition.is_large:
        widths = _large_widths(sheet, columns, width, text)
    plan = _column_plan(sheet, columns, widths, text)
    widths = list(plan.widths)
    for section in sheet.sections:
        title_line = Paragraph(_escape(section.title), heading)
        story.append(title_line)
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
                + _unmarked_padding(sheet, section.lines, text)
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
        # A section's heading goes over to the next page with its heading
        # row and first rows, never alone at a page's foot; a table longer
        # than the room left splits under it (kept whole with the heading,
        # it left the first page with the title alone).
        story.insert(
            story.index(title_line),
            CondPageBreak(_room_to_start(title_line, table, width)),
        )
        story.append(table)
        story.append(Spacer(1, 6 * mm))
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return Printed(buffer.getvalue(), pages[0])
