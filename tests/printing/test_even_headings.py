"""A grid's heading row reads as one: where some headings take two lines,
a heading that would fit one line only at 7 pt is set on two at the row's
size instead. A rubber slip in Russian had "Взятки С-Ю" at 8.5 pt on two
lines and "Взятки В-З" beside it at 7 pt on one (so too "Партия" and
"Подписи"), as if they were different kinds of column."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import documents, grid_columns, slip_pdf
from printing.fonts import register_fonts
from printing.grid_pdf import GridPiece
from printing.readable import ROOMY
from tests.printing.named_drives import FORMATS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fonts():
    register_fonts()


def test_a_heading_takes_the_rows_lines_rather_than_a_smaller_size():
    titles = ["Взятки С-Ю", "Взятки В-З"]
    # The first column is a little narrower: its heading cannot keep to one
    # line even at 7 pt; the second could, at 7 pt.
    plan = grid_columns.fit_headings(
        titles, [40.0, 48.0], [10.0, 10.0], size=8.5, smallest=7.0, pad=3
    )
    first, second = plan.headings
    assert first.count == 2 and first.size == 8.5
    assert (second.count, second.size) == (2, 8.5)
    assert plan.height == first.height()


def test_a_heading_alone_on_one_line_stays_so():
    plan = grid_columns.fit_headings(
        ["Взятки В-З"], [48.0], [10.0], size=8.5, smallest=7.0, pad=3
    )
    (heading,) = plan.headings
    assert heading.count == 1  # the row stays one line high


def test_a_russian_rubber_slips_headings_are_one_size(club, monkeypatch):
    """One size, and the slip a page to itself has room for 9 pt (ROOMY)."""
    seen: list[list[GridPiece]] = []
    pieces = slip_pdf.pieces_of_grid

    def recording(*args, **kwargs):
        found = pieces(*args, **kwargs)
        seen.append(found)
        return found

    monkeypatch.setattr(slip_pdf, "pieces_of_grid", recording)
    drive = FORMATS["rubber"](club)
    with translation.override("ru"):
        documents.render(
            drive=drive,
            options=documents.parse_options(kind="slips"),
            base_url="http://127.0.0.1:8000/",
        )
    assert seen
    headings = seen[-1][0].headings
    sizes = {round(h.size, 2) for h in headings if h.count and not h.sideways}
    assert sizes == {ROOMY}, [(h.lines, h.size) for h in headings if h.count]
