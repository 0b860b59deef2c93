"""A prediction whist (Wist) sheet's deal headings keep the dealer's seat
number with its word ("rozdaje:" over "miejsce 1"), never on a line of its
own: a Polish sheet printed "rozdaje: miejsce" over a lone "1", the Russian
"место" over "3". And no deal's heading is set under 9 pt to make the room
(a sheet read at arm's length in a hall): the columns beside the deals
turn their one-word headings sideways first (printing.grid_columns).

Read back from the PDF with poppler's `pdftotext -bbox-layout`: each line
pdftotext reads, its words and their boxes (a box is as high as its type is
large, as wide for a word turned to read upwards). Every language, score
sheets and slips, one and two a page on A4 and Letter, and large print."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape

import pytest
from django.utils import translation
from django.utils.translation import gettext as _

from printing import prediction_layout, prediction_pdf
from printing.editions import EDITIONS
from printing.prediction import GameSheet
from printing.readable import ROOMY
from tests.printing.parted_numbers import BARE_NUMBER
from tests.printing.printed import needs_pdftotext, pdf_text
from tests.printing.wist_sheets import wist_sheet

pytestmark = needs_pdftotext

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
LINE = re.compile(r"<line\b.*?</line>", re.S)
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
    re.S,
)
SLACK = 0.01
LETTER = re.compile(r"[^\W\d_]")
# Names as long as a club's roster has them, in each language's letters.
NAMES = {
    "en-gb": ("Margaret Fotheringham", "Bartholomew Higginbottom"),
    "pl": ("Małgorzata Wiśniewska", "Grzegorz Brzęczyszczykiewicz"),
    "ru": ("Александра Константинова", "Владимир Малиновский"),
    "ro": ("Ecaterina Bălănescu", "Constantin Dumitrescu"),
    "it": ("Giuseppina Santangelo", "Massimiliano Bonaventura"),
}


@dataclass(frozen=True)
class Word:
    text: str
    left: float
    top: float
    right: float
    bottom: float

    @property
    def size(self) -> float:
        """Its type's size: the box's height, or its width where it is
        turned to read upwards (a box much taller than wide)."""
        height, width = self.bottom - self.top, self.right - self.left
        return width if height > 12 and height > 1.3 * width else height


def lines_read(data: bytes, tmp_path) -> list[list[Word]]:
    """Every line pdftotext reads in the PDF, as its words."""
    xml = pdf_text(data, tmp_path, mode="-bbox-layout")
    return [
        [
            Word(unescape(text), float(left), float(top), float(right), float(bottom))
            for left, top, right, bottom, text in WORD.findall(line)
        ]
        for line in LINE.findall(xml)
    ]


def seat_word() -> str:
    """The word the dealer's seat number follows in the active language
    ("seat", "miejsce", "место", "locul", "posto")."""
    said = (_("dealer: seat %(seat)s") % {"seat": 4}).split()
    return said[said.index("4") - 1]


def heading_words(sheet: GameSheet) -> set[str]:
    """Every word of the sheet's column headings (the deals' and the others')."""
    return {
        word
        for title in prediction_layout.column_titles(sheet)
        for text, _font, _colour in title
        for word in text.split()
    }


def held_seats(
    lines: list[list[Word]], word: str, headings: set[str]
) -> tuple[list[Word], list[str]]:
    """The dealer's seat words read in the table's headings (a line of
    heading words alone, where pdftotext may read the columns' lines side
    by side: not a note's "the deal moves one seat on"), and each one's
    line where its number does not follow it on that line."""
    seats, parted = [], []
    for line in lines:
        words = [w for read in line for w in read.text.split()]
        if not all(w in headings or BARE_NUMBER.fullmatch(w) for w in words):
            continue
        for index, read in enumerate(line):
            text = read.text.replace("\u00a0", " ").split()
            if not text or text[0] != word:
                continue
            seats.append(read)
            after = text[1:] or [w.text for w in line[index + 1 : index + 2]]
            if not (after and BARE_NUMBER.fullmatch(after[0].split()[0])):
                parted.append(" ".join(w.text for w in line))
    return seats, parted


def _sheet(players: int, slip: bool, table: int, language: str) -> GameSheet:
    names = NAMES[language]
    return wist_sheet(players, slip, table, lambda seat: names[seat % len(names)])


@pytest.mark.parametrize(
    ("paper", "per_page", "edition"),
    [
        ("a4", 1, "standard"),
        ("a4", 2, "standard"),
        ("letter", 1, "standard"),
        ("letter", 2, "standard"),
        ("a4", 1, "large"),
        ("letter", 1, "large"),
    ],
)
@pytest.mark.parametrize("slip", [True, False], ids=["slip", "score-sheet"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deals_heading_keeps_the_dealers_seat_with_its_number(
    tmp_path, language, slip, paper, per_page, edition
):
    with translation.override(language):
        sheets = [_sheet(players, slip, 9, language) for players in (4, 5)]
        printed = prediction_pdf.draw_game_sheets(
            sheets, paper=paper, per_page=per_page, edition=EDITIONS[edition]
        )
        word = seat_word()
        said = {
            piece
            for deal in sheets[0].deals
            for line in deal.lines()
            for piece in line.split()
            if LETTER.search(piece)
        }
        headings = heading_words(sheets[0]) | heading_words(sheets[1])
    lines = lines_read(printed.data, tmp_path)
    seats, parted = held_seats(lines, word, headings)
    # Each sheet's eight deals name their dealer.
    assert len(seats) == 8 * len(sheets)
    assert parted == []
    # No word of a deal's heading set smaller for it: 9 pt, or large print's
    # own sizes.
    smallest = EDITIONS[edition].smallest_heading or ROOMY
    headings = [w for line in lines for w in line if w.text.split()[0] in said]
    assert len(headings) > 3 * 8 * len(sheets)
    assert {w.text: w.size for w in headings if w.size < smallest - SLACK} == {}
