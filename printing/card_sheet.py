"""The workbook's Cards sheet of a cards-in drive: a row per card typed in,
with what the site added to it (scoring.card_totals). It stands where a drive
scored hand by hand has its Deals and Hands sheets: no hand was entered."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl import Workbook

from drive.models import Drive
from printing.content import ADJUSTMENTS_HEADING
from printing.deal_sheets import GROUP_WIDTH, group_cell, group_columns
from printing.sheets import add_sheet
from scoring.selectors import DriveScores


def add_cards_sheet(workbook: Workbook, *, drive: Drive, scores: DriveScores) -> None:
    """The Cards sheet; its Group column only where the format has groups."""
    standing = {s.entry: s for s in scores.standings()}
    rows: list[list[Any]] = [
        [
            None,
            _(
                "The totals were typed from the players' own score cards at the "
                "end (cards in at the end): no hand was entered during play."
            ),
        ]
    ]
    for record in sorted(scores.records, key=lambda r: r.number):
        if record.card is None:
            continue
        row = standing[record.entry]
        rows.append(
            [
                record.number,
                record.name,
                *group_cell(drive, record.group),
                record.card.played,
                record.card.hands_won,
                record.card.total,
                row.sat_out,
                row.compensation,
                row.adjustments,
                row.total,
            ]
        )
    add_sheet(
        workbook,
        # Translators: the workbook sheet of the score cards typed in at the end.
        pgettext("workbook sheet", "Cards"),
        [
            _("No."),
            _("Name"),
            *group_columns(drive, [_("Group")]),
            _("Hands played"),
            _("Hands won"),
            _("Total on the card"),
            _("Hands sat out"),
            _("Sit-out compensation"),
            ADJUSTMENTS_HEADING,
            _("Total"),
        ],
        [6, 28, *group_columns(drive, [GROUP_WIDTH]), 9, 9, 10, 9, 12, 11, 8],
        rows,
        name_columns=2,  # No., Name
    )
