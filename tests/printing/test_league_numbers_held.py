"""The printed league table's sentences hold each number to the word before
it, as table cards, slips and the results sheet do
(printing.fitting.held_numbers): its rules under the title and the grid's
legend never start a line with a bare number that belongs to the word
ending the line above. A Polish table on Letter started a line of its
rules with "2026," under "... 15 cze", an Italian one under "giu"; a
Russian one with "3;" under "Drive", and in large print with "12" under
"в засчитанных турнирах"; an English one in large print with "2026" under
"Sep". Every language, A4 and Letter, the usual edition and large print."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django.utils import translation

from drive.models import Drive
from drive.models.choices import ScoringRule
from league import services as league_services
from league.selectors import league
from printing import editions, league_pdf
from printing.league_sheet import league_sheet
from prizes.models import ClubScoringSettings
from tests.factories import PlayerFactory
from tests.printing.parted_numbers import parted_numbers
from tests.printing.printed import needs_pdftotext
from tests.printing.sheet_faults import keep
from tests.prizes.fixtures import finished_tie, set_order

pytestmark = [pytest.mark.django_db, needs_pdftotext]

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
# Names short enough for the table to stand upright, where the rules take
# the most lines.
NAMES = (
    "Zofia Głowacka",
    "Пётр Ильин",
    "Ana Popa",
    "Luca Neri",
    "Jan Bo",
    "Olga Li",
    "Ion Pop",
    "Eva Re",
)
PRINTED = datetime.date(2026, 12, 5)


@pytest.fixture
def season(club):
    """Twelve drives of four from eight players, four of them scored by
    every trick won; ties by count-back, then best single drive, then
    shared."""
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    for index in range(12):
        lineup = [players[(index + step) % len(players)] for step in (0, 1, 3, 6)]
        drive, _seats = finished_tie(
            club,
            players=lineup,
            date=datetime.date(2026, 1 + index, 10 + index),
            seed=index,
        )
        # Every third drive scored by every trick won: the rules name them
        # ("... 12 Mar 2026, Drive 3; 15 Jun 2026, Drive 6 ...").
        Drive.objects.filter(pk=drive.pk).update(
            name=f"Drive {index + 1}",
            scoring_rule=ScoringRule.TOTAL_TRICKS
            if index % 3 == 2
            else ScoringRule.ODD_TRICKS,
        )
    set_order(club, "count_back", "best_hand", "shared", best_of=8, min_attendance=3)
    return league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


# The club's settings the rules say in numbers: the best drives counted,
# the drives a player needs to qualify.
SETTINGS = [(best, needed) for best in (None, 8) for needed in (1, 2, 3, 5, 10, 12, 21)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_league_tables_rules_hold_each_number_to_its_word(
    season, tmp_path, language, edition, paper
):
    table = league(season=season)
    parted = []
    with translation.override(language):
        for best, needed in SETTINGS:
            settings = ClubScoringSettings(
                club=season.club, best_of=best, min_attendance=needed
            )
            sheet = league_sheet(
                dataclasses.replace(table, settings=settings), printed=PRINTED
            )
            printed = league_pdf.draw_league(
                sheet, paper=paper, edition=editions.EDITIONS[edition]
            )
            said = [*sheet.rules, sheet.grid.legend]
            parted += parted_numbers(printed.data, tmp_path, within=said)
            if (best, needed) == (8, 10):
                keep(printed, f"league-{language}-{edition}-{paper}")
    assert parted == []
