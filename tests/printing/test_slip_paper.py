"""A table's slip is written in by hand all evening: printed as usual it is
one to an A4 page, so that 24 hands have rows a pencil fits (7 mm) and
figures read at arm's length (10.5 pt). Two to a page gave rows of 4 mm and
figures of 6.6 pt (5.4 pt on a rubber slip, which also ran on over two
halves). Two to a page is still there when asked, and a prediction whist
game's slip, four rows, stays two to a page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from printing import documents
from printing.readable import sizes_of
from tests.factories import drive_with_players, prediction_drive
from tests.printing.printed import BASE, first_page_boxes, needs_pdftotext
from tests.printing.slip_rows import MM, hand_rows

pytestmark = pytest.mark.django_db


def render(drive, **options: object) -> documents.Printed:
    return documents.render(
        drive=drive,
        options=documents.parse_options(kind="slips", **options),  # type: ignore[arg-type]
        base_url=BASE,
    )


@needs_pdftotext
def test_a_drives_slips_are_one_to_a_page_with_rows_to_write_in(tmp_path):
    drive = drive_with_players(players=12, hands=24)
    printed = render(drive)
    assert printed.pages == 3  # three tables, a page each
    rows = hand_rows(printed.data, tmp_path)
    assert len(rows) == 24
    assert min(size for _top, size in rows) >= 10
    tops = sorted(top for top, _size in rows)
    assert min(b - a for a, b in zip(tops, tops[1:], strict=False)) >= 6.5 * MM
    # Two to a page, asked for, would set 24 hands' figures under 8 pt:
    # one to a page still, and said (printing.documents.render).
    two = render(drive, per_page=2)
    assert (two.pages, two.chosen_per_page, two.per_page) == (3, 2, 1)
    # A slip of 12 hands is two to a page when asked, at 8 pt or more.
    short = drive_with_players(players=12, hands=12)
    two = render(short, per_page=2)
    assert (two.pages, two.chosen_per_page) == (2, None)
    assert min(sizes_of(two.data)) >= 8


def test_a_prediction_games_slips_stay_two_to_a_page(tmp_path):
    drive = prediction_drive(players=8, games=2)
    assert render(drive).pages == render(drive, per_page=2).pages
    assert render(drive).pages < render(drive, per_page=1).pages


def test_the_print_section_says_what_usual_is(organiser_client, club):
    club.language = "pl"
    club.save()
    drive = drive_with_players(players=8, hands=2, club=club)
    wist = prediction_drive(players=8, games=1, club=club)

    def page(of) -> str:
        return organiser_client.get(
            reverse("drive:detail", kwargs={"pk": of.pk})
        ).content.decode()

    assert "Zwykle (2; protokoły rozdań stolików i karty stolików 1)" in page(drive)
    assert "Zwykle (2; karty stolików 1)" in page(wist)


def word_sizes(data: bytes, tmp_path, word: str) -> list[float]:
    xml = first_page_boxes(data, tmp_path)
    return [
        float(bottom) - float(top)
        for top, bottom, text in re.findall(
            r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', xml
        )
        if text == word
    ]


@needs_pdftotext
def test_a_slip_with_a_page_to_itself_sets_its_notes_at_9_pt(tmp_path):
    """The rules under the grid, read by the table: 9 pt where the slip has a
    page to itself (they were 7 pt grey under a third of a page left empty),
    8 pt two to a page, where the rows need the room (they were 7 pt)."""
    drive = drive_with_players(players=8, hands=24)
    # "Write the tricks each side won: ..."
    assert word_sizes(render(drive).data, tmp_path, "won:") == [9.0]
    short = drive_with_players(players=8, hands=12)
    two = word_sizes(render(short, per_page=2).data, tmp_path, "won:")
    assert two == [8.0, 8.0]  # two slips on the page
