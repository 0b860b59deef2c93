"""The printed league's column headings keep as much room between two
columns' headings in large print as the usual edition does, for their size:
in large print the table's and the grid's headings stood 6 pt apart at 16 pt
(the cells' padding, the usual edition's 6 pt at 10 pt), about a space, so
"За турнир" and "За сдачу" read as "турнир сдачу", one heading.

Read back with poppler's `pdftotext -bbox`: on each line of a heading row,
two neighbouring words that are not two words of one heading ("Per drive")
stand at least half their size apart (the usual edition's are 0.6 of it).
Every language (Russian and Romanian words are the longest), both editions,
A4 and Letter."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from league import services as league_services
from printing import editions, league_pdf
from printing.league_sheet import DRIVE_COLUMNS, LEAGUE_COLUMNS, load_league_sheet
from tests.factories import PlayerFactory
from tests.printing.heading_gaps import crowded_headings
from tests.printing.printed import needs_pdftotext
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
NAMES = ("Zofia Głowacka", "Пётр Ильин", "Ana Popa", "Luca Neri", "Jan Bo")


def _season(club):
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    for index, lineup in enumerate([players[:4], players[1:]]):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index
        )
    set_order(club, "count_back", "shared", min_attendance=2)
    return league_services.season_create(
        club=club,
        name="Winter 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_two_columns_headings_stand_apart_as_in_the_usual_edition(
    club, language, edition, paper, tmp_path
):
    season = _season(club)
    with translation.override(language):
        sheet = load_league_sheet(season=season)
        printed = league_pdf.draw_league(
            sheet, paper=paper, edition=editions.EDITIONS[edition]
        )
        titles = [
            str(title) for _key, title, _share in (*LEAGUE_COLUMNS, *DRIVE_COLUMNS)
        ]
        titles += [" ".join(drive.lines()) for drive in sheet.grid.drives]
    measured, crowded = crowded_headings(printed.data, tmp_path, titles)
    # The table's, the drives' and the grid's heading rows are read.
    assert measured >= 8
    assert crowded == []
