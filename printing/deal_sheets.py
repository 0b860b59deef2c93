"""The workbook's sheets of the hands played (printing.exports).

`Deals`: one row per table per hand, the seats by entry number, the tricks,
each side's score for the hand and the honours and revoke; a rubber drive's
scores are each side's points in the game score, and its `Games` sheet has a
row per game. A prediction whist drive's `Predictions`: a row per player per
deal. `Hands`: one row per entry, each hand's score and the running total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from openpyxl import Workbook

from drive.models import Drive, Entry
from drive.movement.types import Side
from drive.seat_letters import SEAT_LETTERS
from printing.content import ADJUSTMENTS_HEADING
from printing.sheets import add_sheet
from scoring.card_rows import revoke_text
from scoring.hand_plays import HandPlay
from scoring.rules import SIDE_CODES, Honours
from scoring.selectors import DriveScores, prediction_plays
from scoring.table_rubbers import TableRubbers

DEALS_SHEET = pgettext_lazy("workbook sheet", "Deals")
GAMES_SHEET = pgettext_lazy("workbook sheet", "Games")
NS_SCORE = gettext_lazy("NS score")
EW_SCORE = gettext_lazy("EW score")
DEALS_HEADERS = [
    gettext_lazy("Hand"),
    pgettext_lazy("workbook column", "Round"),
    gettext_lazy("Trumps"),
    gettext_lazy("Table"),
    *(SEAT_LETTERS[seat] for seat in "NESW"),
    gettext_lazy("NS tricks"),
    gettext_lazy("EW tricks"),
    NS_SCORE,
    EW_SCORE,
    gettext_lazy("Honours"),
    gettext_lazy("Revoke"),
]
DEALS_WIDTHS = [7, 7, 11, 7, 6, 6, 6, 6, 10, 10, 9, 9, 9, 8]
GAMES_HEADERS = [
    gettext_lazy("Table"),
    pgettext_lazy("workbook column", "Round"),
    gettext_lazy("Rubber"),
    pgettext_lazy("workbook column", "Game"),
    SIDE_CODES.words[Side.NS],
    SIDE_CODES.words[Side.EW],
    gettext_lazy("Winner"),
    gettext_lazy("Bonus"),
]
GAMES_WIDTHS = [7, 7, 8, 7, 6, 6, 8, 7]
PREDICTIONS_HEADERS = [
    pgettext_lazy("prediction whist", "Game"),
    pgettext_lazy("workbook column", "Deal"),
    pgettext_lazy("workbook column", "Kind"),
    gettext_lazy("Table"),
    gettext_lazy("No."),
    gettext_lazy("Seat order"),
    gettext_lazy("Prediction"),
    gettext_lazy("Tricks"),
    gettext_lazy("Points"),
]
PREDICTIONS_WIDTHS = [7, 6, 10, 7, 6, 11, 11, 8, 8]


def honours_cell(honours: str) -> str:
    """ "NS 3" (blank for none), as the Deals sheet writes a hand's honours."""
    return Honours(honours).text


GROUP_WIDTH = 12


def group_columns(drive: Drive, values: Sequence[Any]) -> list[Any]:
    """The Group column's `values` (its heading, its width or an entry's
    group) for `Results`, `Hands` and `Cards`, where the drive's format has
    groups (Drive.has_groups, from its format's definition); nothing in a
    format without them (partners, individual, rubber, prediction), whose
    entries keep a group nobody is shown: the column is left out rather than
    left blank."""
    return list(values) if drive.has_groups else []


def group_cell(drive: Drive, group: str) -> list[str]:
    """An entry's Group cell, as its group's label: none without groups."""
    return group_columns(drive, [drive.group_label(group)])


def deal_rows(
    played: Sequence[HandPlay], score: Callable[[HandPlay], list[Any]]
) -> list[list[Any]]:
    """The Deals sheet: a row per table per hand played, `score` giving each
    side's score of a deal played (blank for one not played)."""
    rows = []
    for deal in played:
        scores_row: list[Any] = [None, None]
        if deal.ns_tricks is not None:
            scores_row = score(deal)
        rows.append(
            [
                deal.hand,
                deal.round,
                deal.trumps.label,
                deal.table,
                deal.north,
                deal.east,
                deal.south,
                deal.west,
                deal.ns_tricks,
                deal.ew_tricks,
                *scores_row,
                honours_cell(deal.honours),
                revoke_text(deal.revoke),
            ]
        )
    return rows


def add_deals_sheet(workbook: Workbook, rows: list[list[Any]]) -> None:
    add_sheet(
        workbook,
        # Translators: the sheet of every table's hands (seats, tricks, each
        # side's score), not the sheet Hands (each player's score by hand):
        # name each by what it holds, two different names.
        str(DEALS_SHEET),
        DEALS_HEADERS,
        DEALS_WIDTHS,
        rows,
    )


def games_rows(rubbers: Sequence[TableRubbers]) -> list[list[Any]]:
    """The Games sheet: a row per game finished or cut by the bell, by round,
    table, rubber and game."""
    return [
        [
            row.table,
            row.round,
            row.rubber,
            row.game,
            row.ns,
            row.ew,
            "" if row.winner is None else SIDE_CODES[row.winner],
            row.bonus,
        ]
        for played in rubbers
        for row in played.game_rows()
    ]


def add_games_sheet(workbook: Workbook, rubbers: Sequence[TableRubbers]) -> None:
    add_sheet(
        workbook,
        str(GAMES_SHEET),
        GAMES_HEADERS,
        GAMES_WIDTHS,
        games_rows(rubbers),
    )


def prediction_rows(*, drive: Drive) -> list[list[Any]]:
    """The Predictions sheet: a row per player per deal, by hand and table,
    the deal's players in the order they predicted."""
    numbers = dict(
        Entry.objects.filter(drive=drive).values_list("pk", "number").order_by()
    )
    rows: list[list[Any]] = []
    for play in prediction_plays(drive=drive):
        deal = play.deal
        points = deal.points
        for seat in deal.order:
            entry = play.entries[seat] if seat < len(play.entries) else None
            rows.append(
                [
                    play.game,
                    deal.number,
                    str(deal.kind.label),
                    play.table,
                    numbers.get(entry) if entry is not None else None,
                    deal.seat_order(seat),
                    deal.predictions[seat],
                    deal.tricks[seat],
                    points[seat],
                ]
            )
    return rows


def add_predictions_sheet(workbook: Workbook, *, drive: Drive) -> None:
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Predictions"),
        PREDICTIONS_HEADERS,
        PREDICTIONS_WIDTHS,
        prediction_rows(drive=drive),
    )


def add_hands_sheet(workbook: Workbook, *, drive: Drive, scores: DriveScores) -> None:
    """One row per entry: each hand's score and the running total after it.

    A hand the entry did not play (sat out, not there, not played yet) has no
    score; the running total shows on every hand the room has played.
    """
    headers = [_("No."), _("Name"), *group_columns(drive, [_("Group")])]
    for hand in range(1, drive.hands + 1):
        headers += [
            str(drive.words.hand_column) % {"hand": hand},
            # Translators: the running total after hand %(hand)d.
            _("Total %(hand)d") % {"hand": hand},
        ]
    headers += [_("Score"), str(ADJUSTMENTS_HEADING), _("Total")]
    standing = {s.entry: s for s in scores.standings()}
    rows = []
    for record in sorted(scores.records, key=lambda r: r.number):
        row: list[Any] = [record.number, record.name, *group_cell(drive, record.group)]
        running = 0
        sat_out = set(record.sat_out_hands)
        for hand in range(1, drive.hands + 1):
            score = record.hand_scores.get(hand)
            if score is not None:
                running += score
            shown = score is not None or hand in sat_out
            row += [score, running if shown else None]
        total = standing[record.entry]
        row += [total.score, total.adjustment, total.total]
        rows.append(row)
    widths = [6, 28, *group_columns(drive, [GROUP_WIDTH])]
    widths += [7, 7] * drive.hands + [8, 11, 8]
    add_sheet(workbook, drive.words.hands_sheet, headers, widths, rows, name_columns=2)
