"""The columns of a prediction whist drive's score sheets and travel slips
(printing.prediction_pdf draws them, printing.prediction_table their table):
the player's columns, the 8 deals and the columns after them, as shares of a
sheet's width in the usual edition and in large print; what each column's
values need, and each heading's lines (printing.grid_columns).

A sheet's players' names are in a column of their own (`named`), or, where
a name does not fit that column whole, each over its player's row across
the whole table (printing.prediction_pdf): then the table has no name
column, and the seat's and entry's numbers start each row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import Color

from players.score_text import score_text
from printing import grid_columns
from printing.editions import current
from printing.fitting import (
    GLUED,
    HEADING_LEADING,
    SMALLEST_HEADING,
    _name_pieces,
    heading_height,
    text_width,
)
from printing.fonts import BOLD, REGULAR
from printing.pdf import GREY, INK, RED
from printing.prediction import GameSheet, SheetPlayer, prediction_text
from printing.readable import READABLE, ROOMY


@dataclass(frozen=True)
class Layout:
    """The columns of a sheet, as shares of the width: the player's columns,
    the 8 deals, and the columns after them."""

    seat: float
    number: float
    name: float
    deal: float
    after: tuple[tuple[str, float], ...]


GRID_LAYOUT = Layout(
    seat=0.05,
    number=0.06,
    name=0.19,
    deal=0.0725,
    after=(("game", 0.06), ("evening", 0.06)),
)
# A slip's name column as wide as its initials' (two or three letters
# written by hand need no more): room for a long name at a readable size.
SLIP_LAYOUT = Layout(
    seat=0.04,
    number=0.05,
    name=0.14,
    deal=0.08,
    after=(("points", 0.06), ("initials", 0.07)),
)


# Large print, a page turned sideways: the deals wider, and in each the
# prediction's part wider than the tricks' ("Wist" against "10").
LARGE_SLIP_LAYOUT = Layout(
    seat=0.04,
    number=0.045,
    name=0.11,
    deal=0.085,
    after=(("points", 0.055), ("initials", 0.07)),
)
LARGE_PREDICTION_PART = 0.64

# The heading's words are set at this size (points), never smaller: they
# wrap, and where a column still lacks room for a word the columns beside
# the deals turn their headings sideways (printing.grid_columns). A sheet is
# read at arm's length in a hall (its headings were 7.25, its P and T 7;
# then 8, where a deal's heading kept its dealer's seat number with its word).
HEAD_SIZE = 9.0
SMALLEST = max(8.0, SMALLEST_HEADING)
# The widest total a score sheet's player writes in by hand (a game's
# points, the evening's), which its column keeps room for.
WRITTEN_TOTAL = score_text(-888)
# Points the name column gives back at a time, where the sheet's other
# columns lack room (`column_plan`).
NAME_STEP = 6.0

# A heading cell's lines: (text, font, size, colour).
HeadingLine = tuple[str, str, float, Color]


def slip_layout() -> Layout:
    return LARGE_SLIP_LAYOUT if current().is_large else SLIP_LAYOUT


def sheet_layout(sheet: GameSheet) -> Layout:
    return slip_layout() if sheet.slip else GRID_LAYOUT


def deal_parts() -> tuple[float, float, float]:
    """Where a slip's deal cell divides (a share of it), and the middles of
    its prediction's and its tricks' parts."""
    cut = LARGE_PREDICTION_PART if current().is_large else 0.5
    return cut, cut / 2, (1 + cut) / 2


def first_deal(named: bool) -> int:
    """The index of a sheet's first deal's column: after the seat's, the
    entry's number's and (where `named`) the name's."""
    return 3 if named else 2


def slip_letters() -> tuple[str, str]:
    """A slip's two columns under each deal: the prediction's letter and the
    tricks' letter, the letters the slip's note explains
    (printing.prediction.slip_notes)."""
    return (
        # Translators: the travel slip's column under each deal for the
        # player's prediction (the bid): one or two letters, the letter the
        # slip's note "P: each player's prediction..." gives it.
        pgettext("slip column: prediction", "P"),
        # Translators: the travel slip's column under each deal for the tricks
        # the player took: one or two letters, the letter the slip's note
        # "... T: the tricks taken." gives it.
        pgettext("slip column: tricks", "T"),
    )


def after_titles() -> dict[str, str]:
    return {
        "game": pgettext("prediction whist", "Game"),
        "evening": _("Evening"),
        "points": _("Points"),
        "initials": _("Initials"),
    }


def after_texts(player: SheetPlayer) -> dict[str, str]:
    game = score_text(player.game_total)
    evening = score_text(player.evening_total)
    return {"game": game, "evening": evening, "points": game, "initials": ""}


def column_titles(
    sheet: GameSheet, named: bool = True
) -> list[tuple[tuple[str, str, Color], ...]]:
    """Each column's heading as parts (text, font, colour): the player's
    columns, each deal's kind, trumps and dealer, the columns after."""
    titles_after = after_titles()
    left = (_("Seat"), _("No."), _("Name")) if named else (_("Seat"), _("No."))
    parts: list[tuple[tuple[str, str, Color], ...]] = [
        ((title, BOLD, INK),) for title in left
    ]
    for heading in sheet.deals:
        kind, trumps, dealer = heading.lines()
        parts.append(
            tuple(
                part
                for part in (
                    (kind, BOLD, INK),
                    (trumps, REGULAR, RED if heading.trumps.is_red else INK),
                    (dealer, REGULAR, GREY),
                )
                if part[0]
            )
        )
    parts += [
        ((titles_after[key], BOLD, INK),) for key, _share in sheet_layout(sheet).after
    ]
    return parts


def _needs(sheet: GameSheet, widths: Sequence[float], named: bool) -> list[float]:
    """What each column keeps for its values, measured at the smallest size
    they are drawn at: the numbers, a deal's prediction ("Wist") and
    figure; the name its whole room (names are set at one size to fit it;
    in large print room for the longest, as the rest leave),
    the initials half theirs."""
    size = current().floor(SMALLEST)
    pad = 4.0

    def widest(texts: Sequence[str], font: str, at: float) -> float:
        return max(text_width(text, font, at) for text in ("88", *texts)) + pad

    seat = widest([str(p.seat) for p in sheet.players], BOLD, size)
    number = widest([str(p.number or "") for p in sheet.players], BOLD, size * 1.2)
    words = max(text_width(prediction_text(n), REGULAR, size) for n in range(0, 14))
    figure = text_width("13", BOLD, size)
    if sheet.slip:
        # A deal's prediction and tricks parts, each drawn 2 pt inside.
        cut = deal_parts()[0]
        deal = max((words + 2) / cut, (figure + 2) / (1 - cut))
    else:
        deal = max(words, figure) + pad
    totals = [t for p in sheet.players for t in after_texts(p).values()]
    deals = len(sheet.deals)
    left = first_deal(named)
    after = len(widths) - left - deals
    needs = [seat, number, *([widths[2]] if named else [])] + [deal] * deals
    # A score sheet's totals are written in by hand: room for three figures
    # and a sign as wide as at 9 pt, where a column turned to give a deal's
    # heading its room was left 6 mm wide.
    written = 0.0 if sheet.slip else text_width(WRITTEN_TOTAL, BOLD, ROOMY) + pad
    needs += [max(widest(totals, BOLD, size), written)] * after
    if sheet.slip:
        needs[-1] = widths[-1] * 0.5  # the initials
    if not named:
        return needs
    if not current().is_large:
        # A name is never set under 8 pt (printing.readable): room for its
        # longest part on a line at 8 pt, as far as the others can spare.
        spare = sum(widths) - sum(needs) + needs[2]
        needs[2] = max(needs[2], min(_name_least(sheet), sum(widths) / 3, spare))
        # Where the others' values (a total written in by hand, a deal's
        # "Whist") need more than the sheet's width leaves, the name column
        # gives it, as far as its names' longest part: not every column a
        # little, which cut a Romanian slip's "Whist" to "Wh…".
        over = sum(needs) - sum(widths)
        if over > 0:
            needs[2] = max(_name_least(sheet), needs[2] - over)
    else:
        # Large print never sets a name smaller than 16 pt: room for the
        # longest on one line (it was cut, "Giuseppina …"), as much as a
        # third of the sheet and the other columns' needs leave.
        longest_name = max(
            (text_width(p.name, REGULAR, size) for p in sheet.players), default=0.0
        )
        spare = sum(widths) - sum(needs) + needs[2]
        needs[2] = max(needs[2], min(longest_name + pad + 3, sum(widths) / 3, spare))
    return needs


def _name_least(sheet: GameSheet) -> float:
    """The name column's least width in the usual edition: its names'
    longest part on a line at 8 pt (printing.readable), and the room
    beside it."""
    pieces = [piece for p in sheet.players for piece in _name_pieces(p.name)]
    longest = max(
        (text_width(piece.lstrip(GLUED), REGULAR, READABLE) for piece in pieces),
        default=0.0,
    )
    return longest + 4.0 + 3


def deal_turned(plan: grid_columns.ColumnPlan, sheet: GameSheet, named: bool) -> bool:
    """Whether `plan` turns a deal's heading sideways."""
    first = first_deal(named)
    return any(h.sideways for h in plan.headings[first : first + len(sheet.deals)])


def column_plan(
    sheet: GameSheet, width: float, named: bool = True
) -> grid_columns.ColumnPlan:
    """The sheet's columns' widths and headings, every heading whole
    (printing.grid_columns)."""
    titles, widths, needs, options = asked_columns(sheet, width, named)
    plan = _name_room(sheet, titles, widths, needs, options, named)
    # A deal's heading turned sideways (its kind, trumps and dealer each a
    # line read upwards, the heading row half as high again, beside seven
    # upright: an Italian sheet's first deal, "mazziere: posto 1" whole at
    # 9 pt): the usual edition's name column gives the room first, a step
    # at a time, as far as its names' longest part at 8 pt.
    least = _name_least(sheet)
    while (
        named
        and not current().is_large
        and deal_turned(plan, sheet, named)
        and needs[2] - NAME_STEP >= least
    ):
        needs[2] -= NAME_STEP
        plan = grid_columns.fit_headings(titles, widths, needs, **options)
    return plan


def _name_room(
    sheet: GameSheet,
    titles: list,
    widths: list[float],
    needs: list[float],
    options: dict,
    named: bool,
) -> grid_columns.ColumnPlan:
    """The columns, the name's as wide as `needs` asks where the others
    keep their values' room (`needs` is changed to what it got)."""
    # A large-print name's room (`_needs`) is only what the others can spare:
    # given back a step at a time while another column would be left short
    # of its values. (A heading may be set smaller, to 14 pt, or turned
    # sideways for it, as printing.grid_columns does for any column: a name
    # cut short is the greater harm.)
    while named and needs[2] > widths[2]:
        plan = grid_columns.fit_headings(titles, widths, needs, **options)
        short = plan.crowded or any(
            got < need - grid_columns.SLACK
            for index, (got, need) in enumerate(zip(plan.widths, needs, strict=True))
            if index != 2
        )
        if not short:
            return plan
        needs[2] = max(widths[2], needs[2] - NAME_STEP)
    return grid_columns.fit_headings(titles, widths, needs, **options)


def asked_columns(
    sheet: GameSheet, width: float, named: bool = True
) -> tuple[list, list[float], list[float], dict]:
    """What the sheet asks printing.grid_columns: its titles, its columns'
    usual widths, what their values need, the sizes."""
    edition = current()
    layout = sheet_layout(sheet)
    shares = [layout.seat, layout.number, *([layout.name] if named else [])]
    shares += [layout.deal] * len(sheet.deals)
    shares += [share for _key, share in layout.after]
    widths = [share / sum(shares) * width for share in shares]
    titles = [
        tuple((text, font) for text, font, _c in t) for t in column_titles(sheet, named)
    ]
    options = {
        "size": edition.floor(HEAD_SIZE),
        "smallest": edition.smallest_heading or HEAD_SIZE,
        "most": 4 if edition.is_large else 3,
        "fewer_lines": not edition.is_large,
        # A little room beside the words, between the deals' heavy rules.
        "pad": 4.0,
    }
    return titles, widths, _needs(sheet, widths, named), options


def heading_cells(
    sheet: GameSheet, plan: grid_columns.ColumnPlan, named: bool = True
) -> list[list[HeadingLine]]:
    """Each column's heading as lines that fit its cell (a sideways
    heading's lines, one a part, to be turned)."""
    cells = []
    for parts, heading in zip(column_titles(sheet, named), plan.headings, strict=True):
        lines: list[HeadingLine] = []
        for (_text, _font, color), (wrapped, font) in zip(
            parts, heading.lines, strict=True
        ):
            lines += [(line, font, heading.size, color) for line in wrapped]
        cells.append(lines)
    return cells


def lines_height(lines: Sequence[HeadingLine]) -> float:
    return sum(size * HEADING_LEADING for _text, _font, size, _color in lines)


def letters_band(size: float = 0.0) -> float:
    """The height of a slip's band of P and T letters under each deal, set
    at `size` (8 pt, or 16 pt in large print, where not given)."""
    return heading_height(1, size or current().floor(SMALLEST))


def headings_height(
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    named: bool = True,
    letters: float = 0.0,
) -> float:
    """The height the table's heading needs for its tallest cell (and a
    slip's letters, at `letters` points)."""
    tallest = max(
        heading.height() if heading.sideways else lines_height(lines)
        for heading, lines in zip(
            plan.headings, heading_cells(sheet, plan, named), strict=True
        )
    )
    room = current().floor(SMALLEST) * 0.8
    return tallest + room + (letters_band(letters) if sheet.slip else 0)


def roomier(
    sheet: GameSheet,
    plan: grid_columns.ColumnPlan,
    head: float,
    named: bool = True,
) -> tuple[grid_columns.ColumnPlan, float]:
    """`plan` and the size of a slip's letters, in a table's heading `head`
    high: the letters at 9 pt (ROOMY) where the heading has room for them,
    then each heading set smaller than HEAD_SIZE to take fewer lines set
    larger on more lines, as far as the heading's room allows
    (printing.grid_columns.grown). The heading is no higher for it. (Large
    print's sizes are its own.)"""
    edition = current()
    letters = edition.floor(SMALLEST)
    if edition.is_large:
        return plan, letters
    if (
        sheet.slip
        and headings_height(sheet, plan, named, ROOMY) <= head + grid_columns.SLACK
    ):
        letters = ROOMY
    room = head - edition.floor(SMALLEST) * 0.8
    if sheet.slip:
        room -= letters_band(letters)
    titles = [
        tuple((text, font) for text, font, _c in t) for t in column_titles(sheet, named)
    ]
    grown = grid_columns.grown(
        titles,
        plan,
        size=HEAD_SIZE,
        height=room,
        most=3,
        pad=4.0,
        measure=lambda heading: heading.count * heading.size * HEADING_LEADING,
    )
    return grown, letters


def edges_of(x: float, plan: grid_columns.ColumnPlan) -> list[float]:
    """The left edge of each column, and the right edge of the last."""
    edges = [x]
    for room in plan.widths:
        edges.append(edges[-1] + room)
    return edges
