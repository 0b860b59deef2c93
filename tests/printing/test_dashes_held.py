"""No printed sentence starts a line with a dash: the catalogues hold each
spaced dash to the word before it (players.no_break.held_dashes), and the
sheets' sentences (a table card's moves, the results sheet's rules in words,
a slip's notes) break only at a breaking space, so "три онёра" never ends a
line above "— 2, четыре — 4". Read back with `pdftotext -bbox-layout`:
a line of a paragraph that starts with a dash under a line of words."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

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
from tests.printing.printed import needs_pdftotext, pdf_text, plan

pytestmark = needs_pdftotext

LANGUAGES = ("pl", "ru", "ro", "it")
URL = "http://192.168.1.20:8000/t/0123456789abcdef0123456789abcdef/"
BLOCK = re.compile(r"<block\b.*?</block>", re.S)
LINE = re.compile(r"<line\b.*?</line>", re.S)
WORD = re.compile(r"<word\b[^>]*>(.*?)</word>", re.S)
DASH = re.compile(r"[\u2013\u2014]")


def dashes_opening_lines(data: bytes, tmp_path) -> list[str]:
    """Each line of a paragraph (a pdftotext block) that starts with a dash
    under a line of words: "три онёра | — 2, четыре"."""
    found = []
    for block in BLOCK.findall(pdf_text(data, tmp_path, mode="-bbox-layout")):
        lines = [
            [unescape(word) for word in WORD.findall(line)]
            for line in LINE.findall(block)
        ]
        lines = [line for line in lines if line]
        for above, below in zip(lines, lines[1:], strict=False):
            if DASH.fullmatch(below[0].replace("\u00a0", " ").split()[0]):
                found.append(f"{' '.join(above)} | {' '.join(below)}")
    return found


# Every way of the rules in words that the catalogues say with a dash
# (honours' values, their limits, the revoke's penalties).
RUBBER_RULES = [
    RubberSettings(honours_limit=limit, revoke_penalty=penalty, **more)
    for limit in ("none", "not_last_point", "not_one_from_game")
    for penalty in ("tricks", "transfer", "deduct", "award")
    for more in (
        {"settlement": "net"},
        {"bonus": "american", "honours_values": (10, 20)},
        {"honours_values": (3, 4)},
    )
]


@pytest.mark.parametrize("edition", ["standard", "large"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_sheets_rules_hold_each_dash(tmp_path, language, edition):
    found = []
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
            found += dashes_opening_lines(printed.data, tmp_path)
    assert found == []


@pytest.mark.parametrize("per_page", [1, 2])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rubber_slips_notes_hold_each_dash(tmp_path, language, per_page):
    drive = plan(tables=tuple(range(1, 9)), count_honours=True)
    found = []
    with translation.override(language):
        for settings in RUBBER_RULES:
            slip = replace(
                travel_slip(drive, 7),
                notes=slip_notes(drive) + tuple(game_notes(settings)),
            )
            printed = draw_travel_slips(
                [slip], paper="a4", per_page=per_page, edition=EDITIONS["standard"]
            )
            found += dashes_opening_lines(printed.data, tmp_path)
    assert found == []


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("format", ["progressive", "semi-partner", "stationary"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_cards_moves_hold_each_dash(tmp_path, language, format, per_page):
    group_a, group_b = CLUB_GROUP_NAMES[language]
    drive = plan(
        format=format,
        tables=tuple(range(1, 13)),
        group_a_label=group_a,
        group_b_label=group_b,
        hands=24,
    )
    with translation.override(language):
        printed = draw_table_cards(
            [table_card(drive, t, url=URL, is_captain_link=True) for t in (1, 5, 12)],
            paper="a4",
            per_page=per_page,
            edition=EDITIONS["standard"],
        )
    assert dashes_opening_lines(printed.data, tmp_path) == []
