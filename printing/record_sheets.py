"""The workbook's sheets of the evening's record (printing.exports):
`Movement` (one row per table per round, and one per sit-out; a prediction
drive's has the fifth seat), `Adjustments` (sit-out compensation and the
organiser's adjustments, with reasons) and `Corrections` (every version of
each result entered more than once; a prediction drive's gives each seat's
predictions and tricks).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy
from openpyxl import Workbook

from drive.format_words import RoundWords
from drive.models import Drive, Entry, SeatAssignment
from drive.movement.types import DUMMY, Seating
from drive.seat_letters import SEAT_LETTERS
from drive.selectors import seat_label
from players.audit_words import source_words
from printing.deal_sheets import honours_cell
from printing.sheets import add_sheet
from scoring.card_rows import revoke_text
from scoring.models import Adjustment, HandResult
from scoring.prediction_card import SEAT_LETTERS as PREDICTION_SEATS
from scoring.selectors import (
    DriveScores,
)


def _local(moment: Any) -> Any:
    """A naive local datetime: spreadsheets know no time zones."""
    if moment is None:
        return None
    return timezone.localtime(moment).replace(tzinfo=None)


MOVEMENT_HEADERS = [
    pgettext_lazy("workbook column", "Round"),
    RoundWords.first_hand_column,
    RoundWords.last_hand_column,
    gettext_lazy("Table"),
    *(SEAT_LETTERS[seat] for seat in "NESW"),
    gettext_lazy("Sits out"),
    gettext_lazy("N name"),
    gettext_lazy("E name"),
    gettext_lazy("S name"),
    gettext_lazy("W name"),
    gettext_lazy("Sits out name"),
]


def add_movement_sheet(
    workbook: Workbook, *, drive: Drive, seatings: Sequence[Seating]
) -> None:
    """Every stored round: one row per table (seats by entry number), one per sit-out.

    A seat nobody holds at a table is the dummy hand of a three-handed table.
    """
    entries = {
        pk: (number, name)
        for pk, number, name in Entry.objects.filter(drive=drive).values_list(
            "pk", "number", "player__name"
        )
    }
    # Translators: the seat of a three-handed table's dummy hand.
    dummy = _("dummy")
    rows = []
    for round_number, seating in enumerate(seatings, start=1):
        hands = drive.hands_of_round(round_number)
        first, last = hands[0], hands[-1]
        for table in seating.tables:
            seats = (table.north, table.east, table.south, table.west)
            numbers = [entries[p][0] if p != DUMMY else dummy for p in seats]
            rows.append(
                [round_number, first, last, table.table, *numbers, None]
                + [entries[p][1] if p != DUMMY else dummy for p in seats]
                + [""]
            )
        for player in sorted(seating.sit_outs, key=lambda p: entries[p][0]):
            number, name = entries[player]
            rows.append(
                [round_number, first, last, None, None, None, None, None, number]
                + ["", "", "", "", name]
            )
    widths = [7, 10, 10, 7, 6, 6, 6, 6, 9, 24, 24, 24, 24, 24]
    add_sheet(
        workbook, pgettext("workbook sheet", "Movement"), MOVEMENT_HEADERS, widths, rows
    )


def prediction_movement_headers(drive: Drive) -> list[Any]:
    """A prediction drive's Movement columns. A round of prediction whist is a
    game of deals: the first three columns say so, in the format's words
    (drive.format_words; ro Joc, a rubber's game is a Partidă). Its seats are
    named as the drive's pages name them (drive.selectors.seat_label: "Seat
    1" to "Seat 5" in the order of play), not by the compass letters of the
    other formats."""
    seats = [seat_label(drive, letter) for letter in PREDICTION_SEATS]
    words = drive.words
    return [
        words.round_heading,
        words.first_hand_column,
        words.last_hand_column,
        MOVEMENT_HEADERS[3],
        *seats,
        MOVEMENT_HEADERS[8],
        # Translators: the workbook's column of the names of the players in
        # one seat of prediction whist; seat is the seat as the pages name
        # it, "Seat 3" ("Seat 3 name").
        *(_("%(seat)s name") % {"seat": seat} for seat in seats),
        MOVEMENT_HEADERS[13],
    ]


def add_prediction_movement_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """A prediction drive's Movement: a row per table per game (seats 1 to 5
    in the order of play, by entry number, blank for a seat nobody holds),
    one per sit-out, read from the stored seats."""
    seats: dict[int, dict[int, dict[str, tuple[int, str]]]] = defaultdict(
        lambda: defaultdict(dict)
    )
    sit_outs: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for round_number, table, position, number, name in (
        SeatAssignment.objects.filter(round__drive=drive)
        .values_list(
            "round__number",
            "table__number",
            "position",
            "entry__number",
            "entry__player__name",
        )
        .order_by()
    ):
        if table is None:
            sit_outs[round_number].append((number, name))
        else:
            seats[round_number][table][position] = (number, name)
    rows: list[list[Any]] = []
    for round_number in sorted(set(seats) | set(sit_outs)):
        hands = drive.hands_of_round(round_number)
        first, last = hands[0], hands[-1]
        for table, at_table in sorted(seats[round_number].items()):
            held = [at_table.get(letter) for letter in PREDICTION_SEATS]
            rows.append(
                [round_number, first, last, table]
                + [None if seat is None else seat[0] for seat in held]
                + [None]
                + ["" if seat is None else seat[1] for seat in held]
                + [""]
            )
        for number, name in sorted(sit_outs[round_number]):
            rows.append(
                [round_number, first, last, None, *[None] * 5, number]
                + [""] * 5
                + [name]
            )
    widths = [7, 10, 10, 7, 6, 6, 6, 6, 6, 9, 24, 24, 24, 24, 24, 24]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Movement"),
        prediction_movement_headers(drive),
        widths,
        rows,
    )


ADJUSTMENT_HEADERS = [
    gettext_lazy("No."),
    gettext_lazy("Name"),
    pgettext_lazy("workbook column", "Kind"),
    gettext_lazy("Points"),
    gettext_lazy("Reason"),
    gettext_lazy("By"),
    gettext_lazy("When"),
]


def add_adjustments_sheet(
    workbook: Workbook, *, drive: Drive, scores: DriveScores
) -> None:
    """The sit-out compensation of each entry that sat out, its reason in the
    format's words ("8 deals sat out" in prediction whist: drive.words), then
    every organiser's adjustment."""
    rows: list[list[Any]] = []
    # The rule as it reads after the colon, in a sentence: "4 mani di
    # riposo: la media del giocatore stesso" (the form's choice is a label).
    said = drive.sit_out_compensation_text
    rule = said[:1].lower() + said[1:]
    for s in sorted(scores.standings(), key=lambda s: s.number):
        if s.sat_out:
            rows.append(
                [
                    s.number,
                    s.name,
                    _("Sit-out compensation"),
                    s.compensation,
                    drive.words.hands_sat_out(s.sat_out, rule),
                    "",
                    None,
                ]
            )
    for adjustment in (
        Adjustment.objects.filter(entry__drive=drive)
        .select_related("entry__player", "created_by")
        .order_by("entry__number", "created_at", "id")
    ):
        rows.append(
            [
                adjustment.entry.number,
                adjustment.entry.player.name,
                # Translators: the Kind of one row of the Adjustments sheet: one
                # adjustment, in the singular (beside "Sit-out compensation").
                _("Adjustment"),
                adjustment.points,
                adjustment.reason,
                adjustment.created_by.get_username() if adjustment.created_by else "",
                _local(adjustment.created_at),
            ]
        )
    add_sheet(
        workbook,
        # Translators: the sheet of points added or taken off (sit-out
        # compensation, the organiser's adjustments); not Corrections.
        pgettext("workbook sheet", "Adjustments"),
        ADJUSTMENT_HEADERS,
        [6, 28, 22, 8, 48, 14, 18],
        rows,
        name_columns=2,  # No., Name
    )


CORRECTION_HEADERS = [
    gettext_lazy("Hand"),
    gettext_lazy("Table"),
    gettext_lazy("Version"),
    gettext_lazy("NS tricks"),
    gettext_lazy("EW tricks"),
    gettext_lazy("Status"),
    gettext_lazy("Entered by"),
    gettext_lazy("Source"),
    gettext_lazy("Entered at"),
    gettext_lazy("Resolved by"),
    gettext_lazy("Resolved at"),
    gettext_lazy("Honours"),
    gettext_lazy("Revoke"),
]


def add_corrections_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """Every version of each result entered more than once, oldest first."""
    rows = [
        _version_row(
            result,
            (result.ns_tricks, result.ew_tricks),
            (honours_cell(result.honours), revoke_text(result.revoke)),
        )
        for result in _corrected_versions(drive)
    ]
    widths = [7, 7, 8, 10, 10, 22, 14, 18, 18, 14, 18, 9, 8]
    add_sheet(
        workbook,
        # Translators: the sheet of results entered more than once, every
        # version; not Adjustments (points added or taken off).
        pgettext("workbook sheet", "Corrections"),
        CORRECTION_HEADERS,
        widths,
        rows,
    )


PREDICTION_CORRECTION_HEADERS = [
    pgettext_lazy("workbook column", "Deal"),
    gettext_lazy("Table"),
    gettext_lazy("Version"),
    gettext_lazy("Predictions"),
    gettext_lazy("Tricks"),
    gettext_lazy("Status"),
    gettext_lazy("Entered by"),
    gettext_lazy("Source"),
    gettext_lazy("Entered at"),
    gettext_lazy("Resolved by"),
    gettext_lazy("Resolved at"),
]


def add_prediction_corrections_sheet(workbook: Workbook, *, drive: Drive) -> None:
    """Every version of each prediction deal entered more than once, oldest
    first: each seat's predictions and tricks in seat order (N, E, S, W, F)."""
    rows = [
        _version_row(result, (result.predictions, result.tricks))
        for result in _corrected_versions(drive)
    ]
    widths = [7, 7, 8, 14, 14, 22, 14, 18, 18, 14, 18]
    add_sheet(
        workbook,
        pgettext("workbook sheet", "Corrections"),
        PREDICTION_CORRECTION_HEADERS,
        widths,
        rows,
    )


def _corrected_versions(drive: Drive) -> list[HandResult]:
    """Every version of each result entered more than once: by hand, then
    table, then version, oldest first. The database finds which were (most
    drives have few or none); only their versions are loaded."""
    corrected = {
        (table, hand)
        for table, hand, _versions in HandResult.objects.filter(table__drive=drive)
        .values_list("table", "hand")
        .annotate(versions=Count("pk"))
        .filter(versions__gte=2)
        .order_by()
    }
    if not corrected:
        return []
    history: dict[tuple[int, int], list[HandResult]] = defaultdict(list)
    for result in HandResult.objects.filter(
        table__in={table for table, _hand in corrected},
        hand__in={hand for _table, hand in corrected},
    ).select_related("table", "entered_by", "resolved_by"):
        if (result.table_id, result.hand) in corrected:
            history[(result.hand, result.table.number)].append(result)
    return [
        result
        for _key, versions in sorted(history.items())
        for result in sorted(versions, key=lambda r: r.version)
    ]


def _version_row(result: HandResult, score: tuple, extra: tuple = ()) -> list:
    """A version's row of a corrections sheet: hand, table, version, the
    `score` cells, status, who entered it, the source, when, who resolved it
    and when, then the `extra` cells."""
    return [
        result.hand,
        result.table.number,
        result.version,
        *score,
        result.get_status_display(),
        result.entered_by.get_username() if result.entered_by else "",
        source_words(result.source),
        _local(result.created_at),
        result.resolved_by.get_username() if result.resolved_by else "",
        _local(result.resolved_at),
        *extra,
    ]
