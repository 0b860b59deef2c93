"""A travel slip's two tricks columns side by side head alike: both on one
line, or both on as many. The Romanian slip as usual set "Levate N-S" on two
lines and "Levate E-V" beside it on one (each at 9 pt, the N-S column a
point short for its heading on one line: "N-S" is wider than "E-V"), so the
heading row read unevenly. Read back from the PDF (`pdftotext -bbox`): the
lines each heading's words stand on, in every language and edition."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.factories import drive_with_players
from tests.printing.printed import first_page_boxes, needs_pdftotext, render

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
WORD = re.compile(
    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)
Box = tuple[float, float, float, float, str]


def _lines(words: list[Box], heading: str) -> int | None:
    """How many lines a two-word heading stands on in its cell: 1 where its
    last word follows its first on the line, 2 where it stands under it
    (overlapping it across); None where it is not found so."""
    first, last = heading.split()
    for x0, top, x1, bottom, text in words:
        if text != first:
            continue
        height = bottom - top
        for a0, a_top, a1, _a_bottom, other in words:
            if other != last:
                continue
            if abs(a_top - top) < 0.1 and 0 <= a0 - x1 < height:
                return 1
            if 0 < a_top - top < 1.5 * height and a0 < x1 and a1 > x0:
                return 2
    return None


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tricks_columns_head_alike(club, tmp_path, language, edition):
    drive = drive_with_players(club=club, players=22, hands=12)
    with translation.override(language):
        boxes = first_page_boxes(render(drive, "slips", edition=edition).data, tmp_path)
        headings = gettext("N-S tricks"), gettext("E-W tricks")
    words = [
        (float(x0), float(top), float(x1), float(bottom), unescape(text))
        for x0, top, x1, bottom, text in WORD.findall(boxes)
    ]
    lines = [_lines(words, heading) for heading in headings]
    assert None not in lines, (headings, lines)
    assert lines[0] == lines[1], (headings, lines)
