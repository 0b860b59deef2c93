"""A score card's last column holds its opponents' initials (a filled card
prints both opponents'; at the table they initial it), and its heading says
so in words no player reads as other words, whole where the column allows:
Polish "Parafy rywali" (it printed "Parafa przeciwn.", an abbreviation no
club would print), Italian "Sigle avversari" (it printed "Sigle avv.": *avv.*
is how Italian writes *avvocato*, so "the lawyer's initials"). Russian keeps
an abbreviation, as its whole words ("Подписи соперников") turn the 12-hand
card four to a page into two a page; it printed "Подп. против.", whose
*против.* reads as the word *против*, "against": now "Подп. соперн."
(locale/GLOSSARY.md, *opponents*).

The heading stays short: a 12-hand card four to a page sets it sideways on
one line, and a longer one makes its rows too low for four a page
(tests/printing/test_roomy_type.py). So each heading is read back from the
PDF (pdftotext -bbox) on that card, on A4 and on Letter, and on a drive's
and a rubber drive's cards, in both editions: every word whole, and none
set smaller than the grid sets a heading (8 pt; 14 pt in large print)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from printing import documents
from printing.editions import EDITIONS
from printing.fitting import SMALLEST_HEADING
from tests.factories import drive_with_players, rubber_drive
from tests.printing.printed import BASE, first_page_boxes, needs_pdftotext

pytestmark = [pytest.mark.django_db, needs_pdftotext]

# The heading's words, and the abbreviation it printed before.
WORDS = {
    "pl": ("Parafy rywali", "przeciwn."),
    "ru": ("Подп. соперн.", "против."),
    "it": ("Sigle avversari", "avv."),
}
WORD = re.compile(
    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)
# Each card: the drive, and the paper and cards a page it is printed on.
CARDS = {
    "a drive of 4 hands": ({"players": 9, "hands": 4}, "a4", 2),
    "12 hands, four to an A4 page": ({"players": 8, "hands": 12}, "a4", 4),
    "12 hands, four to a Letter page": ({"players": 8, "hands": 12}, "letter", 4),
    "a rubber drive, four to a page": (None, "a4", 4),
}


def sizes(data: bytes, tmp_path) -> dict[str, float]:
    """The first page's words and the size each is set at: its box's height,
    or its width where it is turned to read upwards (the smallest where a
    word comes more than once)."""
    found: dict[str, float] = {}
    for left, top, right, bottom, text in WORD.findall(
        first_page_boxes(data, tmp_path)
    ):
        height = float(bottom) - float(top)
        width = float(right) - float(left)
        size = width if height > 12 and height > 1.3 * width else height
        found[text] = min(size, found.get(text, size))
    return found


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_opponents_initials_column_says_its_words_whole(
    club, tmp_path, language, edition
):
    whole, short = WORDS[language]
    smallest = EDITIONS[edition].smallest_heading or SMALLEST_HEADING
    wrong = []
    for name, (settings, paper, per_page) in CARDS.items():
        if settings is None:
            drive = rubber_drive(club=club, players=8)
        else:
            drive = drive_with_players(club=club, **settings)
        with translation.override(language):
            printed = documents.render(
                drive=drive,
                options=documents.parse_options(
                    kind="blank-cards", paper=paper, per_page=per_page, edition=edition
                ),
                base_url=BASE,
            )
        words = sizes(printed.data, tmp_path)
        if short in words:
            wrong.append(f"{name}: {short!r}")
        for word in whole.split():
            if word not in words:
                wrong.append(f"{name}: no {word!r}")
            elif words[word] < smallest - 0.01:
                wrong.append(f"{name}: {word!r} at {words[word]:.2f} pt")
        if (
            edition == "standard"
            and per_page == 4
            and printed.per_page
            not in (
                None,
                4,
            )
        ):
            wrong.append(f"{name}: {printed.per_page} a page")
    assert wrong == []
