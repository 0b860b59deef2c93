"""The printed results sheet's column headings keep as much room between two
columns' headings in large print as the usual edition does, for their size,
as the league's do (test_league_heading_gaps): the heading cells' padding was
3 pt at any size, so at 16 pt two headings stood 6 pt apart, about a space,
and two columns' headings read as one ("Rank No.", "Played Sat out").

Read back with poppler's `pdftotext -bbox`, as the league's test reads its
sheet: every language, both editions, A4 and Letter."""

from __future__ import annotations

import pytest
from django.utils import translation

from printing import editions
from printing.content import RESULT_COLUMNS
from printing.loading import load_results_sheet
from printing.results_pdf import draw_results
from scoring.drive_plan import load_plan
from tests.factories import drive_with_players, play_drive
from tests.printing.heading_gaps import crowded_headings
from tests.printing.printed import needs_pdftotext

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_two_columns_headings_stand_apart_as_in_the_usual_edition(
    club, language, edition, paper, tmp_path
):
    drive = drive_with_players(players=8, club=club, hands=4, hands_per_round=2)
    play_drive(drive)
    drive.refresh_from_db()
    with translation.override(language):
        sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
        printed = draw_results(sheet, paper=paper, edition=editions.EDITIONS[edition])
        titles = [str(title) for _key, title, _share in RESULT_COLUMNS]
    measured, crowded = crowded_headings(printed.data, tmp_path, titles)
    # The standings' heading row is read: its columns but the first stand
    # beside a neighbour.
    assert measured >= 4
    assert crowded == []
