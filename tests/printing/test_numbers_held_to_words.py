"""No printed sentence parts a number from the word before it: a table card
of a drive of 128 tables said in Romanian "... coborând de la masa 1 se
ajunge la masa" and put "128." at the start of the next line, and so in
every language ("table" / "128", "stolik" / "128", "стол" / "128"); a
person at the table read the number alone. So did a travel slip's notes and
the results sheet's rules in words. Each number is held to its word by a
no-break space (printing.fitting.held_numbers)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from printing import prediction
from printing.content import ResultsSheet
from printing.editions import EDITIONS
from printing.posters import draw_table_cards
from printing.results_pdf import draw_results
from printing.rules_words import rubber_rules_lines
from printing.slip_pdf import draw_travel_slips
from printing.slips import game_notes, slip_notes, travel_slip
from printing.table_cards import table_card
from scoring.rubber import RubberSettings
from tests.factories import CLUB_GROUP_NAMES
from tests.printing.parted_numbers import parted_numbers
from tests.printing.printed import needs_pdftotext, plan

pytestmark = needs_pdftotext

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
TABLES = 128
URL = "http://192.168.1.20:8000/t/0123456789abcdef0123456789abcdef/"


def _cards(language: str, format: str):
    group_a, group_b = CLUB_GROUP_NAMES[language]
    drive = plan(
        format=format,
        tables=tuple(range(1, TABLES + 1)),
        group_a_label=group_a,
        group_b_label=group_b,
        hands=24,
        winners_move=format == "semi-partner",
        pairs=2 * TABLES if format == "partners" else 0,
    )
    return [
        table_card(drive, table, url=URL, is_captain_link=True)
        for table in (1, 2, 99, TABLES - 1, TABLES)
    ]


@pytest.mark.parametrize(
    ("per_page", "edition"),
    [(1, "standard"), (2, "standard"), (4, "standard"), (1, "large")],
)
@pytest.mark.parametrize("format", ["progressive", "semi-partner", "partners"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_card_holds_each_number_to_its_word(
    tmp_path, language, format, per_page, edition
):
    with translation.override(language):
        printed = draw_table_cards(
            _cards(language, format),
            paper="a4",
            per_page=per_page,
            edition=EDITIONS[edition],
        )
    assert parted_numbers(printed.data, tmp_path) == []


# A rubber drive's rules with numbers of one and two figures: the game's
# target, the tricks a revoke costs, the rubber's bonus.
RUBBER_RULES = [
    RubberSettings(target=target, revoke_tricks=tricks, rubber_bonus=12, **more)
    for target in (3, 5, 7, 10, 13)
    for tricks in (1, 3, 10)
    for more in (
        {"settlement": "net"},
        {"bonus": "american", "honours_values": (10, 20)},
    )
]


@pytest.mark.parametrize(
    ("per_page", "edition"), [(1, "standard"), (2, "standard"), (1, "large")]
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_slips_notes_hold_each_number_to_its_word(
    tmp_path, language, per_page, edition
):
    """A Russian rubber slip two to a page put "0:0." (a new game's score)
    alone at the start of a note's line."""
    drive = plan(tables=tuple(range(1, TABLES + 1)), count_honours=True)
    parted = []
    with translation.override(language):
        for settings in RUBBER_RULES:
            slip = replace(
                travel_slip(drive, TABLES - 1),
                notes=slip_notes(drive) + tuple(game_notes(settings)),
            )
            printed = draw_travel_slips(
                [slip], paper="a4", per_page=per_page, edition=EDITIONS[edition]
            )
            parted += parted_numbers(printed.data, tmp_path)
    assert parted == []


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_sheets_rules_hold_each_number_to_its_word(
    tmp_path, language, edition
):
    """The rules in words on the results sheet: a Russian sheet said "...
    сторона, первой набравшая" and "13 очков." on the next line, a Polish
    one "gdy mają od 6 do" and "9 punktów."."""
    parted = []
    with translation.override(language):
        for settings in RUBBER_RULES:
            sheet = ResultsSheet(
                club="Riverside",
                drive="Friday drive",
                date="27 November 2026",
                status="Final",
                sections=(),
                rules=(*rubber_rules_lines(settings), *prediction.rules_lines()),
            )
            printed = draw_results(sheet, paper="a4", edition=EDITIONS[edition])
            parted += parted_numbers(printed.data, tmp_path)
    assert parted == []
