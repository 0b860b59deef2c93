"""Drawing the printed league table (printing.league_sheet says what it
holds): the club and the season over the page, the league's rules (in large
print under the table, so the first page is the players' rows), the table
flowing over as many pages as it needs with its heading row on each, then
the season's drives and their head counts, then each player's score in
each drive (printing.league_grid: on pages of their own, turned sideways and
split by drives, where a season's drives do not fit beside the names); at
each page's foot the club, the season, the day it was printed and "page 2
of 3".

As the results sheet (printing.results_pdf): A4 or Letter, the usual edition or
large print (printing.editions: nothing under 16 pt). A name or a note wraps
between its words and its column is never narrower than its longest word,
so no name is cut.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from django.utils.translation import gettext
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Frame,
    LongTable,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)

from players import dates
from players.typed_text import printable_text
from printing import grid_columns
from printing.card_codes import _sentence
from printing.editions import STANDARD, Edition, current, in_use
from printing.fitting import (
    SMALLEST_HEADING,
    lines_at,
    parted_lines,
    spread,
    text_width,
)
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.league_grid import SIDEWAYS, cell_style, grid_story, heading_padding
from printing.league_sheet import (
    DRIVE_COLUMNS,
    LEFT,
    WRAPPED,
    LeagueSheet,
)
from printing.pdf import GREY, INK, LIGHT, PAPERS, SHADE, Printed, draw_text
from printing.results_pdf import (
    DATA_PADDING,
    RESULTS_HEADING,
    _escape,
    _heading_cell,
)

Columns = Sequence[tuple[str, object, float]]
MARGIN = 15 * mm
# The table's values (points; large print's 16).
TEXT = 10.5
# The foot's lines sit this far over the paper's edge.
FOOT = 10 * mm


def _font(key: str) -> str:
    """The font of a column's values: the total in bold, as the page sets it."""
    return BOLD if key == "total" else REGULAR


def _needs(
    columns: Columns, rows: Sequence[dict[str, str]], size: float
) -> list[float]:
    """What each column needs at `size`: its widest value, or for a column
    that wraps (a name, a note), its longest word."""
    needs = []
    for key, _title, _share in columns:
        need = 0.0
        for row in rows:
            value = printable_text(row.get(key, ""))
            pieces = value.split() if key in WRAPPED else [value]
            for piece in pieces or [""]:
                need = max(need, text_width(piece, _font(key), size))
        needs.append(need + 2 * DATA_PADDING)
    return needs


def _heading_words(columns: Columns) -> list[float]:
    """Each column's heading's longest word, upright, with its cell's room."""
    size = current().floor(RESULTS_HEADING)
    return [
        max(text_width(word, BOLD, size) for word in printable_text(str(title)).split())
        + 2 * heading_padding()
        if str(title).strip()
        else 0.0
        for _key, title, _share in columns
    ]


def _whole(
    columns: Columns, rows: Sequence[dict[str, str]], size: float
) -> list[float]:
    """Each column's widest value on one line (a name whole on its line)."""
    return [
        max(
            (
                text_width(printable_text(row.get(key, "")), _font(key), size)
                for row in rows
            ),
            default=0.0,
        )
        + 2 * DATA_PADDING
        for key, _title, _share in columns
    ]


def _wants(
    columns: Columns, rows: Sequence[dict[str, str]], size: float
) -> list[float]:
    """What each column wants: its values whole and its heading's words whole."""
    return [
        max(whole, word)
        for whole, word in zip(
            _whole(columns, rows, size), _heading_words(columns), strict=True
        )
    ]


def _plan(
    columns: Columns, rows: Sequence[dict[str, str]], width: float, size: float
) -> grid_columns.ColumnPlan:
    """The columns' widths in `width`: first each value's longest word, then
    each heading's longest word upright, then each value whole on its line
    (a name before a note); the last column that wraps (the note, the
    drive's name) takes what is left. printing.grid_columns then sets each
    heading whole in its column."""
    edition = current()
    shares = [share for _key, _title, share in columns]
    needs = _needs(columns, rows, size)
    if sum(needs) >= width:
        widths = spread(needs, shares, width)
    else:
        last = _last_wrapped(columns)
        widths = list(needs)
        spare = width - sum(needs)
        for wanted in (_heading_words(columns), _whole(columns, rows, size)):
            for index, want in enumerate(wanted):
                if index != last:
                    more = min(spare, max(0.0, want - widths[index]))
                    widths[index] += more
                    spare -= more
        widths[last] += spare
        if edition.is_large:
            widths = _balanced(columns, rows, widths, needs, size)
    return grid_columns.fit_headings(
        [title for _key, title, _share in columns],
        widths,
        needs,
        size=edition.floor(RESULTS_HEADING),
        smallest=edition.smallest_heading or SMALLEST_HEADING,
        most=3 if edition.is_large else 2,
        # A heading on two lines rather than set smaller: read from the back
        # of the room.
        fewer_lines=False,
        pad=2 * heading_padding(),
    )


# The room a large-print name gives its note at a time (_balanced).
BALANCE_STEP = 6.0


def _balanced(
    columns: Columns,
    rows: Sequence[dict[str, str]],
    widths: list[float],
    needs: Sequence[float],
    size: float,
) -> list[float]:
    """Large print: the name column gives the note room, a step at a time,
    where that makes the table shorter: a name whole on its line beside a
    note of one word a line ("deciso / con il / conteggio / a ritroso")
    made each tied row four lines high, and a page of few rows."""
    keys = [key for key, _title, _share in columns]
    if "name" not in keys or "note" not in keys:
        return widths
    name, note = keys.index("name"), keys.index("note")

    def lines(value: str, width: float) -> int:
        words = printable_text(value).split()
        if not words:
            return 1
        return len(lines_at(value, REGULAR, size, width - 2 * DATA_PADDING, 99))

    def height(name_width: float, note_width: float) -> int:
        return sum(
            max(
                lines(row.get("name", ""), name_width),
                lines(row.get("note", ""), note_width),
            )
            for row in rows
        )

    best, given = height(widths[name], widths[note]), 0.0
    step = BALANCE_STEP
    while widths[name] - given - step >= needs[name]:
        tried = height(widths[name] - given - step, widths[note] + given + step)
        if tried < best:
            best, given = tried, given + step
            step = BALANCE_STEP
        else:
            step += BALANCE_STEP
    widths = list(widths)
    widths[name] -= given
    widths[note] += given
    return widths


def _last_wrapped(columns: Columns) -> int:
    """The column that takes what the others leave: the last that wraps."""
    return max(i for i, (key, _t, _s) in enumerate(columns) if key in WRAPPED)


def sideways(sheet: LeagueSheet, paper: str, edition: Edition) -> bool:
    """Whether the table is printed on the paper turned sideways: where,
    upright, a name would not be whole on its line (a Russian name with its
    patronymic; large print's 16 pt), the note given at least its longest
    word."""
    with in_use(edition):
        rows = [line.texts for line in sheet.lines]
        size = edition.floor(TEXT)
        wants = _wants(sheet.columns, rows, size)
        last = _last_wrapped(sheet.columns)
        wants[last] = _needs(sheet.columns, rows, size)[last]
    return sum(wants) > PAPERS[paper][0] - 2 * MARGIN


def _table(
    columns: Columns,
    rows: Sequence[dict[str, str]],
    width: float,
    text: float,
    *,
    greyed: Sequence[int] = (),
) -> LongTable:
    """A table of `rows` under its heading row, which LongTable repeats at
    the top of each page it flows onto; the rows in `greyed` set grey (the
    players not yet qualified, as the page sets them)."""
    edition = current()
    plan = _plan(columns, rows, width, text)
    cell = cell_style(text)
    grey = ParagraphStyle("grey", parent=cell, textColor=GREY)
    left = [key in LEFT for key, _title, _share in columns]
    data: list[list] = [
        [
            _heading_cell(heading, flush)
            for heading, flush in zip(plan.headings, left, strict=True)
        ]
    ]
    for index, row in enumerate(rows, start=1):
        style = grey if index in greyed else cell
        data.append(
            [
                Paragraph(_escape(row.get(key, "")), style)
                if flush
                else row.get(key, "")
                for (key, _title, _share), flush in zip(columns, left, strict=True)
            ]
        )
    table = LongTable(data, colWidths=list(plan.widths), repeatRows=1)
    commands = [
        ("FONT", (0, 0), (-1, -1), REGULAR, text, text * 1.2),
        ("FONT", (0, 0), (-1, 0), BOLD, edition.floor(10)),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, -1), edition.light_rule, LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), edition.heavy_rule, INK),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, 0), heading_padding()),
        ("RIGHTPADDING", (0, 0), (-1, 0), heading_padding()),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
    ]
    for index, flush in enumerate(left):
        if flush:
            commands.append(("ALIGN", (index, 0), (index, -1), "LEFT"))
    # The total in bold, as the page and the results sheet set it.
    keys = [key for key, _title, _share in columns]
    if "total" in keys:
        at = keys.index("total")
        commands.append(("FONT", (at, 1), (at, -1), BOLD, text, text * 1.2))
    for index in greyed:
        commands.append(("TEXTCOLOR", (0, index), (-1, index), GREY))
    table.setStyle(TableStyle(commands))
    return table


def _numbered_canvas(foot: Callable[[Canvas, int], None]) -> type[Canvas]:
    """A canvas that draws each page's foot once the pages are counted, so
    the foot can say "page 2 of 3"."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                foot(self, total)
                super().showPage()
            super().save()

    return NumberedCanvas


# A frame's padding on each side (reportlab's own, as SimpleDocTemplate had it).
FRAME_PADDING = 6


def _page(name: str, size: tuple[float, float], bottom: float) -> PageTemplate:
    """A page of `size` with the table's margins, the foot drawn once the
    pages are counted (_numbered_canvas)."""
    frame = Frame(
        MARGIN,
        bottom,
        size[0] - 2 * MARGIN,
        size[1] - MARGIN - bottom,
        leftPadding=FRAME_PADDING,
        rightPadding=FRAME_PADDING,
        topPadding=FRAME_PADDING,
        bottomPadding=FRAME_PADDING,
        id=name,
    )
    return PageTemplate(id=name, frames=[frame], pagesize=size)


def draw_league(
    sheet: LeagueSheet, *, paper: str, edition: Edition = STANDARD
) -> Printed:
    with in_use(edition):
        return _draw_league(sheet, paper=paper, edition=edition)


def _draw_league(sheet: LeagueSheet, *, paper: str, edition: Edition) -> Printed:
    register_fonts()
    big, floor = edition.size, edition.floor
    size = PAPERS[paper]
    if sideways(sheet, paper, edition):
        size = landscape(size)
    width = size[0] - 2 * MARGIN
    buffer = io.BytesIO()
    foot_size = floor(8)
    foot_leading = foot_size * 1.2
    facts = f"{sheet.club} · {sheet.season}"
    pages = [0]

    def foot_lines(page: int, total: int, width: float = width) -> list[str]:
        return parted_lines(
            # Translators: the printed league table's foot: club · season ·
            # printed 3 Dec 2026 · page 1 of 3.
            dates.with_dates_elided(
                gettext("%(footer)s · printed %(date)s · page %(page)d of %(pages)d")
                % {"footer": facts, "date": sheet.printed, "page": page, "pages": total}
            ),
            REGULAR,
            foot_size,
            width,
            3,
        )

    def foot(canvas: Canvas, total: int) -> None:
        pages[0] = total
        # This page's own width: the grid's pages may be turned sideways.
        across = canvas._pagesize[0]
        lines = foot_lines(canvas.getPageNumber(), total, across - 2 * MARGIN)
        canvas.saveState()
        for index, line in enumerate(lines):
            draw_text(
                canvas,
                line,
                across / 2,
                FOOT + (len(lines) - 1 - index) * foot_leading,
                size=foot_size,
                width=across - 2 * MARGIN,
                align="center",
                color=GREY,
            )
        canvas.restoreState()

    # Room over the foot for the lines of its longest form (page 99 of 99).
    raised = (len(foot_lines(99, 99)) - 1) * foot_leading
    bottom = 18 * mm + raised
    turned = landscape(PAPERS[paper])
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=bottom,
        title=printable_text(sheet.title),
        author=printable_text(sheet.club),
        pageTemplates=[_page("table", size, bottom), _page(SIDEWAYS, turned, bottom)],
    )
    title = ParagraphStyle("title", fontName=BOLD, fontSize=big(20), leading=big(24))
    subtitle = ParagraphStyle(
        "subtitle", fontName=REGULAR, fontSize=big(11), leading=big(15)
    )
    rules = ParagraphStyle(
        "rules", fontName=REGULAR, fontSize=floor(9.5), leading=floor(9.5) + 3
    )
    heading = ParagraphStyle(
        "heading",
        fontName=BOLD,
        fontSize=big(14),
        leading=big(18),
        spaceBefore=8,
        spaceAfter=4,
        keepWithNext=1,
    )
    text = floor(TEXT)
    story: list = [
        Paragraph(_escape(sheet.title), title),
        Paragraph(_escape(sheet.club), subtitle),
        Spacer(1, 2 * mm),
    ]
    # Each number held to its word (card_codes._sentence): a Polish table on
    # Letter started a line of its rules with "2026," under "... 15 cze".
    said = [Paragraph(_sentence(line), rules) for line in sheet.rules if line]
    # Large print: the rows first, the rules under the table. Above it, at
    # 16 pt on a page turned sideways, the rules' five or six lines left
    # room on the first page for as few as two players' rows.
    if not edition.is_large:
        story += said
    story.append(Spacer(1, 4 * mm))
    if sheet.lines:
        story.append(
            _table(
                sheet.columns,
                [line.texts for line in sheet.lines],
                width,
                text,
                greyed=[
                    index
                    for index, line in enumerate(sheet.lines, start=1)
                    if not line.qualified
                ],
            )
        )
    else:
        story.append(
            Paragraph(_escape(gettext("No finished drives in this season yet.")), rules)
        )
    if edition.is_large and said:
        story.append(Spacer(1, 4 * mm))
        story += said
    if sheet.drives:
        story.append(Spacer(1, 6 * mm))
        story.append(CondPageBreak(40 * mm))
        story.append(Paragraph(_escape(gettext("Attendance")), heading))
        story.append(
            _table(DRIVE_COLUMNS, [d.texts() for d in sheet.drives], width, text)
        )
    if sheet.grid is not None and sheet.grid.drives:
        story.append(Spacer(1, 6 * mm))
        story += grid_story(
            sheet.grid,
            text=text,
            width=width - 2 * FRAME_PADDING,
            sideways_width=turned[0] - 2 * MARGIN - 2 * FRAME_PADDING,
            heading=heading,
            legend=rules,
            part=ParagraphStyle("part", parent=subtitle, spaceAfter=2 * mm),
            # The place, the name and the total, headed as in the table.
            headings=[str(sheet.columns[i][1]) for i in (0, 1, 4)],
        )
    doc.build(story, canvasmaker=_numbered_canvas(foot))
    return Printed(buffer.getvalue(), pages[0])
