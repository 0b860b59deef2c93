"""The workbook's `Drive` sheet (printing.exports): the settings the scores
depend on, the game's rules in words, the movement's rule and the quality of
the rounds seated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook

from drive.game_pages import GAME_PAGES
from drive.models import Drive
from drive.movement.types import Seating
from drive.selectors import movement_rule
from printing.deal_sheets import DEALS_SHEET, EW_SCORE, GAMES_SHEET, NS_SCORE
from printing.rules_words import honours_words, revoke_words, rubber_rules_lines
from printing.sheets import add_sheet
from scoring import rubber
from scoring.rules import Scoring


def add_drive_sheet(
    workbook: Workbook,
    *,
    drive: Drive,
    seatings: Sequence[Seating],
    movement: str,
    game_rows: list[list[Any]],
    rule: str,
) -> None:
    """The Drive sheet, the settings the scores depend on: every drive's
    begins with the club, the drive, its date, venue, `movement` (the
    format's name) and hands, then `game_rows` (the game's own rules), and
    ends with the sit-outs' compensation, the state, the movement's `rule` in
    words and the quality of the rounds seated."""
    settings_rows = [
        [_("Club"), drive.club.name],
        [_("Drive"), drive.name],
        [_("Date"), drive.date],
        [_("Venue"), drive.venue],
        [pgettext("a drive's format, the label of its name", "Movement"), movement],
        [str(drive.words.hands_label), drive.hands],
        *game_rows,
        [_("Sit-out compensation"), drive.sit_out_compensation_text],
        [str(drive.words.sit_out_fixed_score), drive.sit_out_fixed_score],
        [_("State"), drive.get_state_display()],
        [_("Movement rule"), rule],
        [
            _("Movement quality"),
            # The game's own words, as the movement page says them: in
            # prediction whist, whom each player meets (nobody has a partner).
            GAME_PAGES[drive.game].quality_words(seatings)
            if seatings
            else _("not seated yet"),
        ],
    ]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Drive"),
        [_("Setting"), _("Value")],
        [28, 40],
        settings_rows,
    )


def prediction_movement_rule(drive: Drive) -> str:
    """The movement's rule in words; until drive.movement.describe has the
    prediction whist rule (the movement for tables of five is under way), the
    plain fact that the movement is fixed before play."""
    try:
        return movement_rule(drive=drive)
    except KeyError:
        return _(
            "Prediction whist: everyone's table and seat for every game is "
            "fixed before play."
        )


def hands_scoring_rows(
    drive: Drive, scoring: Scoring, *, revoked: bool
) -> list[list[Any]]:
    """The Drive sheet's scoring rows of a drive of hands: the rule and how
    honours and revokes score."""
    return [
        [_("Scoring"), drive.get_scoring_rule_display()],
        *_marks_settings(drive, scoring, revoked=revoked),
    ]


def rubber_scoring_rows(drive: Drive) -> list[list[Any]]:
    """The Drive sheet's scoring rows of a rubber drive: its rules in words."""
    settings = rubber.settings_of(drive)
    rows: list[list[Any]] = [[_("Scoring"), _("Rubbers: each pair scores its rubbers")]]
    rows += [
        [term, words]
        for term, words in rubber_rules_lines(settings, drive.rubber_preset)
    ]
    # The note names the Deals sheet's columns and the two sheets as this
    # workbook's language names them.
    names = {
        "ns": NS_SCORE,
        "ew": EW_SCORE,
        "deals": DEALS_SHEET,
        "games": GAMES_SHEET,
    }
    rows.append(
        [
            # Translators: the names of two sheets of the workbook.
            _("%(deals)s and %(games)s") % names,
            # Translators: %(ns)s and %(ew)s are two columns of the sheet
            # %(deals)s; %(games)s is another sheet.
            _(
                "%(ns)s and %(ew)s in %(deals)s are each side's points in the "
                "game score; a pair's total is its %(games)s bonuses and the "
                "rubber bonus for each rubber it won"
            )
            % names,
        ]
    )
    return rows


def _marks_settings(
    drive: Drive, scoring: Scoring, *, revoked: bool
) -> list[list[Any]]:
    """The Drive sheet's honours and revoke rules, where they can touch a score:
    a drive that counts honours has both; another, the revoke rule once a hand
    had a revoke (as the printed cards' columns)."""
    rows = []
    if drive.count_honours:
        rows.append([_("Honours"), honours_words(scoring)])
    if drive.count_honours or revoked:
        rows.append([_("Revoke penalty"), revoke_words(scoring)])
    return rows
