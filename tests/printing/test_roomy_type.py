"""The words a player reads once over a box or a column, on the sheets a
drive prints as usual, at 9 pt wherever the sheet has room for it: a score
card's No., Name and Group, a card's or slip's club and date, and the column
headings (printing.readable.ROOMY). Older players read them at the table;
they were 8 pt (the labels, a slip's club and date), 8.5 pt (the headings,
"Подписи С-Ю" on a Russian slip 8 pt) and 8 to 8.75 pt on prediction whist
slips.

Where 9 pt would cost the rows height or the sheet a page, the words keep
the smaller size they had, never under 8 pt: a 12-hand card four to a page,
whose heading row is tall with headings turned sideways, keeps its rows
(tests/printing/test_card_rows_writable.py) and its headings at 8.5 pt.

The sizes are read back from the PDF: poppler's `pdftotext -bbox` gives each
word's box, as high as its type is large (as wide, for a word turned to read
upwards)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.utils import translation

from drive.trumps import TRUMP_SYMBOLS, Trump
from printing import documents
from printing.readable import READABLE, ROOMY
from scoring.card_rows import CARD_COLUMNS
from tests.factories import drive_with_players, prediction_drive
from tests.predictions import play_deals
from tests.printing.printed import BASE, first_page_boxes, needs_pdftotext

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
WORD = re.compile(
    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)
SLACK = 0.01


@dataclass(frozen=True)
class Word:
    text: str
    left: float
    top: float
    right: float
    bottom: float

    @property
    def size(self) -> float:
        """The word's type size: its box's height, or its width where it is
        turned to read upwards (a box much taller than wide)."""
        height, width = self.bottom - self.top, self.right - self.left
        return width if height > 12 and height > 1.3 * width else height


def first_page(data: bytes, tmp_path) -> list[Word]:
    xml = first_page_boxes(data, tmp_path)
    return [
        Word(text, float(left), float(top), float(right), float(bottom))
        for left, top, right, bottom, text in WORD.findall(xml)
        if text.strip()
    ]


def above(words: list[Word], marks: set[str]) -> list[Word]:
    """The words over the first row of a sheet's grid: above the first word
    (from the top) that is one of `marks`, a value of that row."""
    first = min(word.top for word in words if word.text in marks)
    return [word for word in words if word.bottom <= first + SLACK]


def small(words: list[Word], size: float = ROOMY) -> dict[str, float]:
    return {
        word.text: round(word.size, 2) for word in words if word.size < size - SLACK
    }


def render(drive, kind: str, language: str, **options) -> documents.Printed:
    with translation.override(language):
        return documents.render(
            drive=drive,
            options=documents.parse_options(kind=kind, **options),
            base_url=BASE,
        )


# Hand 1's trumps (the default sequence starts with Hearts): the first row.
FIRST_ROW = {TRUMP_SYMBOLS[Trump.HEARTS]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_24_hand_card_and_slip_set_their_head_and_headings_at_9_pt(
    language, tmp_path
):
    drive = drive_with_players(players=8, hands=24)
    # Asked two to a page on A4: printed one to a page, as it was (rows of
    # 6 mm and more, figures of 8 pt and more).
    cards = render(drive, "scorecards", language, per_page=2, paper="a4")
    assert (cards.pages, cards.chosen_per_page, cards.per_page) == (8, 2, 1)
    head = above(first_page(cards.data, tmp_path), FIRST_ROW)
    with translation.override(language):
        labels = [translation.gettext(label) for label in ("No.", "Name", "Group")]
    assert {part for label in labels for part in label.split()} <= {
        word.text for word in head
    }
    assert small(head) == {}
    slips = render(drive, "slips", language)
    assert slips.pages == 2  # a table's slip a page, as usual
    head = above(first_page(slips.data, tmp_path), FIRST_ROW)
    assert len(head) > 15  # the kind, club, drive, date, table and headings
    assert small(head) == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_12_hand_card_four_to_a_page_keeps_its_rows(language, tmp_path):
    """Its heading row is tall, headings turned sideways: at 9 pt they
    would lower the rows, so they keep 8.5 pt (or less, never under 8);
    the header above the grid has the room, and is at 9 pt."""
    drive = drive_with_players(players=8, hands=12)
    cards = render(drive, "scorecards", language, per_page=4, paper="a4")
    assert (cards.pages, cards.chosen_per_page) == (2, None)
    head = above(first_page(cards.data, tmp_path), FIRST_ROW)
    with translation.override(language):
        titles = {
            word for _key, title, _share in CARD_COLUMNS for word in str(title).split()
        }
    grid_top = min(word.top for word in head if word.text in titles)
    header = [word for word in head if word.bottom <= grid_top + SLACK]
    assert len(header) >= 8  # club, date, title, No., Name, Group and values
    assert small(header) == {}
    assert small(head, READABLE) == {}


# Prediction whist slips: the headings whose column is too narrow for a word
# of theirs at 9 pt (a seat's, a deal's letters, the initials', a deal's
# "Свободная": all the slip can give them without narrowing the names'
# column) keep a smaller size, every part of a deal's heading alike.
NARROW = {
    "en-gb": (),
    "pl": (),
    "ru": ("Зак.", "5 Свободная Без козыря сдаёт: место 1"),
    "ro": ("Locul", "Nr."),
    "it": ("Sigle",),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_prediction_slip_sets_its_head_and_headings_at_9_pt(language, tmp_path):
    drive = prediction_drive(players=8, games=2)
    play_deals(drive)
    printed = render(drive, "slips", language)
    assert printed.chosen_per_page is None
    names = {entry.player.name.split()[0] for entry in drive.entries.all()}
    head = above(first_page(printed.data, tmp_path), names)
    assert len(head) > 40  # the slips' heads, eight deals' headings, letters
    narrow = small(head)
    assert set(narrow) <= {w for title in NARROW[language] for w in title.split()}
    assert small(head, READABLE) == {}
