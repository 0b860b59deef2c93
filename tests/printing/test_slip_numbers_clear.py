"""Every number on a travel slip stands clear of its cell's lines, and every
column that holds a number has a pencil's room for the widest number the slip
prints, in every language and both editions.

The large-print Romanian slip's N / E / S / V columns were squeezed to the
width of their digits ("15" and "10" touched their lines; "E" over a "7"
left no room to write a table's "22" by hand in the rounds to come): its
long headings ("Levate N-S", "Inițiale E-V") and trumps took the width.

Read back from the PDF: each number's box (`pdftotext -bbox`, whose box is
the type's size high) and the lines the page strokes (its drawing,
tests/printing/drawn_rules.py), the lines' own width allowed for."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from tests.factories import (
    drive_with_players,
    play_drive,
    rubber_drive,
    varied_tricks,
)
from tests.printing.drawn_rules import Rule, first_page_rules
from tests.printing.printed import first_page_boxes, needs_pdftotext, render

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
WORD = re.compile(
    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)"')
# A number's box stands this share of its size clear of each of its cell's
# lines (at 16 pt, 4 pt: a little more than the width of a pencil's line on
# either side; the squeezed Romanian "E" column left 1.5 pt).
CLEAR = 0.25


def _numbers(data: bytes, tmp_path) -> tuple[float, list[tuple[float, ...]]]:
    """The page's height and each number's box (x0, top, x1, bottom, digits)."""
    boxes = first_page_boxes(data, tmp_path)
    page = PAGE.search(boxes)
    assert page, boxes[:500]
    words = [
        (float(x0), float(top), float(x1), float(bottom), len(text))
        for x0, top, x1, bottom, text in WORD.findall(boxes)
        if unescape(text).isdigit()
    ]
    return float(page.group(2)), words


def _cell(rules: list[Rule], x0: float, x1: float, y: float) -> tuple[Rule, Rule]:
    """The upright lines either side of a box from `x0` to `x1` at height `y`."""
    across = [r for r in rules if r.upright and r.spans(y)]
    middle = (x0 + x1) / 2
    left = max((r for r in across if r.x0 <= middle), key=lambda r: r.x0)
    right = min((r for r in across if r.x0 >= middle), key=lambda r: r.x0)
    return left, right


def _drive(club, kind: str):
    if kind == "rubber":
        return rubber_drive(club)
    drive = drive_with_players(club=club, players=22, hands=12)
    return play_drive(drive, tricks=varied_tricks) if kind == "played" else drive


# A progressive drive's slips as printed before the evening (the first
# round's seats, the rest to write) and after it; a rubber drive's, with its
# game columns.
@pytest.mark.parametrize("kind", ["to-write", "played", "rubber"])
@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_number_stands_clear_of_its_cells_lines(
    club, tmp_path, language, edition, kind
):
    drive = _drive(club, kind)
    # The seats of the rounds to come are written in by hand, up to this.
    digits = len(str(max(drive.entries.values_list("number", flat=True))))
    with translation.override(language):
        data = render(drive, "slips", edition=edition).data
    height, numbers = _numbers(data, tmp_path)
    rules = first_page_rules(data)
    in_grid = []
    for x0, top, x1, bottom, length in numbers:
        y = height - (top + bottom) / 2
        if not any(r.upright and r.spans(y) and r.x0 < x0 for r in rules) or not any(
            r.upright and r.spans(y) and r.x0 > x1 for r in rules
        ):
            continue  # in the head or the notes, not in a cell
        in_grid.append((x0, x1, bottom - top, length, _cell(rules, x0, x1, y)))
    assert len(in_grid) >= 12 + 4, "the hands' and the first round's seats"
    tight = []
    for x0, x1, size, length, (left, right) in in_grid:
        inside = left.x0 + left.width / 2, right.x0 - right.width / 2
        clear = min(x0 - inside[0], inside[1] - x1)
        # The drive's highest entry number written into this cell by hand
        # (the figures are all one width).
        widest = (x1 - x0) / length * max(length, digits)
        room = (inside[1] - inside[0] - widest) / 2
        if min(clear, room) < CLEAR * size:
            tight.append((round(x0), round(clear, 1), round(room, 1), size))
    assert not tight, (language, edition, CLEAR * in_grid[0][2], tight)
