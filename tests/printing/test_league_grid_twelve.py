"""A season of twelve drives, the grid of each player's drives as a club
secretary pins it up: on one page turned sideways wherever it stays readable
(its names and scores at 9 pt or more, each name whole on its line), else in
parts, each saying which drives it holds and repeating the place, the name
and the total. A Russian season with a name and patronymic printed on A4 as
two sideways pages of six drives at 10.5 pt, where at 9.5 pt all twelve fit
beside the names whole. Letter, narrower, and large print, which keeps its
16 pt, still need parts. Read back with pdftotext."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from printing import editions, league_pdf
from printing.league_sheet import LeagueSheet
from tests.printing.printed import needs_pdftotext, pages, pdf_text
from tests.printing.russian_league import GRID_TITLE, russian_league

pytestmark = needs_pdftotext

MONTHS = (
    "янв.", "февр.", "марта", "апр.", "мая", "июня",
    "июля", "авг.", "сент.", "окт.", "нояб.", "дек.",
)  # fmt: skip
NAMES = (
    "Екатерина Сергеевна Соколова",
    "Пётр Ильич Чайковский",
    "Ана Попа",
    "Лука Нери",
)
WORD = re.compile(
    r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<'
)
PART = "Турниры с"


def _sheet(drives: int) -> LeagueSheet:
    dates = [f"{12 + d} {MONTHS[d]}" for d in range(drives)]
    return russian_league(NAMES, dates, lambda d: str(10 + d), top=200)


def _grid_pages(text: str) -> list[str]:
    return [page for page in pages(text) if GRID_TITLE in page]


def test_twelve_drives_go_on_one_sideways_page_with_names_whole(tmp_path):
    with translation.override("ru"):
        printed = league_pdf.draw_league(_sheet(12), paper="a4")
    grid = _grid_pages(pdf_text(printed.data, tmp_path))
    assert len(grid) == 1
    assert PART not in grid[0]
    lines = grid[0].splitlines()
    for name in NAMES:
        # Whole on its line, with its total and its twelve scores.
        line = next(line for line in lines if name in line)
        assert line.split(name, 1)[1].split() == [
            str(200 - NAMES.index(name) - 1),
            *(str(10 + d) for d in range(12)),
        ]
    for day in range(12, 24):
        assert str(day) in grid[0].split()
    # Read at 9 pt or more: each name's and score's box.
    xml = pdf_text(printed.data, tmp_path, mode="-bbox")
    boxes = [
        (float(bottom) - float(top), unescape(word))
        for top, bottom, word in WORD.findall(xml)
    ]
    said = {w for name in NAMES for w in name.split()} | {
        str(10 + d) for d in range(12)
    }
    sizes = [height for height, word in boxes if word in said]
    assert len(sizes) > 12 * len(NAMES)
    assert min(sizes) >= 9 - 0.01


@pytest.mark.parametrize(
    ("paper", "edition"), [("letter", "standard"), ("a4", "large"), ("letter", "large")]
)
def test_a_season_too_long_for_one_page_goes_in_parts_that_say_so(
    tmp_path, paper, edition
):
    """Not even at 9 pt on Letter, nor in large print (16 pt): the twelve
    drives go in parts, each saying which drives it holds and repeating
    each name and total."""
    with translation.override("ru"):
        printed = league_pdf.draw_league(
            _sheet(12), paper=paper, edition=editions.EDITIONS[edition]
        )
    grid = _grid_pages(pdf_text(printed.data, tmp_path))
    assert len(grid) >= 2
    held = []
    for page in grid:
        found = re.search(r"Турниры с (\d+) по (\d+) из 12", " ".join(page.split()))
        assert found, page
        held += list(range(int(found[1]), int(found[2]) + 1))
        for rank, name in enumerate(NAMES, start=1):
            assert all(word in page.split() for word in name.split()), name
            assert str(200 - rank) in page.split()
    assert held == list(range(1, 13))
