"""Read a drive from the database into the plain values the printed sheets are made of.

A handful of queries whatever the size of the drive: entries, tables, seats,
confirmed results, and (for filled-in cards and the results sheet) the
standings.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urljoin

from django.urls import reverse
from django.utils.translation import gettext as _

from drive.hall import wifi_join_text
from drive.models import (
    Drive,
    DriveState,
    Entry,
    Table,
)
from printing.content import ResultsSheet, results_sheet
from printing.exports import prize_rows
from printing.table_cards import TableCard, table_card
from scoring import prediction_rules
from scoring.card_plan import DrivePlan
from scoring.drive_plan import is_started
from scoring.selectors import board_groups, drive_scores


def load_table_cards(
    *, drive: Drive, plan: DrivePlan, base_url: str
) -> list[TableCard]:
    """Each table's card: the QR code is its captain link, or the drive's page
    while it has none; a second one joins the hall's Wi-Fi when the drive has it."""
    keys = dict(Table.objects.filter(drive=drive).values_list("number", "captain_key"))
    if drive.cards_in:
        keys = {}  # nothing is entered at a paper evening's tables
    drive_page = urljoin(base_url, reverse("drive:detail", kwargs={"pk": drive.pk}))
    cards = []
    for table in plan.tables:
        key = keys.get(table)
        url = (
            urljoin(base_url, reverse("scoring:captain", kwargs={"key": key}))
            if key
            else drive_page
        )
        cards.append(table_card(plan, table, url=url, is_captain_link=bool(key)))
    if drive.wifi_name:
        wifi = wifi_join_text(name=drive.wifi_name, password=drive.wifi_password)
        cards = [replace(card, wifi=wifi, wifi_name=drive.wifi_name) for card in cards]
    return cards


def large_print_numbers(*, drive: Drive) -> set[int]:
    """The entry numbers of the players who asked for a large-print card."""
    return set(
        Entry.objects.filter(drive=drive, large_print=True).values_list(
            "number", flat=True
        )
    )


def load_prediction_plan(*, drive: Drive, plan: DrivePlan) -> DrivePlan:
    """A prediction whist drive's plan with its tables: before the start, as
    many as the registered players fill at tables of four and five
    (scoring.prediction_rules.table_sizes); the stored ones once it has started."""
    if is_started(drive):
        return plan
    players = Entry.objects.filter(
        drive=drive, withdrawn_from_round__isnull=True
    ).count()
    tables = prediction_rules.table_sizes(players).tables
    return replace(plan, tables=tuple(range(1, tables + 1)))


def load_results_sheet(*, drive: Drive, plan: DrivePlan) -> ResultsSheet:
    scores = drive_scores(drive=drive)
    if drive.state == DriveState.FINISHED:
        status = _("Final results")
    elif is_started(drive):
        status = drive.words.standings_after(scores.hands_complete, drive.hands)
    else:
        status = _("Standings (no hands played yet)")
    # A drive of fixed pairs: one line for each pair (DriveScores.board).
    sections = [
        (title, scores.board(group=group))
        for title, _slug, group in board_groups(drive=drive)
    ]
    prizes = []
    if drive.state == DriveState.FINISHED:
        prizes = prize_rows(drive=drive, scores=scores)
    # Once finished: the final boards' mark and key (empty during play).
    tie_key = scores.tie_key(*(rows for _title, rows in sections))
    return results_sheet(
        plan, status=status, sections=sections, prizes=prizes, tie_key=tie_key
    )
