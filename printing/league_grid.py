"""Drawing the printed league's "Each player's drives" (printing.league_sheet
says what it holds): the place, the name and the total, then one column per
drive, as a club's league sheet on the noticeboard sets it out.

Where every drive's column fits beside the names on the table's own pages,
the grid follows the table there. A longer season (40 drives and more) is
set on the paper turned sideways, all on one page where its names and
scores set a little smaller (never under 9 pt; large print keeps its size)
fit there, each name whole on its line; else split by its columns, as many
drives to a page as fit at the table's type size, shared evenly
between the parts: each part starts a page, says which drives it holds
("Drives 11 to 20 of 40"; a grid in one part says none) and repeats the
place, the name and the total, so each page can be pinned up and read
alone; a part with more players than a
page holds flows on with its heading row repeated. A name is whole on its
line where the page has room, else wraps between its words.

A score not counted (one of the player's lowest under a best-of rule) is
struck through, as the league page strikes it, and in brackets, so it still
shows on a grey photocopy and in the text read back from the PDF; the legend
under the heading says so. Players not yet qualified are grey, as in the
table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    LongTable,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    TableStyle,
)

from players.typed_text import printable_text
from printing.card_codes import _sentence
from printing.editions import current
from printing.fitting import text_width
from printing.fonts import BOLD, REGULAR
from printing.league_sheet import DriveGrid, GridScore
from printing.pdf import GREY, INK, LIGHT, SHADE
from printing.results_pdf import CELL_PADDING, DATA_PADDING, RESULTS_HEADING, _escape

# The share of the width a name may take before it wraps between its words.
NAME_SHARE = 0.34
# Every other row's shade: lighter than the heading row's.
STRIPE = colors.HexColor("#f4f4f4")
# The page template of the grid's sideways pages (printing.league_pdf).
SIDEWAYS = "grid"
# The smallest the grid's names and scores are set to keep a season's
# drives on one page (points; large print keeps its 16), and the step down.
SMALLEST_TEXT = 9.0
TEXT_STEP = 0.5


def heading_padding() -> float:
    """The room each side of a heading in its cell: in large print as much
    for its size as in the usual edition (3 pt at 10 pt), so two columns'
    headings stand as far apart for their size: 6 pt at 16 pt was about a
    space, and "За турнир" beside "За сдачу" read "турнир сдачу", one
    heading."""
    return CELL_PADDING * current().floor(RESULTS_HEADING) / RESULTS_HEADING


def score_text(score: GridScore) -> str:
    """ "31", or "(12)" for a score not counted (struck through when drawn)."""
    return f"({score.score})" if score.dropped and score.score else score.score


@dataclass(frozen=True)
class GridWidths:
    rank: float
    name: float
    total: float
    drive: float  # every drive's column

    def drives_in(self, width: float) -> int:
        """How many drives' columns fit in `width` beside the others."""
        return max(1, int((width - self.rank - self.name - self.total) // self.drive))


def _widest(texts: Sequence[str], font: str, size: float) -> float:
    return max((text_width(printable_text(t), font, size) for t in texts), default=0)


def grid_widths(
    grid: DriveGrid,
    *,
    text: float,
    width: float,
    headings: Sequence[str],
    narrow: bool = False,
) -> GridWidths:
    """The columns' widths at `text` points in a page `width` wide, the
    place's, the name's and the total's `headings` whole; `narrow`, each
    drive's date on three lines (day, month, year)."""
    heading = current().floor(RESULTS_HEADING)
    rank_heading, name_heading, total_heading = (str(h) for h in headings)
    pad = 2 * DATA_PADDING
    names = [line.name for line in grid.lines]
    whole = _widest(names, REGULAR, text)
    word = _widest([w for name in names for w in name.split()], REGULAR, text)
    least = max(word, _widest([name_heading], BOLD, heading))
    widths = GridWidths(
        rank=max(
            _widest([line.rank for line in grid.lines], REGULAR, text) + pad,
            _widest(rank_heading.split(), BOLD, heading) + 2 * heading_padding(),
        ),
        name=max(whole, least) + pad,
        total=max(
            _widest([line.total for line in grid.lines], BOLD, text) + pad,
            _widest([total_heading], BOLD, heading) + 2 * heading_padding(),
        ),
        drive=max(
            _widest(
                [score_text(s) for line in grid.lines for s in line.scores],
                REGULAR,
                text,
            )
            + pad,
            _widest(
                [line for d in grid.drives for line in d.lines(narrow=narrow)],
                BOLD,
                heading,
            )
            + 2 * heading_padding(),
        ),
    )
    if widths.drives_in(width) >= len(grid.drives):
        return widths  # every drive beside each name whole on its line
    # Split by drives: a long name wraps between its words, to leave the
    # scores more room on each page.
    return replace(widths, name=max(min(whole, NAME_SHARE * width), least) + pad)


def parts(count: int, most: int) -> list[range]:
    """`count` drives in as few parts of at most `most` as can be, shared
    evenly (40 drives at 11 a page: 10, 10, 10, 10), as 0-based ranges."""
    pieces = math.ceil(count / most)
    size, extra = divmod(count, pieces)
    out, start = [], 0
    for index in range(pieces):
        end = start + size + (1 if index < extra else 0)
        out.append(range(start, end))
        start = end
    return out


def cell_style(text: float, name: str = "cell") -> ParagraphStyle:
    """A cell of the printed league, its table and its grid alike: the text
    at `text` points, a word never split across lines."""
    return ParagraphStyle(
        name,
        fontName=REGULAR,
        fontSize=text,
        leading=text * 1.2,
        splitLongWords=0,
    )


def grid_story(
    grid: DriveGrid,
    *,
    text: float,
    width: float,
    sideways_width: float,
    heading: ParagraphStyle,
    legend: ParagraphStyle,
    part: ParagraphStyle,
    headings: Sequence[str],
) -> list[Flowable]:
    """The flowables of the grid: on the table's pages (`width` wide) where
    all its drives fit, else on sideways pages (`sideways_width`) in parts.
    `headings` are the place, name and total columns' headings."""
    widths = grid_widths(grid, text=text, width=width, headings=headings)
    count = len(grid.drives)
    title = Paragraph(_escape(grid.title), heading)
    said = Paragraph(_sentence(grid.legend), legend)
    if widths.drives_in(width) >= count:
        return [
            CondPageBreak(50 + 30 * min(len(grid.lines), 4)),
            title,
            said,
            _grid_table(grid, range(count), widths, text, headings),
        ]
    # Sideways, each date on three lines: more drives to a page.
    text, widths = _one_page(grid, text, sideways_width, headings)
    story: list[Flowable] = [NextPageTemplate(SIDEWAYS)]
    pieces = parts(count, widths.drives_in(sideways_width))
    for drives in pieces:
        story += [PageBreak(), title, said]
        # Which drives a part holds, where there are parts: one alone said
        # "Drives 1 to 12 of 12".
        if len(pieces) > 1:
            words = grid.part_words(drives[0] + 1, drives[-1] + 1)
            story.append(Paragraph(_sentence(words), part))
        story.append(_grid_table(grid, drives, widths, text, headings, narrow=True))
    return story


def _one_page(
    grid: DriveGrid, text: float, width: float, headings: Sequence[str]
) -> tuple[float, GridWidths]:
    """The grid's type size and columns on a sideways page `width` wide:
    the table's size, or a little smaller, never under SMALLEST_TEXT (large
    print's own), where that keeps every drive on the one page, each name
    whole on its line (a Russian season of twelve drives, its names with
    their patronymics, went on two pages of six at 10.5 pt; at 9.5 pt all
    twelve fit). Else the table's size, in parts."""
    smallest = current().floor(SMALLEST_TEXT)
    size = text
    while size >= smallest:
        widths = grid_widths(
            grid, text=size, width=width, headings=headings, narrow=True
        )
        if widths.drives_in(width) >= len(grid.drives):
            return size, widths
        size -= TEXT_STEP
    return text, grid_widths(
        grid, text=text, width=width, headings=headings, narrow=True
    )


def _grid_table(
    grid: DriveGrid,
    drives: range,
    widths: GridWidths,
    text: float,
    headings: Sequence[str],
    *,
    narrow: bool = False,
) -> LongTable:
    edition = current()
    size = edition.floor(RESULTS_HEADING)

    def heading_cell(lines: Sequence[str], left: bool = False) -> Paragraph:
        style = ParagraphStyle(
            "grid heading",
            fontName=BOLD,
            fontSize=size,
            leading=size * 1.15,
            alignment=TA_LEFT if left else TA_RIGHT,
            splitLongWords=0,
        )
        return Paragraph("<br/>".join(_escape(line) for line in lines), style)

    cell = cell_style(text, "grid cell")
    grey = ParagraphStyle("grid grey", parent=cell, textColor=GREY)
    struck = ParagraphStyle("grid struck", parent=cell, alignment=TA_RIGHT)
    struck_grey = ParagraphStyle("grid struck grey", parent=struck, textColor=GREY)
    rank, name, total = headings
    data: list[list] = [
        [
            heading_cell(str(rank).split()),
            heading_cell([str(name)], left=True),
            heading_cell([str(total)]),
            *(heading_cell(grid.drives[d].lines(narrow=narrow)) for d in drives),
        ]
    ]
    greyed = []
    for row, line in enumerate(grid.lines, start=1):
        if not line.qualified:
            greyed.append(row)
        scores = []
        for d in drives:
            score = line.scores[d]
            if score.dropped and score.score:
                # Struck through, as the page's <del>, and in brackets.
                scores.append(
                    Paragraph(
                        f"<strike>{_escape(score_text(score))}</strike>",
                        struck if line.qualified else struck_grey,
                    )
                )
            else:
                scores.append(score.score)
        data.append(
            [
                line.rank,
                Paragraph(_escape(line.name), cell if line.qualified else grey),
                line.total,
                *scores,
            ]
        )
    table = LongTable(
        data,
        colWidths=[widths.rank, widths.name, widths.total]
        + [widths.drive] * len(drives),
        repeatRows=1,
        hAlign="LEFT",
    )
    commands = [
        ("FONT", (0, 0), (-1, -1), REGULAR, text, text * 1.2),
        ("FONT", (2, 1), (2, -1), BOLD, text, text * 1.2),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        # Every other row shaded, to follow a name across many drives.
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, STRIPE]),
        ("LINEBELOW", (0, 0), (-1, -1), edition.light_rule, LIGHT),
        ("LINEBELOW", (0, 0), (-1, 0), edition.heavy_rule, INK),
        # The scores apart from the place, the name and the total.
        ("LINEAFTER", (2, 0), (2, -1), edition.light_rule, INK),
        ("GRID", (3, 0), (-1, -1), edition.light_rule, LIGHT),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (1, 0), (1, -1), "LEFT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, 0), heading_padding()),
        ("RIGHTPADDING", (0, 0), (-1, 0), heading_padding()),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
    ]
    for row in greyed:
        commands.append(("TEXTCOLOR", (0, row), (-1, row), GREY))
    table.setStyle(TableStyle(commands))
    return table
