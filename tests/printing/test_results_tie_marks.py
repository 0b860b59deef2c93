"""The printed results sheet marks each place a tie-break decided as the
final boards do ("5*") and says, under its heading, the boards' key to the
mark ("* Level on points: placed by count-back from the last hand."), in the
sheet's language. A place shared, or play going on: no mark and no key."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.factories import play_round
from tests.printing.printed import needs_pdftotext, pdf_text, render
from tests.prizes.fixtures import finished_tie, set_order, two_hand_drive
from tests.scoring.tie_marks import KEY

pytestmark = pytest.mark.django_db

# A standings row as pdftotext lays it out: rank (and its mark), number (in
# large print the name may wrap onto the lines either side).
ROW = re.compile(r"^\s*(\d+)(\*?)\s+(\d+)\s", re.MULTILINE)


def rows(text: str) -> list[tuple[int, int, bool]]:
    """(rank, number, marked) of each standings row of the sheet."""
    return [(int(rank), int(no), bool(mark)) for rank, mark, no in ROW.findall(text)]


def sheet(drive, language: str, tmp_path, **options) -> str:
    with translation.override(language):
        return pdf_text(render(drive, "results", **options).data, tmp_path)


@needs_pdftotext
@pytest.mark.parametrize("language", ["ru", "en-gb", "pl"])
@pytest.mark.parametrize("edition", ["standard", "large"])
def test_the_results_sheet_marks_a_broken_tie_and_says_why(
    club, language, edition, tmp_path
):
    set_order(club, "count_back", "hands_won")
    drive, seats = finished_tie(club)
    at = seats  # the seats' entry numbers (seats_of_hand_1)
    text = sheet(drive, language, tmp_path, edition=edition)
    overall = rows(text)[:4]
    assert overall == [
        (1, at["N"], False),
        (2, at["W"], True),
        (3, at["S"], True),
        (4, at["E"], False),
    ]
    # Every mark on a row of S or W (their group's board marks them too,
    # where they share a group), none on another.
    assert {no for _r, no, mark in rows(text) if mark} == {at["S"], at["W"]}
    # The key once, under the heading, before the standings (in large print
    # it may wrap: its words are read with the lines joined).
    # (The page's no-break space, as every space, read as one space.)
    key = " ".join(KEY[language].split())
    head = " ".join(text[: ROW.search(text).start()].split())
    assert f"* {key}" in head
    assert " ".join(text.split()).count(key) == 1


@needs_pdftotext
def test_a_shared_place_is_printed_shared_with_no_mark_and_no_key(club, tmp_path):
    set_order(club)  # no tie-breaks: level totals share their place
    drive, _seats = finished_tie(club)
    text = sheet(drive, "ru", tmp_path)
    assert [rank for rank, _n, _m in rows(text)[:4]] == [1, 2, 2, 4]
    assert "*" not in text


@needs_pdftotext
def test_no_mark_on_the_sheet_while_play_goes_on(club, tmp_path):
    set_order(club, "count_back", "hands_won")
    drive = two_hand_drive(club)
    play_round(drive, tricks=lambda deal: 9)
    text = sheet(drive, "pl", tmp_path)
    assert len(rows(text)) >= 4
    assert "*" not in text
